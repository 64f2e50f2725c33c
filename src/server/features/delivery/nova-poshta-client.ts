import { z } from 'zod';
import type { Branch } from '../../../shared/orders.js';
import { UpstreamError } from '../../errors.js';

/**
 * Nova Poshta's JSON API (https://developers.novaposhta.ua/view/model/a0cf0f5f-8512-11ec-8ced-005056b2dbe1):
 * every call is a POST of `{ apiKey, modelName, calledMethod, methodProperties }`; the answer is
 * `{ success, data, errors, ... }` with HTTP 200 even when it failed.
 */

/** Under the 5 s the shopper is promised, leaving room for our own work. */
const TIMEOUT_MS = 4_000;

const WarehouseSchema = z.object({
  Ref: z.string(),
  Number: z.union([z.string(), z.number()]).transform(String),
  Description: z.string(),
});

const AnswerSchema = z.object({
  success: z.boolean(),
  data: z.array(z.unknown()).default([]),
  errors: z.array(z.string()).default([]),
});

export interface NovaPoshtaSettings {
  apiUrl: string;
  apiKey: string;
}

export async function fetchBranches(settings: NovaPoshtaSettings, city: string): Promise<Branch[]> {
  let response: Response;
  try {
    response = await fetch(settings.apiUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        apiKey: settings.apiKey,
        modelName: 'AddressGeneral',
        calledMethod: 'getWarehouses',
        // Nova Poshta reads '@' as "no city given".
        methodProperties: { CityName: city || '@' },
      }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
      throw new UpstreamError('Нова пошта не відповіла вчасно. Спробуйте ще раз або введіть відділення вручну', 'NOVA_POSHTA_TIMEOUT', 504);
    }
    throw unavailable(`unreachable: ${(error as Error).message}`);
  }
  if (!response.ok) throw unavailable(`HTTP ${response.status}`);
  const answer = AnswerSchema.safeParse(await response.json().catch(() => null));
  if (!answer.success) throw unavailable('unexpected answer shape');
  if (!answer.data.success) throw unavailable(`refused: ${answer.data.errors.join('; ')}`);
  // One odd record must not hide all the others.
  return answer.data.data.flatMap((item) => {
    const warehouse = WarehouseSchema.safeParse(item);
    return warehouse.success
      ? [{ ref: warehouse.data.Ref, number: warehouse.data.Number, description: warehouse.data.Description }]
      : [];
  });
}

function unavailable(detail: string): UpstreamError {
  const error = new UpstreamError(
    'Не вдалося отримати відділення Нової пошти. Спробуйте ще раз або введіть відділення вручну',
    'NOVA_POSHTA_UNAVAILABLE',
  );
  error.cause = detail;
  return error;
}
