import { z } from 'zod';
import type { CheckboxConfig } from '../../config.js';
import { isTimeout, upstreamFetch } from '../../observability/upstream.js';

/**
 * The bit of Checkbox's REST API (the software cash register, ПРРО) the shop uses, docs/fiscal.md:
 * a cashier's sign-in (POST /api/v1/cashier/signin, or …/signinPinCode with the licence key), the
 * cashier's shift (GET /api/v1/cashier/shift, POST /api/v1/shifts, GET /api/v1/shifts/{id}, POST
 * /api/v1/shifts/close for the Z-report) and receipts (POST /api/v1/receipts/sell with our own id,
 * GET /api/v1/receipts/{id}). Every call carries X-Client-Name, as Checkbox requires.
 */

const TIMEOUT_MS = 10_000;
const CLIENT_NAME = 'homebrew-shop';
const CLIENT_VERSION = '1';

const TokenSchema = z.object({ access_token: z.string().min(1) });
const ShiftSchema = z.object({ id: z.string(), status: z.string(), serial: z.number().optional() });
export type CheckboxShift = z.infer<typeof ShiftSchema>;
const ReceiptSchema = z.object({
  id: z.string(),
  status: z.string(),
  fiscal_code: z.string().nullable().optional(),
  total_sum: z.number().optional(),
});
export type CheckboxReceipt = z.infer<typeof ReceiptSchema>;

/** A receipt as Checkbox takes it: money in kopiykas, quantities in thousandths. */
/** A discount on one good, in Checkbox's shape: `VALUE` is kopiykas off the whole line. */
export interface GoodDiscount {
  type: 'DISCOUNT';
  mode: 'VALUE';
  value: number;
  name: string;
}

export interface ReceiptGood {
  good: { code: string; name: string; price: number };
  quantity: number;
  is_return?: boolean;
  discounts?: GoodDiscount[];
}

export interface ReceiptBody {
  goods: ReceiptGood[];
  payments: { type: 'CASH' | 'CASHLESS'; value: number; label?: string }[];
  delivery?: { email: string };
}

/** Checkbox could not be asked (timeout, network, 5xx, an answer we cannot read): try again later. */
export class CheckboxUnavailable extends Error {}

/** Checkbox understood and refused (4xx): its `message`, and the status. */
export class CheckboxRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface CheckboxClientOptions {
  /** Between two reads of a shift or receipt Checkbox is still working on. */
  pollMs?: number;
  /** How many such reads before giving up for this round. */
  polls?: number;
  timeoutMs?: number;
}

export class CheckboxClient {
  private token: string | null = null;
  private readonly pollMs: number;
  private readonly polls: number;
  private readonly timeoutMs: number;

  constructor(
    private readonly settings: CheckboxConfig,
    options: CheckboxClientOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 1_000;
    this.polls = options.polls ?? 10;
    this.timeoutMs = options.timeoutMs ?? TIMEOUT_MS;
  }

  /** The cashier's open shift; opens one when there is none and waits until Checkbox says OPENED. */
  async ensureOpenShift(): Promise<CheckboxShift> {
    const current = await this.currentShift();
    if (current?.status === 'OPENED') return current;
    // A shift still closing must close before the next one opens.
    if (current?.status === 'CLOSING') await this.waitForShift(current.id, 'CLOSED');
    const opening = current && (current.status === 'CREATED' || current.status === 'OPENING');
    const shift = opening ? current : await this.openShift();
    return this.waitForShift(shift.id, 'OPENED');
  }

  /** GET /cashier/shift: the cashier's current shift, or null. */
  async currentShift(): Promise<CheckboxShift | null> {
    const answer = await this.call('GET', '/cashier/shift');
    return answer === null ? null : parse(ShiftSchema, answer, 'shift');
  }

  /** Closes the cashier's shift with a Z-report; false when no shift was open. */
  async closeShift(): Promise<boolean> {
    const current = await this.currentShift();
    if (!current || current.status === 'CLOSED') return false;
    if (current.status !== 'CLOSING') await this.call('POST', '/shifts/close', {});
    await this.waitForShift(current.id, 'CLOSED');
    return true;
  }

  /** The receipt with our id, or null when Checkbox has none. */
  async findReceipt(id: string): Promise<CheckboxReceipt | null> {
    try {
      return parse(ReceiptSchema, await this.call('GET', `/receipts/${encodeURIComponent(id)}`), 'receipt');
    } catch (error) {
      if (error instanceof CheckboxRefusal && error.status === 404) return null;
      throw error;
    }
  }

