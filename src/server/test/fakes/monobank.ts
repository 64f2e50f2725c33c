import { createSign, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenLocally } from './listen.js';

/**
 * monobank's acquiring API as the shop meets it (docs/payments.md), signing with a key pair of its
 * own (ECDSA P-256, as monobank's): `GET /api/merchant/pubkey` (the public key, base64 of its PEM),
 * `POST /api/merchant/invoice/create`, `GET /api/merchant/invoice/status`, `POST
 * /api/merchant/invoice/cancel`, every one refusing a wrong `X-Token` with 403 and a bad body with
 * 400, both as `{ errCode, errText }`. Its payment page (`pageUrl`) has a "pay" button that posts
 * the signed webhooks (`processing`, then `success`) to `webHookUrl` and redirects the browser to
 * `redirectUrl`; a second button pays with the webhooks sent ten seconds after the redirect, as
 * when the shopper is back before monobank's webhook.
 */
export interface FakeMonobankInvoice {
  invoiceId: string;
  status: string;
  amount: number;
  ccy: number;
  finalAmount: number;
  reference?: string;
  destination?: string;
  basketOrder: { name: string; qty: number; sum: number; code?: string }[];
  redirectUrl?: string;
  webHookUrl?: string;
  validity: number;
  createdDate: string;
  modifiedDate: string;
}

export interface FakeMonobank {
  url: string;
  token: string;
  invoices: Map<string, FakeMonobankInvoice>;
  /** Bodies of invoice/create as received. */
  created: Record<string, unknown>[];
  /** Our server's answers to the webhooks. */
  webhookStatuses: number[];
  pubkeyRequests: number;
  /** false: the payment page pays but sends no webhook (the shopper is back before it). */
  sendWebhooks: boolean;
  /** The next API call answers 500, garbage or never (until the client gives up). */
  failNext: null | 500 | 'garbage' | 'hang';
  /** Bodies of invoice/cancel as received. */
  cancels: Record<string, unknown>[];
  /** invoice/cancel's `status` when it returns money: `success`, or `processing` as monobank says while it works. */
  cancelStatus: 'success' | 'processing';
  /** invoice/cancel refuses the next refund with 400 and this errText, as monobank does for a refund it will not make. */
  refuseNextCancel: string | null;
  unhandled: string[];
  /** The status body of an invoice, exactly as the webhook and invoice/status carry it. */
  statusBody(invoiceId: string): string;
  /** X-Sign of a body with the current key. */
  sign(body: string): string;
  /** Moves an invoice to a status (a later modifiedDate) and returns its body. */
  setStatus(invoiceId: string, status: string, finalAmount?: number): string;
  /** Posts an invoice's current status to its webHookUrl, signed; returns our server's answer. */
  postWebhook(invoiceId: string, body?: string, signature?: string): Promise<{ status: number; body: unknown }>;
  /** A new key pair, as monobank rotates its key: webhooks are signed with it from now on. */
  rotateKey(): void;
  close(): Promise<void>;
}

const newKeyPair = () => generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
const refuse = (res: ServerResponse, status: number, errCode: string, errText: string) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ errCode, errText }));

