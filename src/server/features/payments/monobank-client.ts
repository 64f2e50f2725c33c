import { createPublicKey, createVerify, type KeyObject } from 'node:crypto';
import { z } from 'zod';
import { isTimeout, upstreamFetch } from '../../observability/upstream.js';
import { AppError } from '../../errors.js';
import { RefundOutcomeUnknown, RefundRefused } from './refund-errors.js';

/**
 * The bit of monobank's acquiring API (Plata by mono) the shop uses, docs/payments.md: creating an
 * invoice (POST /api/merchant/invoice/create), reading its status (GET /api/merchant/invoice/status),
 * the public key its webhooks are signed with (GET /api/merchant/pubkey), and refunds of a paid
 * invoice (POST /api/merchant/invoice/cancel). Every call carries the merchant's `X-Token`; a
 * refusal is `{ errCode, errText }`.
 */

const TIMEOUT_MS = 5_000;

/** ISO 4217 numeric code of the hryvnia: the only currency the shop charges through monobank. */
export const MONOBANK_UAH = 980;

/** One line of the invoice's basket: the shopper sees it on monobank's page (sum per unit, kopiykas). */
export interface MonobankBasketLine {
  name: string;
  qty: number;
  sum: number;
  code: string;
  unit?: string;
}

export interface MonobankInvoiceRequest {
  amount: number;
  ccy: number;
  merchantPaymInfo: { reference: string; destination: string; basketOrder: MonobankBasketLine[] };
  redirectUrl: string;
  webHookUrl: string;
  /** Seconds the invoice may be paid in. */
  validity: number;
  paymentType: 'debit';
}

const CreatedSchema = z.object({ invoiceId: z.string().min(1), pageUrl: z.url() });
export type MonobankInvoiceCreated = z.infer<typeof CreatedSchema>;

/** The invoice's state: the answer of invoice/status, and the body of every webhook. */
export const MonobankInvoiceStatusSchema = z.looseObject({
  invoiceId: z.string().min(1),
  status: z.string().min(1),
  amount: z.number().int(),
  ccy: z.number().int(),
  finalAmount: z.number().int().optional(),
  reference: z.string().optional(),
  createdDate: z.string().optional(),
  modifiedDate: z.string(),
  failureReason: z.string().optional(),
  errCode: z.string().optional(),
});
export type MonobankInvoiceStatus = z.infer<typeof MonobankInvoiceStatusSchema>;

const PubkeySchema = z.object({ key: z.string().min(1) });
/** invoice/cancel's answer: `processing` while monobank returns the money, `success` once returned, `failure`. */
const CancelSchema = z.looseObject({ status: z.string(), createdDate: z.string().optional(), modifiedDate: z.string().optional() });
const REFUND_TIMEOUT_MS = 10_000;

/** POST /api/merchant/invoice/cancel: `amount` (kopiykas) of the invoice back; `extRef` is the shop's refund id, so a retry refunds once. */
export interface MonobankCancelRequest {
  invoiceId: string;
  extRef: string;
  amount: number;
}
const RefusalSchema = z.object({ errCode: z.string(), errText: z.string().optional() });

export class MonobankClient {
  private publicKey: Promise<KeyObject> | null = null;

  constructor(private readonly settings: { token: string; apiUrl: string }) {}

  async createInvoice(invoice: MonobankInvoiceRequest): Promise<MonobankInvoiceCreated> {
    const response = await this.call('/api/merchant/invoice/create', { method: 'POST', body: JSON.stringify(invoice) });
    return parse(CreatedSchema, await response.json().catch(() => null), 'an unexpected invoice shape');
  }

  async invoiceStatus(invoiceId: string): Promise<MonobankInvoiceStatus> {
    const response = await this.call(`/api/merchant/invoice/status?invoiceId=${encodeURIComponent(invoiceId)}`, { method: 'GET' });
    return parse(MonobankInvoiceStatusSchema, await response.json().catch(() => null), 'an unexpected status shape');
  }

