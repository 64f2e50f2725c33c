import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import { isTimeout, upstreamFetch } from '../../observability/upstream.js';
import { RefundOutcomeUnknown, RefundRefused } from './refund-errors.js';

/**
 * LiqPay API v3 (PrivatBank's card acquiring), docs/payments.md: the checkout form carries `data`
 * (base64 JSON) and `signature` = base64(sha1(private_key + data + private_key)); LiqPay's
 * callback to our server_url carries the same pair, form-encoded, signed the same way.
 */

export interface LiqPayKeys {
  publicKey: string;
  privateKey: string;
}

export function liqpaySignature(privateKey: string, data: string): string {
  return createHash('sha1')
    .update(privateKey + data + privateKey)
    .digest('base64');
}

export function liqpayCheckout(
  keys: LiqPayKeys,
  payment: { orderId: string; amount: number; description: string; resultUrl: string; serverUrl: string },
): { data: string; signature: string } {
  const params = {
    version: 3,
    public_key: keys.publicKey,
    action: 'pay',
    amount: payment.amount,
    currency: 'UAH',
    description: payment.description,
    order_id: payment.orderId,
    result_url: payment.resultUrl,
    server_url: payment.serverUrl,
  };
  const data = Buffer.from(JSON.stringify(params)).toString('base64');
  return { data, signature: liqpaySignature(keys.privateKey, data) };
}

/** The fields of LiqPay's callback the shop relies on (it sends many more). */
export const LiqPayCallbackDataSchema = z.looseObject({
  public_key: z.string().optional(),
  status: z.string(),
  amount: z.number(),
  /** With `reversed`: the amount returned, when LiqPay gives it apart from `amount`. */
  refund_amount: z.number().optional(),
  currency: z.string(),
  order_id: z.string(),
  payment_id: z.union([z.number(), z.string()]).optional(),
  transaction_id: z.union([z.number(), z.string()]).optional(),
  sender_card_mask2: z.string().optional(),
  end_date: z.number().optional(),
});
export type LiqPayCallbackData = z.infer<typeof LiqPayCallbackDataSchema>;

/** Checks the signature in constant time, then decodes `data`; a forged or garbled callback is a 400. */
export function verifyLiqPayCallback(privateKey: string, body: { data: string; signature: string }): LiqPayCallbackData {
  const expected = Buffer.from(liqpaySignature(privateKey, body.data));
  const given = Buffer.from(body.signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    throw new AppError('LIQPAY_BAD_SIGNATURE');
  }
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(body.data, 'base64').toString('utf8'));
  } catch {
    throw new AppError('LIQPAY_BAD_DATA');
  }
  const parsed = LiqPayCallbackDataSchema.safeParse(decoded);
  if (!parsed.success) throw new AppError('LIQPAY_BAD_DATA');
  return parsed.data;
}

const REFUND_TIMEOUT_MS = 10_000;

/** LiqPay's server API (`/api/request`) lives beside its checkout: the same host, so one setting serves both. */
export const liqpayRequestUrl = (checkoutUrl: string) => new URL('/api/request', checkoutUrl).toString();

/** One call of LiqPay's server API: `{ action, version: 3, public_key, ...params }` as signed `data`, form-encoded. */
function postLiqpayRequest(keys: LiqPayKeys & { checkoutUrl: string }, action: string, params: Record<string, unknown>, timeoutMs: number): Promise<Response> {
  const data = Buffer.from(JSON.stringify({ action, version: 3, public_key: keys.publicKey, ...params })).toString('base64');
  return upstreamFetch('liqpay', liqpayRequestUrl(keys.checkoutUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({ data, signature: liqpaySignature(keys.privateKey, data) }).toString(),
    timeoutMs,
  });
}

const LiqPayAnswerSchema = z.looseObject({
  result: z.string().optional(),
  status: z.string().optional(),
  payment_id: z.union([z.number(), z.string()]).nullish(),
  err_code: z.string().optional(),
  err_description: z.string().optional(),
});

/**
 * Refunds `amount` hryvnia of the order's LiqPay payment: POST /api/request with `data` (base64 JSON
 * `{ action: "refund", version: 3, public_key, order_id, amount }`) and its signature, as LiqPay's
 * API documents it (docs/payments.md, "Refunds"). LiqPay answers `result: "ok"` with the payment's
 * status (`reversed`), or `result: "error"` with `err_code`/`err_description`: a certain refusal.
 */
export async function liqpayRefund(
  keys: LiqPayKeys & { checkoutUrl: string },
  refund: { orderId: string; amount: number; key: string },
): Promise<{ refundId: string }> {
  let response: Response;
  try {
    response = await postLiqpayRequest(keys, 'refund', { order_id: refund.orderId, amount: refund.amount }, REFUND_TIMEOUT_MS);
  } catch (error) {
    throw new RefundOutcomeUnknown('LiqPay', isTimeout(error), (error as Error).message);
  }
  if (!response.ok) throw new RefundOutcomeUnknown('LiqPay', false, `LiqPay answered ${response.status}`);
  const answer = LiqPayAnswerSchema.safeParse(await response.json().catch(() => null));
  if (!answer.success) throw new RefundOutcomeUnknown('LiqPay', false, 'LiqPay answered an unexpected shape');
  const { result, status, payment_id, err_code, err_description } = answer.data;
  if (result === 'error' || status === 'error' || status === 'failure') {
    throw new RefundRefused('LiqPay', err_description ?? err_code ?? 'error');
  }
  if (result !== 'ok' || (status !== 'reversed' && status !== 'success')) {
    throw new RefundOutcomeUnknown('LiqPay', false, `LiqPay answered result ${result}, status ${status}`);
  }
  // LiqPay names the payment, not the refund: with the shop's key, each partial refund has its own id.
  return { refundId: `${payment_id ?? refund.orderId}:${refund.key}` };
}

const STATUS_TIMEOUT_MS = 5_000;

/**
 * What LiqPay says of the order's payment now: POST /api/request with the signed `data` of
 * `{ action: "status", version: 3, public_key, order_id }` (docs/payments.md, "Back from LiqPay").
 * The answer carries the callback's fields; `payment_not_found` (nothing paid yet) is null. No
 * answer or nonsense is a 502/504 the order page shows, changing nothing.
 */
export async function liqpayStatus(keys: LiqPayKeys & { checkoutUrl: string }, orderId: string): Promise<LiqPayCallbackData | null> {
  const unavailable = (detail: string) => {
    const error = new AppError('LIQPAY_UNAVAILABLE');
    error.cause = detail;
    return error;
  };
  let response: Response;
  try {
    response = await postLiqpayRequest(keys, 'status', { order_id: orderId }, STATUS_TIMEOUT_MS);
  } catch (error) {
    if (isTimeout(error)) throw new AppError('LIQPAY_TIMEOUT');
    throw unavailable((error as Error).message);
  }
  if (!response.ok) throw unavailable(`LiqPay answered ${response.status}`);
  const body: unknown = await response.json().catch(() => null);
  const answer = LiqPayAnswerSchema.safeParse(body);
  if (!answer.success) throw unavailable('LiqPay answered an unexpected shape');
  if (answer.data.result === 'error' || answer.data.status === 'error') {
    if (answer.data.err_code === 'payment_not_found') return null;
    throw unavailable(`LiqPay refused the status request: ${answer.data.err_code ?? ''} ${answer.data.err_description ?? ''}`);
  }
  const payment = LiqPayCallbackDataSchema.safeParse(body);
  if (!payment.success || payment.data.order_id !== orderId) throw unavailable('LiqPay answered an unexpected shape');
  return payment.data;
}
