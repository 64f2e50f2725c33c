import { z } from 'zod';
import { BadInput, UpstreamError } from '../../errors.js';

/**
 * The bit of PayPal's REST API the shop needs to trust a payment: an OAuth token
 * (POST /v1/oauth2/token) and the order as PayPal knows it (GET /v2/checkout/orders/{id}).
 * https://developer.paypal.com/docs/api/orders/v2/#orders_get
 */

const TIMEOUT_MS = 5_000;

const TokenSchema = z.object({ access_token: z.string().min(1), expires_in: z.number().optional() });

const AmountSchema = z.object({ currency_code: z.string(), value: z.string() });
const CaptureSchema = z.object({ id: z.string(), status: z.string(), amount: AmountSchema.optional() });

export const PayPalOrderSchema = z.object({
  id: z.string(),
  status: z.string(),
  payer: z.object({ email_address: z.string().optional(), payer_id: z.string().optional() }).optional(),
  update_time: z.string().optional(),
  purchase_units: z
    .array(
      z.object({
        custom_id: z.string().optional(),
        amount: AmountSchema.optional(),
        payments: z.object({ captures: z.array(CaptureSchema).optional() }).optional(),
      }),
    )
    .min(1),
});
export type PayPalOrder = z.infer<typeof PayPalOrderSchema>;

export interface PayPalSettings {
  clientId: string | undefined;
  clientSecret: string | undefined;
  apiUrl: string;
}

export class PayPalClient {
  private token: { value: string; expiresAt: number } | null = null;

  constructor(private readonly settings: PayPalSettings) {}

  get configured(): boolean {
    return Boolean(this.settings.clientId && this.settings.clientSecret);
  }

  /** The order as PayPal has it; 400 when PayPal does not know the id. */
  async getOrder(id: string): Promise<PayPalOrder> {
    let response = await this.request(`/v2/checkout/orders/${encodeURIComponent(id)}`, await this.accessToken());
    if (response.status === 401) {
      // The cached token expired early or was revoked: one fresh try.
      this.token = null;
      response = await this.request(`/v2/checkout/orders/${encodeURIComponent(id)}`, await this.accessToken());
    }
    if (response.status === 404) throw new BadInput('PayPal не знає такого платежу', 'PAYMENT_NOT_FOUND');
    if (!response.ok) throw upstream(`PayPal answered ${response.status}`);
    const parsed = PayPalOrderSchema.safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw upstream('PayPal answered an unexpected order shape');
    return parsed.data;
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now()) return this.token.value;
    const { clientId, clientSecret, apiUrl } = this.settings;
    if (!clientId || !clientSecret) {
      throw new UpstreamError('Оплату PayPal не налаштовано на сервері', 'PAYPAL_NOT_CONFIGURED');
    }
    const response = await send(`${trimSlash(apiUrl)}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
    });
    if (!response.ok) throw upstream(`PayPal refused the token request: ${response.status}`);
    const parsed = TokenSchema.safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw upstream('PayPal answered an unexpected token shape');
    // Renew a minute early so a token never expires between our check and PayPal's.
    const lifetime = Math.max((parsed.data.expires_in ?? 300) - 60, 0) * 1000;
    this.token = { value: parsed.data.access_token, expiresAt: Date.now() + lifetime };
    return this.token.value;
  }

  private request(path: string, token: string): Promise<Response> {
    return send(`${trimSlash(this.settings.apiUrl)}${path}`, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    });
  }
}

async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
      throw new UpstreamError('PayPal не відповів вчасно. Спробуйте ще раз за хвилину', 'PAYPAL_TIMEOUT', 504);
    }
    throw upstream(`PayPal unreachable: ${(error as Error).message}`);
  }
}

/** The shopper reads a plain message; the detail stays in the error's cause for the log. */
function upstream(detail: string): UpstreamError {
  const error = new UpstreamError('Не вдалося перевірити платіж у PayPal. Спробуйте ще раз пізніше', 'PAYPAL_UNAVAILABLE');
  error.cause = detail;
  return error;
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');