  /**
   * Issues a sale (or, with `is_return` goods, a return) under our own id and waits until it is
   * fiscalized. A receipt Checkbox already has under this id is read back, never issued twice.
   */
  async issueReceipt(id: string, body: ReceiptBody): Promise<CheckboxReceipt> {
    let receipt = await this.findReceipt(id);
    if (!receipt) {
      try {
        receipt = parse(ReceiptSchema, await this.call('POST', '/receipts/sell', { id, ...body }), 'receipt');
      } catch (error) {
        // Made meanwhile (a timed-out earlier call that got through): the id says it is ours.
        const made = error instanceof CheckboxRefusal ? await this.findReceipt(id) : null;
        if (!made) throw error;
        receipt = made;
      }
    }
    for (let poll = 0; receipt.status !== 'DONE' && receipt.status !== 'ERROR' && poll < this.polls; poll++) {
      await sleep(this.pollMs);
      receipt = (await this.findReceipt(id)) ?? receipt;
    }
    return receipt;
  }

  /** Where the shopper sees the receipt: Checkbox's public page of it. */
  publicUrl(id: string): string {
    return new URL(this.settings.apiUrl).hostname === 'api.checkbox.ua'
      ? `https://check.checkbox.ua/${id}`
      : `${this.settings.apiUrl}/api/v1/receipts/${id}/html`;
  }

  private async openShift(): Promise<CheckboxShift> {
    return parse(ShiftSchema, await this.call('POST', '/shifts', {}), 'shift');
  }

  private async waitForShift(id: string, status: 'OPENED' | 'CLOSED'): Promise<CheckboxShift> {
    for (let poll = 0; ; poll++) {
      const shift = parse(ShiftSchema, await this.call('GET', `/shifts/${encodeURIComponent(id)}`), 'shift');
      if (shift.status === status) return shift;
      if (poll >= this.polls) throw new CheckboxUnavailable(`Checkbox shift ${id} is still ${shift.status}`);
      await sleep(this.pollMs);
    }
  }

  /** One call with the cashier's token; a 401 (expired or revoked token) signs in again once. */
  private async call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    let response = await this.send(method, path, body, await this.accessToken());
    if (response.status === 401) {
      this.token = null;
      response = await this.send(method, path, body, await this.accessToken());
    }
    return readAnswer(response);
  }

  private async accessToken(): Promise<string> {
    if (this.token) return this.token;
    const { cashier } = this.settings;
    const response =
      'pinCode' in cashier
        ? await this.send('POST', '/cashier/signinPinCode', { pin_code: cashier.pinCode })
        : await this.send('POST', '/cashier/signin', { login: cashier.login, password: cashier.password });
    this.token = parse(TokenSchema, await readAnswer(response), 'sign-in').access_token;
    return this.token;
  }

  private async send(method: 'GET' | 'POST', path: string, body: unknown, token?: string): Promise<Response> {
    try {
      return await upstreamFetch('checkbox', `${this.settings.apiUrl}/api/v1${path}`, {
        method,
        headers: {
          accept: 'application/json',
          'x-client-name': CLIENT_NAME,
          'x-client-version': CLIENT_VERSION,
          'x-license-key': this.settings.licenseKey,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        timeoutMs: this.timeoutMs,
      });
    } catch (error) {
      if (isTimeout(error)) throw new CheckboxUnavailable('Checkbox did not answer in time');
      throw new CheckboxUnavailable(`Checkbox unreachable: ${(error as Error).message}`);
    }
  }
}

/** Checkbox answers errors as `{ "message": "…" }` (422: with `detail`); 5xx means try later. */
async function readAnswer(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  let json: unknown;
  try {
    json = text === '' ? null : JSON.parse(text);
  } catch {
    if (response.ok) throw new CheckboxUnavailable('Checkbox answered something that is not JSON');
  }
  if (response.ok) return json;
  if (response.status >= 500 || response.status === 429) throw new CheckboxUnavailable(`Checkbox answered ${response.status}`);
  const message = (json as { message?: unknown } | null)?.message;
  const detail = (json as { detail?: { msg?: unknown }[] } | null)?.detail;
  const details = Array.isArray(detail) ? detail.map((d) => d?.msg).filter((m) => typeof m === 'string') : [];
  throw new CheckboxRefusal(response.status, [typeof message === 'string' ? message : `Checkbox answered ${response.status}`, ...details].join(': '));
}

function parse<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new CheckboxUnavailable(`Checkbox answered an unexpected ${what} shape`);
  return parsed.data;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
