import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenLocally } from './listen.js';

/**
 * A local Checkbox (ПРРО) REST API with the calls the shop makes, in Checkbox's shapes
 * (docs/fiscal.md): `POST /api/v1/cashier/signin` (login, password) or `…/signinPinCode` (PIN with
 * the licence key), then with a Bearer token `GET /api/v1/cashier/shift`, `POST /api/v1/shifts`
 * (licence key; CREATED → OPENING → OPENED as it is read), `GET /api/v1/shifts/{id}`,
 * `POST /api/v1/shifts/close` (CLOSING → CLOSED), `POST /api/v1/receipts/sell` (CREATED → DONE with
 * a fiscal code) and `GET /api/v1/receipts/{id}`. Errors are `{ "message": … }`, validation errors
 * 422 with `detail`; every call needs X-Client-Name. Any other request is recorded in `unhandled`.
 */

interface Shift {
  id: string;
  serial: number;
  status: 'CREATED' | 'OPENING' | 'OPENED' | 'CLOSING' | 'CLOSED';
  opened_at: string | null;
  closed_at: string | null;
}

interface Good {
  good: { code: string; name: string; price: number };
  quantity: number;
  is_return?: boolean;
  discounts?: { type?: unknown; mode?: unknown; value?: unknown; name?: unknown }[];
}

export interface FakeReceipt {
  id: string;
  status: 'CREATED' | 'DONE' | 'ERROR';
  fiscal_code: string | null;
  shift_id: string;
  goods: Good[];
  payments: { type: string; value: number }[];
  delivery: { email?: string } | null;
  total_sum: number;
  /** Reads left before it is signed. */
  reads: number;
}

export interface FakeCheckbox {
  url: string;
  licenseKey: string;
  login: string;
  password: string;
  pinCode: string;
  /** Every call answers 503, as during an outage, while true. */
  down: boolean;
  /** Every call waits this long before answering (past the client's timeout: a timeout). */
  delayMs: number;
  /** The next receipt is made, but its answer is withheld this long (the client times out after Checkbox made it). */
  swallowNextReceiptMs: number;
  /** Receipts are signed after this many reads (0: DONE at once). */
  signingReads: number;
  /** The next receipts end in ERROR instead of DONE. */
  failSigning: boolean;
  receipts: Map<string, FakeReceipt>;
  shifts: Shift[];
  signIns: number;
  zReports: number;
  /** Every request as "METHOD /path". */
  requests: string[];
  unhandled: string[];
  /** The cashier's current shift (not closed), if any. */
  currentShift(): Shift | null;
  /** Opens a shift at once, as the cashier would from Checkbox's own app. */
  openShiftNow(): Shift;
  /** Forgets every token: the next call gets 401, as after Checkbox revokes a session. */
  revokeTokens(): void;
  close(): Promise<void>;
}

