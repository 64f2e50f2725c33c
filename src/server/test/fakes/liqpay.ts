import { createHash, randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenLocally } from './listen.js';

/**
 * LiqPay's checkout page (`POST /api/3/checkout`, form-encoded `data` and `signature`), as the
 * browser meets it: it checks the signature with the merchant's private key, decodes `data`, then
 * (the card "paid") posts LiqPay's signed callback to `server_url` and redirects the browser to
 * `result_url`. A bad signature gets LiqPay's error page and no callback. Its server API
 * (`POST /api/request`) refunds payments (see serverApi).
 */
export interface FakeLiqPay {
  checkoutUrl: string;
  publicKey: string;
  privateKey: string;
  /** The status the next payments report: success, failure, sandbox… */
  status: string;
  /** What the checkout received, decoded. */
  checkouts: Record<string, unknown>[];
  /** Our server's answers to the callbacks. */
  callbackStatuses: number[];
  rejected: number;
  /**
   * Payments LiqPay holds, by the shop's order_id: made through the checkout, or registered by a
   * test (`addPayment`), with what has been refunded of them.
   */
  payments: Map<string, { paymentId: number; amount: number; refunded: number }>;
  addPayment(orderId: string, amount: number): number;
  /** The server API's requests (`POST /api/request`), decoded, as the shop sent them. */
  requests: Record<string, unknown>[];
  /** The next server API request fails so: a 500, or a body that is not JSON. */
  failNext: 'http500' | 'garbage' | null;
  close(): Promise<void>;
}

/** LiqPay's signature, as the fake checks it and as tests sign a callback with. */
export const liqpayFakeSignature = (privateKey: string, data: string) =>
  createHash('sha1')
    .update(privateKey + data + privateKey)
    .digest('base64');

export async function startFakeLiqPay(): Promise<FakeLiqPay> {
  const fake: FakeLiqPay = {
    checkoutUrl: '',
    publicKey: 'sandbox_i00000000001',
    privateKey: 'sandbox_fake-private-key-0123456789',
    status: 'success',
    checkouts: [],
    callbackStatuses: [],
    rejected: 0,
    payments: new Map(),
    addPayment(orderId, amount) {
      const paymentId = randomInt(1_000_000_000, 2_000_000_000);
      fake.payments.set(orderId, { paymentId, amount, refunded: 0 });
      return paymentId;
    },
    requests: [],
    failNext: null,
    close: async () => {},
  };
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method === 'POST' && url.pathname === '/api/request') {
      serverApi(fake, new URLSearchParams(await readBody(req)), res);
      return;
    }
    if (req.method !== 'POST' || url.pathname !== '/api/3/checkout') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    const form = new URLSearchParams(await readBody(req));
    const data = form.get('data') ?? '';
    const signature = form.get('signature') ?? '';
    let params: Record<string, unknown> | null;
    try {
      params = JSON.parse(Buffer.from(data, 'base64').toString('utf8')) as Record<string, unknown>;
    } catch {
      params = null;
    }
    if (!params || signature !== liqpayFakeSignature(fake.privateKey, data) || params.public_key !== fake.publicKey) {
      fake.rejected++;
      res.writeHead(400, { 'content-type': 'text/html; charset=utf-8' }).end('<html><body><h1>err_signature</h1></body></html>');
      return;
    }
    fake.checkouts.push(params);
    const paymentId = fake.addPayment(String(params.order_id), Number(params.amount));
    const callback = Buffer.from(
      JSON.stringify({
        payment_id: paymentId,
        action: 'pay',
        status: fake.status,
        version: 3,
        type: 'buy',
        paytype: 'card',
        public_key: fake.publicKey,
        acq_id: 414963,
        order_id: params.order_id,
        liqpay_order_id: `FAKE${paymentId}`,
        description: params.description,
        sender_card_mask2: '414949*01',
        sender_card_bank: 'pb',
        sender_card_type: 'visa',
        sender_card_country: 804,
        amount: params.amount,
        currency: params.currency,
        sender_commission: 0,
        receiver_commission: Math.round(Number(params.amount) * 1.5) / 100,
        agent_commission: 0,
        amount_debit: params.amount,
        amount_credit: params.amount,
        currency_debit: params.currency,
        currency_credit: params.currency,
        is_3ds: false,
        create_date: Date.now(),
        end_date: Date.now(),
        transaction_id: paymentId,
      }),
    ).toString('base64');
    // LiqPay calls the shop's server before the shopper is back on the result page.
    const answer = await fetch(String(params.server_url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ data: callback, signature: liqpayFakeSignature(fake.privateKey, callback) }).toString(),
    }).catch(() => null);
    fake.callbackStatuses.push(answer?.status ?? 0);
    res.writeHead(302, { location: String(params.result_url) }).end();
  });
  const { origin, close } = await listenLocally(server);
  fake.checkoutUrl = `${origin}/api/3/checkout`;
  fake.close = close;
  return fake;
}