  /**
   * Returns `amount` of a paid invoice to the shopper (docs/payments.md, "Refunds"). A refusal
   * (4xx with monobank's `errCode`, or status `failure`) gave nothing back: RefundRefused. No
   * answer, a 5xx or nonsense may have: RefundOutcomeUnknown, so the refund stays pending.
   * `processing` counts as done: monobank has taken the refund and finishes it on its side.
   */
  async cancelInvoice(cancel: MonobankCancelRequest): Promise<{ status: string }> {
    let response: Response;
    try {
      response = await upstreamFetch('monobank', `${this.settings.apiUrl}/api/merchant/invoice/cancel`, {
        method: 'POST',
        body: JSON.stringify(cancel),
        headers: { 'x-token': this.settings.token, accept: 'application/json', 'content-type': 'application/json' },
        timeoutMs: REFUND_TIMEOUT_MS,
      });
    } catch (error) {
      throw new RefundOutcomeUnknown('monobank', isTimeout(error), (error as Error).message);
    }
    const body: unknown = await response.json().catch(() => null);
    if (response.status >= 400 && response.status < 500) {
      const refusal = RefusalSchema.safeParse(body);
      if (refusal.success) throw new RefundRefused('monobank', refusal.data.errText || refusal.data.errCode);
    }
    if (!response.ok) throw new RefundOutcomeUnknown('monobank', false, `monobank answered ${response.status}`);
    const answer = CancelSchema.safeParse(body);
    if (!answer.success) throw new RefundOutcomeUnknown('monobank', false, 'monobank answered an unexpected shape');
    if (answer.data.status === 'failure') throw new RefundRefused('monobank', 'повернення не вдалося');
    if (answer.data.status !== 'success' && answer.data.status !== 'processing') {
      throw new RefundOutcomeUnknown('monobank', false, `monobank answered status ${answer.data.status}`);
    }
    return { status: answer.data.status };
  }

  /**
   * Whether `signature` (X-Sign: base64 DER ECDSA over SHA-256 of the raw body) is monobank's.
   * The key is cached; monobank rotates it now and then, so a signature the cached key refuses gets
   * one more try with a freshly fetched key when `mayRefetch` (monobank asks merchants to fetch it
   * only then, never per webhook).
   */
  async verifyWebhook(rawBody: Buffer, signature: string, mayRefetch: boolean): Promise<boolean> {
    const signatureBytes = Buffer.from(signature, 'base64');
    if (signatureBytes.length === 0) return false;
    const check = (key: KeyObject) => createVerify('SHA256').update(rawBody).verify(key, signatureBytes);
    if (check(await this.key())) return true;
    if (!mayRefetch) return false;
    return check(await this.key(true));
  }

  private key(refetch = false): Promise<KeyObject> {
    if (!this.publicKey || refetch) {
      const fetching = this.fetchKey();
      // A failed fetch is not kept: the next webhook tries again.
      fetching.catch(() => {
        if (this.publicKey === fetching) this.publicKey = null;
      });
      this.publicKey = fetching;
    }
    return this.publicKey;
  }

  private async fetchKey(): Promise<KeyObject> {
    const response = await this.call('/api/merchant/pubkey', { method: 'GET' });
    const { key } = parse(PubkeySchema, await response.json().catch(() => null), 'an unexpected public key shape');
    try {
      // Base64 of a PEM "PUBLIC KEY" (X.509 SubjectPublicKeyInfo, P-256).
      return createPublicKey(Buffer.from(key, 'base64').toString('utf8'));
    } catch {
      throw upstream('monobank answered a public key that cannot be read');
    }
  }

  private async call(path: string, init: { method: 'GET' | 'POST'; body?: string }): Promise<Response> {
    let response: Response;
    try {
      response = await upstreamFetch('monobank', `${this.settings.apiUrl}${path}`, {
        ...init,
        headers: { 'x-token': this.settings.token, accept: 'application/json', ...(init.body ? { 'content-type': 'application/json' } : {}) },
        timeoutMs: TIMEOUT_MS,
      });
    } catch (error) {
      if (isTimeout(error)) throw new AppError('MONOBANK_TIMEOUT');
      throw upstream(`monobank unreachable: ${(error as Error).message}`);
    }
    if (response.ok) return response;
    const refusal = RefusalSchema.safeParse(await response.json().catch(() => null));
    const detail = refusal.success ? `${refusal.data.errCode}: ${refusal.data.errText ?? ''}` : 'no error body';
    // A refusal (a bad token, a field monobank will not take) is the shop's setup, not the shopper's input.
    throw upstream(`monobank answered ${response.status} ${detail}`);
  }
}

function parse<T>(schema: z.ZodType<T>, body: unknown, what: string): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw upstream(`monobank answered ${what}`);
  return parsed.data;
}

/** The shopper reads a plain message; the detail stays in the error's cause for the log. */
function upstream(detail: string): AppError {
  const error = new AppError('MONOBANK_UNAVAILABLE');
  error.cause = detail;
  return error;
}