export async function startFakeMonobank(): Promise<FakeMonobank> {
  let keys: { privateKey: KeyObject; publicKey: KeyObject } = newKeyPair();
  let lastModified = 0;
  // Each change strictly later than the one before, as monobank's modifiedDate.
  const nextModified = () => new Date((lastModified = Math.max(Date.now(), lastModified + 1))).toISOString();

  const fake: FakeMonobank = {
    url: '',
    token: `test-${randomBytes(12).toString('hex')}`,
    invoices: new Map(),
    created: [],
    webhookStatuses: [],
    pubkeyRequests: 0,
    sendWebhooks: true,
    failNext: null,
    cancels: [],
    cancelStatus: 'success',
    refuseNextCancel: null,
    unhandled: [],
    statusBody(invoiceId) {
      const invoice = fake.invoices.get(invoiceId);
      if (!invoice) throw new Error(`fake monobank: no invoice ${invoiceId}`);
      return JSON.stringify({
        invoiceId: invoice.invoiceId,
        status: invoice.status,
        ...(invoice.status === 'failure' ? { failureReason: 'Неправильний CVV код', errCode: '59' } : {}),
        amount: invoice.amount,
        ccy: invoice.ccy,
        finalAmount: invoice.finalAmount,
        createdDate: invoice.createdDate,
        modifiedDate: invoice.modifiedDate,
        reference: invoice.reference,
        destination: invoice.destination,
        ...(invoice.status === 'success' || invoice.status === 'reversed'
          ? {
              paymentInfo: {
                maskedPan: '444403******1902',
                approvalCode: '662476',
                rrn: '060189181768',
                paymentSystem: 'visa',
                paymentMethod: 'pan',
                fee: 0,
                country: '804',
              },
            }
          : {}),
      });
    },
    sign: (body) => createSign('SHA256').update(body).sign(keys.privateKey).toString('base64'),
    setStatus(invoiceId, status, finalAmount) {
      const invoice = fake.invoices.get(invoiceId);
      if (!invoice) throw new Error(`fake monobank: no invoice ${invoiceId}`);
      invoice.status = status;
      invoice.finalAmount = finalAmount ?? (status === 'success' ? invoice.amount : status === 'reversed' ? 0 : invoice.finalAmount);
      invoice.modifiedDate = nextModified();
      return fake.statusBody(invoiceId);
    },
    async postWebhook(invoiceId, body = fake.statusBody(invoiceId), signature = fake.sign(body)) {
      const invoice = fake.invoices.get(invoiceId);
      const answer = await fetch(String(invoice?.webHookUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-sign': signature },
        body,
      }).catch(() => null);
      fake.webhookStatuses.push(answer?.status ?? 0);
      return { status: answer?.status ?? 0, body: await answer?.json().catch(() => null) };
    },
    rotateKey() {
      keys = newKeyPair();
    },
    close: async () => {},
  };

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const route = `${req.method} ${url.pathname}`;
    const body = await readBody(req);

    // The browser on the payment page asks for the site's icon, as on monobank's own site.
    if (url.pathname === '/favicon.ico') return res.writeHead(204).end();
    // The payment page the shopper is sent to: no token, it is monobank's own site.
    const page = /^\/pay\/([\w-]+)$/.exec(url.pathname);
    if (page) return paymentPage(req, res, page[1], new URLSearchParams(body).get('webhook') === 'later');

    if (url.pathname.startsWith('/api/merchant/')) {
      if (req.headers['x-token'] !== fake.token) return refuse(res, 403, 'FORBIDDEN', "Unknown 'X-Token'");
      const failure = fake.failNext;
      fake.failNext = null;
      if (failure === 500) return refuse(res, 500, 'INTERNAL_ERROR', 'internal error');
      if (failure === 'garbage') return res.writeHead(200, { 'content-type': 'text/html' }).end('<html>502 Bad Gateway</html>');
      if (failure === 'hang') return; // never answers; the client's time limit ends it
    }
    switch (route) {
      case 'GET /api/merchant/pubkey':
        fake.pubkeyRequests++;
        return json(res, { key: Buffer.from(keys.publicKey.export({ type: 'spki', format: 'pem' }) as string).toString('base64') });
      case 'POST /api/merchant/invoice/create':
        return createInvoice(res, body);
      case 'GET /api/merchant/invoice/status': {
        const invoiceId = url.searchParams.get('invoiceId');
        if (!invoiceId) return refuse(res, 400, 'BAD_REQUEST', "empty 'invoiceId'");
        if (!fake.invoices.has(invoiceId)) return refuse(res, 404, 'NOT_FOUND', 'invoice not found');
        return res.writeHead(200, { 'content-type': 'application/json' }).end(fake.statusBody(invoiceId));
      }
      case 'POST /api/merchant/invoice/cancel':
        return cancelInvoice(res, body);
      default:
        // The browser on the payment page asks for /favicon.ico and such: not the shop's requests.
        if (url.pathname.startsWith('/api/')) fake.unhandled.push(route);
        return refuse(res, 404, 'NOT_FOUND', 'not found');
    }
  });

  function createInvoice(res: ServerResponse, raw: string) {
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      return refuse(res, 400, 'BAD_REQUEST', 'invalid json');
    }
    if (typeof body.amount !== 'number' || !Number.isInteger(body.amount)) return refuse(res, 400, 'BAD_REQUEST', "empty 'amount'");
    if (body.amount < 1) return refuse(res, 400, 'BAD_REQUEST', "invalid 'amount'");
    if (body.ccy !== undefined && body.ccy !== 980 && body.ccy !== 840 && body.ccy !== 978) return refuse(res, 400, 'BAD_REQUEST', "invalid 'ccy'");
    const info = (body.merchantPaymInfo ?? {}) as { reference?: unknown; destination?: unknown; basketOrder?: unknown };
    const basket = info.basketOrder ?? [];
    if (!Array.isArray(basket)) return refuse(res, 400, 'BAD_REQUEST', "invalid 'basketOrder'");
    for (const line of basket as Record<string, unknown>[]) {
      if (typeof line.name !== 'string' || !line.name) return refuse(res, 400, 'BAD_REQUEST', "empty 'basketOrder.name'");
      if (typeof line.qty !== 'number' || !(line.qty > 0)) return refuse(res, 400, 'BAD_REQUEST', "invalid 'basketOrder.qty'");
      if (typeof line.sum !== 'number' || !Number.isInteger(line.sum) || line.sum < 0) return refuse(res, 400, 'BAD_REQUEST', "invalid 'basketOrder.sum'");
    }
    for (const field of ['redirectUrl', 'webHookUrl'] as const) {
      if (body[field] !== undefined && !/^https?:\/\//.test(String(body[field]))) return refuse(res, 400, 'BAD_REQUEST', `invalid '${field}'`);
    }
    fake.created.push(body);
    const invoiceId = `p2_${randomBytes(10).toString('hex')}`;
    const now = nextModified();
    fake.invoices.set(invoiceId, {
      invoiceId,
      status: 'created',
      amount: body.amount,
      ccy: typeof body.ccy === 'number' ? body.ccy : 980,
      finalAmount: 0,
      reference: typeof info.reference === 'string' ? info.reference : undefined,
      destination: typeof info.destination === 'string' ? info.destination : undefined,
      basketOrder: basket as FakeMonobankInvoice['basketOrder'],
      redirectUrl: body.redirectUrl as string | undefined,
      webHookUrl: body.webHookUrl as string | undefined,
      validity: typeof body.validity === 'number' ? body.validity : 86_400,
      createdDate: now,
      modifiedDate: now,
    });
    return json(res, { invoiceId, pageUrl: `${fake.url}/pay/${invoiceId}` });
  }

  /** Answers to invoice/cancel by `extRef`: the same refund asked again is answered again, never paid twice. */
  const cancelsByRef = new Map<string, { invoiceId: string; amount: number; answer: Record<string, unknown> }>();

  /**
   * POST /api/merchant/invoice/cancel `{ invoiceId, extRef?, amount?, items? }`: returns `amount`
   * (kopiykas; all that is left without it) of a paid invoice; the invoice is then `reversed` with
   * `finalAmount` what stays paid, and its webhook goes out. An unpaid or unknown invoice, an amount
   * over what is left, or malformed `items` are refused with 400.
   */
  function cancelInvoice(res: ServerResponse, raw: string) {
    let body: { invoiceId?: unknown; extRef?: unknown; amount?: unknown; items?: unknown };
    try {
      body = JSON.parse(raw) as typeof body;
    } catch {
      return refuse(res, 400, 'BAD_REQUEST', 'invalid json');
    }
    fake.cancels.push(body);
    if (typeof body.invoiceId !== 'string' || !body.invoiceId) return refuse(res, 400, 'BAD_REQUEST', "empty 'invoiceId'");
    const invoice = fake.invoices.get(body.invoiceId);
    if (!invoice) return refuse(res, 404, 'NOT_FOUND', 'invoice not found');
    if (body.extRef !== undefined && (typeof body.extRef !== 'string' || body.extRef.length > 64)) return refuse(res, 400, 'BAD_REQUEST', "invalid 'extRef'");
    if (body.amount !== undefined && (typeof body.amount !== 'number' || !Number.isInteger(body.amount)))
      return refuse(res, 400, 'BAD_REQUEST', "invalid 'amount'");
    if (body.items !== undefined) {
      const valid =
        Array.isArray(body.items) &&
        (body.items as Record<string, unknown>[]).every((item) => typeof item.name === 'string' && typeof item.qty === 'number' && Number.isInteger(item.sum));
      if (!valid) return refuse(res, 400, 'BAD_REQUEST', "invalid 'items'");
    }
    const earlier = typeof body.extRef === 'string' ? cancelsByRef.get(body.extRef) : undefined;
    if (earlier) {
      if (earlier.invoiceId !== invoice.invoiceId || (body.amount !== undefined && body.amount !== earlier.amount)) {
        return refuse(res, 400, 'BAD_REQUEST', "'extRef' already used for another cancellation");
      }
      return json(res, earlier.answer);
    }
    const paid = invoice.status === 'success' || (invoice.status === 'reversed' && invoice.finalAmount > 0);
    if (!paid) return refuse(res, 400, 'BAD_REQUEST', 'invoice is not paid');
    const amount = typeof body.amount === 'number' ? body.amount : invoice.finalAmount;
    if (!(amount > 0) || amount > invoice.finalAmount) return refuse(res, 400, 'BAD_REQUEST', "invalid 'amount'");
    if (fake.refuseNextCancel) {
      const text = fake.refuseNextCancel;
      fake.refuseNextCancel = null;
      return refuse(res, 400, 'BAD_REQUEST', text);
    }
    fake.setStatus(invoice.invoiceId, 'reversed', invoice.finalAmount - amount);
    const answer = { status: fake.cancelStatus, createdDate: invoice.modifiedDate, modifiedDate: invoice.modifiedDate };
    if (typeof body.extRef === 'string') cancelsByRef.set(body.extRef, { invoiceId: invoice.invoiceId, amount, answer });
    if (fake.sendWebhooks) void fake.postWebhook(invoice.invoiceId);
    return json(res, answer);
  }

  async function paymentPage(req: IncomingMessage, res: ServerResponse, invoiceId: string, webhookLater: boolean) {
    const invoice = fake.invoices.get(invoiceId);
    if (!invoice) return res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' }).end('<h1>Рахунок не знайдено</h1>');
    if (req.method === 'POST') {
      if (invoice.status === 'created') {
        const processing = fake.setStatus(invoiceId, 'processing');
        const success = fake.setStatus(invoiceId, 'success');
        const send = async () => {
          if (!fake.sendWebhooks) return;
          await fake.postWebhook(invoiceId, processing);
          await fake.postWebhook(invoiceId, success);
        };
        if (webhookLater) setTimeout(() => void send(), 10_000);
        else await send();
      }
      return res.writeHead(303, { location: invoice.redirectUrl ?? fake.url }).end();
    }
    const uah = (kop: number) => `${(kop / 100).toFixed(2)} ₴`;
    const lines = invoice.basketOrder.map((line) => `<li>${escapeHtml(line.name)} × ${line.qty}: ${uah(line.sum * line.qty)}</li>`).join('');
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(
        `<!doctype html><html lang="uk"><head><meta name="viewport" content="width=device-width"><title>Оплата monobank</title></head><body>` +
          `<h1>${escapeHtml(invoice.destination ?? 'Оплата')}</h1><ul>${lines}</ul><p data-testid="amount">${uah(invoice.amount)}</p>` +
          `<form method="post"><button type="submit">Сплатити ${uah(invoice.amount)}</button>` +
          `<button type="submit" name="webhook" value="later">Сплатити, сповістивши магазин пізніше</button></form></body></html>`,
      );
  }

  const { origin, close } = await listenLocally(server);
  fake.url = origin;
  fake.close = close;
  return fake;
}

const json = (res: ServerResponse, body: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
