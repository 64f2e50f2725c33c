import { createHash, randomInt } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import { listenLocally } from './listen.js';

/**
 * LiqPay's checkout page (`POST /api/3/checkout`, form-encoded `data` and `signature`), as the
 * browser meets it: it checks the signature with the merchant's private key, decodes `data`, then
 * (the card "paid") posts LiqPay's signed callback to `server_url` and redirects the browser to
 * `result_url`. A bad signature gets LiqPay's error page and no callback.
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
  close(): Promise<void>;
}

const sign = (privateKey: string, data: string) =>
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
    close: async () => {},
  };
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
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
    if (!params || signature !== sign(fake.privateKey, data) || params.public_key !== fake.publicKey) {
      fake.rejected++;
      res.writeHead(400, { 'content-type': 'text/html; charset=utf-8' }).end('<html><body><h1>err_signature</h1></body></html>');
      return;
    }
    fake.checkouts.push(params);
    const paymentId = randomInt(1_000_000_000, 2_000_000_000);
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
      body: new URLSearchParams({ data: callback, signature: sign(fake.privateKey, callback) }).toString(),
    }).catch(() => null);
    fake.callbackStatuses.push(answer?.status ?? 0);
    res.writeHead(302, { location: String(params.result_url) }).end();
  });
  const { origin, close } = await listenLocally(server);
  fake.checkoutUrl = `${origin}/api/3/checkout`;
  fake.close = close;
  return fake;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