export async function startFakeCheckbox(): Promise<FakeCheckbox> {
  const tokens = new Set<string>();
  let serial = 0;
  const fake: FakeCheckbox = {
    url: '',
    licenseKey: `lic-${randomBytes(8).toString('hex')}`,
    login: 'test-cashier',
    password: 'cashier-password',
    pinCode: '1234',
    down: false,
    delayMs: 0,
    swallowNextReceiptMs: 0,
    signingReads: 1,
    failSigning: false,
    receipts: new Map(),
    shifts: [],
    signIns: 0,
    zReports: 0,
    requests: [],
    unhandled: [],
    currentShift: () => fake.shifts.find((shift) => shift.status !== 'CLOSED') ?? null,
    openShiftNow() {
      const shift = newShift();
      shift.status = 'OPENED';
      shift.opened_at = new Date().toISOString();
      return shift;
    },
    revokeTokens: () => tokens.clear(),
    close: async () => {},
  };

  function newShift(): Shift {
    const shift: Shift = { id: randomUUID(), serial: ++serial, status: 'CREATED', opened_at: null, closed_at: null };
    fake.shifts.push(shift);
    return shift;
  }

  function issueToken(res: ServerResponse) {
    const token = `eyJ${randomBytes(24).toString('base64url')}`;
    tokens.add(token);
    fake.signIns++;
    return sendJson(res, 200, { type: 'bearer', token_type: 'bearer', access_token: token });
  }

  const server = createServer(async (req, res) => {
    const raw = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://localhost');
    const path = url.pathname;
    fake.requests.push(`${req.method} ${path}`);
    if (fake.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, fake.delayMs));
    if (fake.down) return sendJson(res, 503, { message: 'Service Unavailable' });

    // The receipt's public page needs no session.
    const html = /^\/api\/v1\/receipts\/([^/]+)\/html$/.exec(path);
    if (req.method === 'GET' && html) {
      const receipt = fake.receipts.get(html[1]);
      if (!receipt) return sendJson(res, 404, { message: 'Чек не знайдено' });
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(`<html><body>Фіскальний чек ${receipt.fiscal_code ?? ''}</body></html>`);
    }

    if (!req.headers['x-client-name']) return sendJson(res, 400, { message: 'Не вказано заголовок X-Client-Name' });
    let body: Record<string, unknown> = {};
    if (raw) {
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        return sendJson(res, 422, { message: 'Validation error', detail: [{ loc: ['body'], msg: 'Invalid JSON', type: 'value_error.jsondecode' }] });
      }
    }

    if (req.method === 'POST' && path === '/api/v1/cashier/signin') {
      if (body.login !== fake.login || body.password !== fake.password) return sendJson(res, 403, { message: 'Невірний логін або пароль' });
      return issueToken(res);
    }
    if (req.method === 'POST' && path === '/api/v1/cashier/signinPinCode') {
      if (req.headers['x-license-key'] !== fake.licenseKey) return sendJson(res, 403, { message: 'Невірний ключ ліцензії каси' });
      if (body.pin_code !== fake.pinCode) return sendJson(res, 403, { message: 'Невірний пін-код' });
      return issueToken(res);
    }

    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!token || !tokens.has(token)) return sendJson(res, 401, { message: 'Not authenticated' });

    if (req.method === 'GET' && path === '/api/v1/cashier/shift') return sendJson(res, 200, fake.currentShift());

    if (req.method === 'POST' && path === '/api/v1/shifts') {
      if (req.headers['x-license-key'] !== fake.licenseKey) return sendJson(res, 403, { message: 'Невірний ключ ліцензії каси' });
      if (fake.currentShift()) return sendJson(res, 400, { message: 'Касир вже працює з даною касою' });
      return sendJson(res, 202, newShift());
    }
    if (req.method === 'POST' && path === '/api/v1/shifts/close') {
      const shift = fake.currentShift();
      if (!shift || shift.status !== 'OPENED') return sendJson(res, 400, { message: 'Зміну не відкрито' });
      shift.status = 'CLOSING';
      fake.zReports++;
      return sendJson(res, 202, shift);
    }
    const shiftPath = /^\/api\/v1\/shifts\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && shiftPath) {
      const shift = fake.shifts.find((s) => s.id === shiftPath[1]);
      if (!shift) return sendJson(res, 404, { message: 'Зміну не знайдено' });
      // Checkbox signs the opening and the Z-report in the background: each read moves it on.
      const answer = { ...shift };
      if (shift.status === 'CREATED') shift.status = 'OPENING';
      else if (shift.status === 'OPENING') Object.assign(shift, { status: 'OPENED', opened_at: new Date().toISOString() });
      else if (shift.status === 'CLOSING') Object.assign(shift, { status: 'CLOSED', closed_at: new Date().toISOString() });
      return sendJson(res, 200, answer);
    }

    if (req.method === 'POST' && path === '/api/v1/receipts/sell') {
      const refusal = checkReceipt(body);
      if (refusal) return sendJson(res, 422, { message: 'Validation error', detail: [refusal] });
      const shift = fake.currentShift();
      if (!shift || shift.status !== 'OPENED') return sendJson(res, 400, { message: 'Зміну не відкрито' });
      const id = typeof body.id === 'string' ? body.id : randomUUID();
      if (fake.receipts.has(id)) return sendJson(res, 400, { message: 'Чек з таким ідентифікатором вже існує' });
      const goods = body.goods as Good[];
      const receipt: FakeReceipt = {
        id,
        status: 'CREATED',
        fiscal_code: null,
        shift_id: shift.id,
        goods,
        payments: body.payments as FakeReceipt['payments'],
        delivery: (body.delivery as FakeReceipt['delivery']) ?? null,
        total_sum: goodsSum(goods),
        reads: fake.signingReads,
      };
      fake.receipts.set(id, receipt);
      signIfDue(receipt);
      if (fake.swallowNextReceiptMs > 0) {
        const wait = fake.swallowNextReceiptMs;
        fake.swallowNextReceiptMs = 0;
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
      return sendJson(res, 201, receiptJson(receipt));
    }
    const receiptPath = /^\/api\/v1\/receipts\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && receiptPath) {
      const receipt = fake.receipts.get(receiptPath[1]);
      if (!receipt) return sendJson(res, 404, { message: 'Чек не знайдено' });
      const answer = receiptJson(receipt);
      receipt.reads--;
      signIfDue(receipt);
      return sendJson(res, 200, answer);
    }

    fake.unhandled.push(`${req.method} ${path}`);
    console.error(`fake Checkbox: unhandled ${req.method} ${path}`);
    return sendJson(res, 501, { message: 'Not implemented in the fake' });
  });

  function signIfDue(receipt: FakeReceipt) {
    if (receipt.status !== 'CREATED' || receipt.reads > 0) return;
    if (fake.failSigning) {
      receipt.status = 'ERROR';
      return;
    }
    receipt.status = 'DONE';
    receipt.fiscal_code = `TEST-${randomBytes(4).toString('hex').toUpperCase()}`;
  }

  const { origin, close } = await listenLocally(server);
  fake.url = origin;
  fake.close = close;
  return fake;
}