/**
 * LiqPay's server API, `action: "refund"` as its documentation describes it: form-encoded `data`
 * (base64 JSON) and `signature`; a bad signature or another shop's key is refused, so is an
 * unknown order or more than is left of the payment. Answers are JSON, `result: "ok"` with the
 * payment's status `reversed`, or `result: "error"` with `err_code` and `err_description`.
 */
function serverApi(fake: FakeLiqPay, form: URLSearchParams, res: ServerResponse) {
  const failure = fake.failNext;
  fake.failNext = null;
  if (failure === 'http500') return void res.writeHead(500, { 'content-type': 'text/html' }).end('<html>Internal Server Error</html>');
  if (failure === 'garbage') return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"result":');
  const data = form.get('data') ?? '';
  const error = (code: string, description: string) =>
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ result: 'error', status: 'error', err_code: code, err_description: description, code }));
  let params: Record<string, unknown> | null;
  try {
    params = JSON.parse(Buffer.from(data, 'base64').toString('utf8')) as Record<string, unknown>;
  } catch {
    params = null;
  }
  if (!params || form.get('signature') !== liqpayFakeSignature(fake.privateKey, data) || params.public_key !== fake.publicKey) {
    fake.rejected++;
    return error('err_signature', 'Invalid signature');
  }
  fake.requests.push(params);
  if (Number(params.version) !== 3) return error('err_version', 'Invalid version');
  if (params.action === 'status') return paymentStatus(fake, params, res, error);
  if (params.action !== 'refund') return error('err_action', 'Unknown action');
  const payment = fake.payments.get(String(params.order_id ?? ''));
  if (!payment) return error('payment_not_found', 'Payment not found');
  const left = Math.round((payment.amount - payment.refunded) * 100);
  const asked = params.amount === undefined ? left : Math.round(Number(params.amount) * 100);
  if (!(asked > 0) || asked > left) return error('err_amount', 'Amount of refund is more than the payment amount');
  payment.refunded = (Math.round(payment.refunded * 100) + asked) / 100;
  res
    .writeHead(200, { 'content-type': 'application/json' })
    .end(JSON.stringify({ result: 'ok', action: 'refund', payment_id: payment.paymentId, status: 'reversed', order_id: params.order_id, amount: asked / 100 }));
}

/**
 * `action: "status"`: the payment of `order_id` as LiqPay reports it, with the callback's fields
 * (status, amount, currency, payment_id…): `reversed` once refunded in full; an order nothing was
 * paid for is `payment_not_found`.
 */
function paymentStatus(fake: FakeLiqPay, params: Record<string, unknown>, res: ServerResponse, error: (code: string, description: string) => void) {
  if (typeof params.order_id !== 'string' || !params.order_id) return error('err_order_id', 'order_id is required');
  const payment = fake.payments.get(params.order_id);
  if (!payment) return error('payment_not_found', 'Payment not found');
  res.writeHead(200, { 'content-type': 'application/json' }).end(
    JSON.stringify({
      result: 'ok',
      action: 'pay',
      payment_id: payment.paymentId,
      status: payment.refunded >= payment.amount ? 'reversed' : fake.status,
      version: 3,
      type: 'buy',
      paytype: 'card',
      public_key: fake.publicKey,
      order_id: params.order_id,
      liqpay_order_id: `FAKE${payment.paymentId}`,
      amount: payment.amount,
      currency: 'UAH',
      end_date: Date.now(),
      transaction_id: payment.paymentId,
    }),
  );
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
