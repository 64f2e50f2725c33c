import { z } from 'zod';
import { isTimeout, upstreamFetch } from '../../observability/upstream.js';
import { AppError } from '../../errors.js';
import { RefundOutcomeUnknown, RefundRefused } from './refund-errors.js';

/**
 * The bit of PayPal's Orders v2 REST API the shop uses (docs/payments.md): an OAuth token
 * (POST /v1/oauth2/token), creating an order (POST /v2/checkout/orders), capturing it once the buyer
 * approved (POST /v2/checkout/orders/{id}/capture) and reading it (GET /v2/checkout/orders/{id}).
 * https://developer.paypal.com/docs/api/orders/v2/
 */

const TIMEOUT_MS = 5_000;

const TokenSchema = z.object({ access_token: z.string().min(1), expires_in: z.number().optional() });

const AmountSchema = z.object({ currency_code: z.string(), value: z.string() });
const CaptureSchema = z.object({
  id: z.string(),
  status: z.string(),
  amount: AmountSchema.optional(),
  custom_id: z.string().optional(),
});
export type PayPalCapture = z.infer<typeof CaptureSchema>;

export const PayPalOrderSchema = z.object({
  id: z.string(),
  status: z.string(),
  payer: z.object({ email_address: z.string().optional(), payer_id: z.string().optional() }).optional(),
  update_time: z.string().optional(),
  purchase_units: z
    .array(
      z.object({
        reference_id: z.string().optional(),
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
    return this.orderCall(`/v2/checkout/orders/${encodeURIComponent(id)}`, { method: 'GET' });
  }

  /**
   * Creates an order to capture `value` dollars for our order `customId`. The request id makes a
   * retried call return the same PayPal order instead of a second one. The buyer's window is set by
   * `payment_source.paypal.experience_context` (docs/payments.md): no shipping address asked (Nova
   * Poshta delivers), "Pay Now", the shop's name, Ukrainian, and our pages to return to.
   */
  async createOrder(order: {
    customId: string;
    value: string;
    description: string;
    requestId: string;
    experience: { brandName: string; returnUrl: string; cancelUrl: string };
  }): Promise<PayPalOrder> {
    const body = {
      intent: 'CAPTURE',
      purchase_units: [
        {
          reference_id: order.customId,
          custom_id: order.customId,
          description: order.description.slice(0, 127),
          amount: { currency_code: 'USD', value: order.value },
        },
      ],
      payment_source: {
        paypal: {
          experience_context: {
            brand_name: order.experience.brandName.slice(0, 127),
            shipping_preference: 'NO_SHIPPING',
            user_action: 'PAY_NOW',
            locale: 'uk-UA',
            return_url: order.experience.returnUrl,
            cancel_url: order.experience.cancelUrl,
          },
        },
      },
    };
    return this.orderCall('/v2/checkout/orders', { method: 'POST', body, requestId: order.requestId });
  }

  /** GET /v2/payments/captures/{id}: a capture's status now (PENDING, COMPLETED, DECLINED, FAILED, …). */
  async getCapture(id: string): Promise<PayPalCapture> {
    const path = `/v2/payments/captures/${encodeURIComponent(id)}`;
    let response = await this.request(path, await this.accessToken(), { method: 'GET' });
    if (response.status === 401) {
      this.token = null;
      response = await this.request(path, await this.accessToken(), { method: 'GET' });
    }
    if (response.status === 404) throw new AppError('PAYMENT_NOT_FOUND');
    if (!response.ok) throw upstream(`PayPal answered ${response.status}`);
    const parsed = CaptureSchema.safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw upstream('PayPal answered an unexpected capture shape');
    return parsed.data;
  }

  /**
   * POST /v2/payments/captures/{id}/refund: gives back `value` dollars of a completed capture
   * (docs/payments.md, "Refunds"). The request id makes a retried call return the same refund. A 4xx
   * (422 REFUND_AMOUNT_EXCEEDED, CAPTURE_FULLY_REFUNDED…, 404 for an unknown capture) is a certain
   * refusal; no answer, a 5xx or nonsense leaves the outcome unknown.
   */
  async refundCapture(captureId: string, refund: { value: string; requestId: string; note: string }): Promise<{ refundId: string; status: string }> {
    const path = `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`;
    const call = {
      method: 'POST' as const,
      body: { amount: { currency_code: 'USD', value: refund.value }, note_to_payer: refund.note.slice(0, 255) },
      requestId: refund.requestId,
    };
    // No token, no refund: that failure is certain, and answered as PayPal's unavailability.
    const token = await this.accessToken();
    let response: Response;
    try {
      response = await this.request(path, token, call);
      if (response.status === 401) {
        this.token = null;
        response = await this.request(path, await this.accessToken(), call);
      }
    } catch (error) {
      const timeout = error instanceof AppError && error.statusCode === 504;
      throw new RefundOutcomeUnknown('PayPal', timeout, (error as Error).message);
    }
    if (response.status >= 400 && response.status < 500) {
      const refusal = (await response.json().catch(() => null)) as { details?: { issue?: unknown }[]; name?: unknown } | null;
      const issue = refusal?.details?.[0]?.issue ?? refusal?.name;
      throw new RefundRefused('PayPal', typeof issue === 'string' ? issue : `HTTP ${response.status}`);
    }
    if (!response.ok) throw new RefundOutcomeUnknown('PayPal', false, `PayPal answered ${response.status}`);
    const parsed = z.object({ id: z.string(), status: z.string() }).safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw new RefundOutcomeUnknown('PayPal', false, 'PayPal answered an unexpected refund shape');
    if (parsed.data.status === 'FAILED' || parsed.data.status === 'CANCELLED') throw new RefundRefused('PayPal', parsed.data.status);
    return { refundId: parsed.data.id, status: parsed.data.status };
  }

  /** The id of a PayPal order's (first) capture: what a refund is made against. */
  async captureIdOf(paypalOrderId: string): Promise<string | null> {
    const order = await this.getOrder(paypalOrderId);
    return order.purchase_units[0].payments?.captures?.[0]?.id ?? null;
  }

  /** Captures an approved order; one PayPal already captured is read back instead. */
  async captureOrder(id: string): Promise<PayPalOrder> {
    const path = `/v2/checkout/orders/${encodeURIComponent(id)}/capture`;
    try {
      return await this.orderCall(path, { method: 'POST', body: {}, requestId: `capture-${id}` });
    } catch (error) {
      if (error instanceof PayPalRefusal && error.issue === 'ORDER_ALREADY_CAPTURED') return this.getOrder(id);
      if (error instanceof PayPalRefusal && error.issue === 'ORDER_NOT_APPROVED') {
        throw new AppError('PAYMENT_NOT_COMPLETED');
      }
      if (error instanceof PayPalRefusal) throw new AppError('PAYMENT_DECLINED');
      throw error;
    }
  }

  private async orderCall(path: string, call: { method: 'GET' | 'POST'; body?: unknown; requestId?: string }): Promise<PayPalOrder> {
    let response = await this.request(path, await this.accessToken(), call);
    if (response.status === 401) {
      // The cached token expired early or was revoked: one fresh try.
      this.token = null;
      response = await this.request(path, await this.accessToken(), call);
    }
    if (response.status === 404) throw new AppError('PAYMENT_NOT_FOUND');
    if (response.status === 422) {
      const refusal = (await response.json().catch(() => null)) as { details?: { issue?: unknown }[] } | null;
      const issue = refusal?.details?.[0]?.issue;
      throw new PayPalRefusal(typeof issue === 'string' ? issue : 'UNPROCESSABLE_ENTITY');
    }
    if (!response.ok) throw upstream(`PayPal answered ${response.status}`);
    const parsed = PayPalOrderSchema.safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw upstream('PayPal answered an unexpected order shape');
    return parsed.data;
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now()) return this.token.value;
    const { clientId, clientSecret, apiUrl } = this.settings;
    if (!clientId || !clientSecret) {
      throw new AppError('PAYPAL_NOT_CONFIGURED', undefined, { status: 502 });
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

  private request(path: string, token: string, call: { method: 'GET' | 'POST'; body?: unknown; requestId?: string }): Promise<Response> {
    return send(`${trimSlash(this.settings.apiUrl)}${path}`, {
      method: call.method,
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        // The full order back (not just id and links), so amounts and captures can be checked.
        ...(call.body === undefined ? {} : { 'content-type': 'application/json', prefer: 'return=representation' }),
        ...(call.requestId ? { 'paypal-request-id': call.requestId } : {}),
      },
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
    });
  }
}

/** PayPal's 422: the request was understood and refused (`details[0].issue` says why). */
class PayPalRefusal extends Error {
  constructor(readonly issue: string) {
    super(`PayPal refused: ${issue}`);
  }
}

async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await upstreamFetch('paypal', url, { ...init, timeoutMs: TIMEOUT_MS });
  } catch (error) {
    if (isTimeout(error)) {
      throw new AppError('PAYPAL_TIMEOUT');
    }
    throw upstream(`PayPal unreachable: ${(error as Error).message}`);
  }
}

/** The shopper reads a plain message; the detail stays in the error's cause for the log. */
function upstream(detail: string): AppError {
  const error = new AppError('PAYPAL_UNAVAILABLE');
  error.cause = detail;
  return error;
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');