const isInt = (value: unknown, min: number) => Number.isInteger(value) && (value as number) >= min;
const lineSum = (line: Good) => Math.round((line.good.price * line.quantity) / 1000);

/** What a good's discounts take off it (an extra charge adds): `VALUE` in kopiykas, `PERCENT` of the line's sum. */
const discountOf = (line: Good) =>
  (line.discounts ?? []).reduce(
    (off, d) => off + (d.type === 'EXTRA_CHARGE' ? -1 : 1) * (d.mode === 'PERCENT' ? Math.round((lineSum(line) * Number(d.value)) / 100) : Number(d.value)),
    0,
  );

const goodsSum = (goods: Good[]) => goods.reduce((sum, line) => sum + lineSum(line) - discountOf(line), 0);

/**
 * A good's `discounts` as Checkbox takes them: each `{ type: DISCOUNT|EXTRA_CHARGE, mode: VALUE|PERCENT,
 * value }`, a VALUE a whole number of kopiykas above 0, a PERCENT above 0 and at most 100; and no
 * discount may take a line below zero.
 */
function checkDiscounts(line: Good): string | null {
  if (line.discounts === undefined) return null;
  if (!Array.isArray(line.discounts)) return 'discounts must be a list';
  for (const d of line.discounts) {
    if (d?.type !== 'DISCOUNT' && d?.type !== 'EXTRA_CHARGE') return 'invalid discount type';
    if (d.mode === 'VALUE' ? !isInt(d.value, 1) : d.mode === 'PERCENT' ? !(typeof d.value === 'number' && d.value > 0 && d.value <= 100) : true) {
      return 'invalid discount value';
    }
  }
  if (discountOf(line) > lineSum(line)) return 'discount exceeds the good sum';
  return null;
}

/** What Checkbox refuses in a receipt: no goods or payments, malformed lines, payments that do not cover the sum. */
function checkReceipt(body: Record<string, unknown>): { loc: string[]; msg: string; type: string } | null {
  const { goods, payments } = body;
  if (!Array.isArray(goods) || goods.length === 0) return { loc: ['body', 'goods'], msg: 'ensure this value has at least 1 items', type: 'value_error' };
  if (!Array.isArray(payments) || payments.length === 0)
    return { loc: ['body', 'payments'], msg: 'ensure this value has at least 1 items', type: 'value_error' };
  for (const [i, line] of (goods as Good[]).entries()) {
    const good = line?.good;
    if (
      !good ||
      typeof good.code !== 'string' ||
      !good.code ||
      typeof good.name !== 'string' ||
      !good.name ||
      !isInt(good.price, 0) ||
      !isInt(line.quantity, 1)
    ) {
      return { loc: ['body', 'goods', String(i)], msg: 'invalid good', type: 'value_error' };
    }
    const discountRefusal = checkDiscounts(line);
    if (discountRefusal) return { loc: ['body', 'goods', String(i), 'discounts'], msg: discountRefusal, type: 'value_error' };
  }
  for (const [i, payment] of (payments as { type?: unknown; value?: unknown }[]).entries()) {
    if (!['CASH', 'CASHLESS', 'CARD'].includes(payment?.type as string) || !isInt(payment.value, 0)) {
      return { loc: ['body', 'payments', String(i)], msg: 'invalid payment', type: 'value_error' };
    }
  }
  if (body.id !== undefined && (typeof body.id !== 'string' || !/^[0-9a-f-]{36}$/i.test(body.id))) {
    return { loc: ['body', 'id'], msg: 'value is not a valid uuid', type: 'type_error.uuid' };
  }
  const paid = (payments as { value: number }[]).reduce((sum, p) => sum + p.value, 0);
  if (paid !== goodsSum(goods as Good[])) return { loc: ['body', 'payments'], msg: 'Сума оплат не відповідає сумі чека', type: 'value_error' };
  return null;
}

function receiptJson(receipt: FakeReceipt) {
  const { reads: _reads, ...shown } = receipt;
  return { ...shown, type: receipt.goods.some((g) => g.is_return) ? 'RETURN' : 'SELL' };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = '';
    req.on('data', (chunk) => (data += chunk));
    req.on('end', () => resolve(data));
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
