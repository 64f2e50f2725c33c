import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenLocally } from './listen.js';

/**
 * A local PayPal REST API with the calls the shop makes, in PayPal's real shapes:
 * `POST /v1/oauth2/token` (client credentials, Basic auth), and with a Bearer token
 * `POST /v2/checkout/orders`, `POST /v2/checkout/orders/{id}/capture` (422 ORDER_NOT_APPROVED
 * until the buyer approved, 422 ORDER_ALREADY_CAPTURED after) and `GET /v2/checkout/orders/{id}`.
 * Any other request is recorded in `unhandled`, logged and answered 501.
 */

export interface FakePayPal {
  url: string;
  clientId: string;
  clientSecret: string;
  /** When true every call answers 503, as PayPal does during an outage. */
  down: boolean;
  tokensIssued: number;
  orderLookups: string[];
  unhandled: string[];
  /** Registers an order as PayPal would hold it after the buyer approved and it was captured. */
  addOrder(order: { value: string; currency?: string; status?: string; customId?: string; email?: string }): string;
  /** Created orders are approved at once, as if the buyer clicked through PayPal's window. */
  autoApprove: boolean;
  /** The buyer approves a created order in PayPal's window. */
  approve(id: string): void;
  /** What the shop asked to create: the purchase unit's amount and custom_id per PayPal order id. */
  created: Map<string, { value: string; currency: string; customId?: string }>;
  captures: string[];
  /** The next capture answers with this amount instead (PayPal captured something else). */
  captureValueOverride: string | null;
  close(): Promise<void>;
}

export async function startFakePayPal(options: { clientId?: string; clientSecret?: string } = {}): Promise<FakePayPal> {
  const tokens = new Set<string>();
  const orders = new Map<string, unknown>();
  const fake: FakePayPal = {
    url: '',
    clientId: options.clientId ?? 'fake-paypal-client-id',
    clientSecret: options.clientSecret ?? 'fake-paypal-secret',
    down: false,
    tokensIssued: 0,
    orderLookups: [],
    unhandled: [],
    autoApprove: false,
    created: new Map(),
    captures: [],
    captureValueOverride: null,
    approve(id) {
      const order = orders.get(id) as { status: string } | undefined;
      if (order) order.status = 'APPROVED';
    },
    addOrder({ value, currency = 'USD', status = 'COMPLETED', customId, email = 'buyer@example.com' }) {
      const id = randomBytes(8).toString('hex').toUpperCase().slice(0, 17);
      orders.set(id, paypalOrder(id, { value, currency, status, customId, email }));
      return id;
    },
    close: async () => {},
  };

  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (fake.down) {
      return sendJson(res, 503, { name: 'SERVICE_UNAVAILABLE', message: 'Service Unavailable.', debug_id: debugId() });
    }

    if (req.method === 'POST' && url.pathname === '/v1/oauth2/token') {
      const expected = `Basic ${Buffer.from(`${fake.clientId}:${fake.clientSecret}`).toString('base64')}`;
      if (req.headers.authorization !== expected || new URLSearchParams(body).get('grant_type') !== 'client_credentials') {
        return sendJson(res, 401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
      }
      const token = `A21AA${randomBytes(24).toString('hex')}`;
      tokens.add(token);
      fake.tokensIssued++;
      return sendJson(res, 200, {
        scope: 'https://uri.paypal.com/services/payments/payment',
        access_token: token,
        token_type: 'Bearer',
        app_id: 'APP-80W284485P519543T',
        expires_in: 32400,
        nonce: `${new Date().toISOString()}${randomBytes(8).toString('hex')}`,
      });
    }

    const match = /^\/v2\/checkout\/orders(?:\/([^/]+)(\/capture)?)?$/.exec(url.pathname);
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (match && (!token || !tokens.has(token))) {
      return sendJson(res, 401, { error: 'invalid_token', error_description: 'Token signature verification failed' });
    }

    if (req.method === 'POST' && match && !match[1]) {
      const request = JSON.parse(body || '{}') as {
        intent?: string;
        purchase_units?: { custom_id?: string; amount?: { currency_code: string; value: string } }[];
      };
      const unit = request.purchase_units?.[0];
      if (request.intent !== 'CAPTURE' || !unit?.amount || !/^\d+\.\d{2}$/.test(unit.amount.value)) {
        return sendJson(res, 400, { name: 'INVALID_REQUEST', message: 'Request is not well-formed.', debug_id: debugId() });
      }
      const id = randomBytes(8).toString('hex').toUpperCase().slice(0, 17);
      fake.created.set(id, { value: unit.amount.value, currency: unit.amount.currency_code, customId: unit.custom_id });
      const order = paypalOrder(id, {
        value: unit.amount.value,
        currency: unit.amount.currency_code,
        status: fake.autoApprove ? 'APPROVED' : 'CREATED',
        customId: unit.custom_id,
        email: 'buyer@example.com',
      });
      orders.set(id, order);
      return sendJson(res, 201, order);
    }

    if (req.method === 'POST' && match?.[1] && match[2]) {
      const id = decodeURIComponent(match[1]);
      fake.captures.push(id);
      const order = orders.get(id) as ReturnType<typeof paypalOrder> | undefined;
      if (!order) return sendJson(res, 404, notFound());
      if (order.status !== 'APPROVED') {
        const issue = order.status === 'COMPLETED' ? 'ORDER_ALREADY_CAPTURED' : 'ORDER_NOT_APPROVED';
        return sendJson(res, 422, {
          name: 'UNPROCESSABLE_ENTITY',
          details: [{ issue }],
          message: 'The requested action could not be performed.',
          debug_id: debugId(),
        });
      }
      const unit = order.purchase_units[0];
      const value = fake.captureValueOverride ?? unit.amount.value;
      fake.captureValueOverride = null;
      const completed = paypalOrder(id, {
        value,
        currency: unit.amount.currency_code,
        status: 'COMPLETED',
        customId: unit.custom_id,
        email: 'buyer@example.com',
      });
      orders.set(id, completed);
      return sendJson(res, 201, completed);
    }

    if (req.method === 'GET' && match?.[1] && !match[2]) {
      const id = decodeURIComponent(match[1]);
      fake.orderLookups.push(id);
      const order = orders.get(id);
      if (!order) return sendJson(res, 404, notFound());
      return sendJson(res, 200, order);
    }

    const what = `${req.method} ${url.pathname}`;
    fake.unhandled.push(what);
    console.error(`fake PayPal: unhandled request ${what}`);
    return sendJson(res, 501, { message: `fake PayPal does not handle ${what}` });
  });
  const { origin, close } = await listenLocally(server);
  fake.url = origin;
  fake.close = close;
  return fake;
}

/** GET /v2/checkout/orders/{id} after capture, as PayPal documents it. */
function paypalOrder(id: string, o: { value: string; currency: string; status: string; customId?: string; email: string }) {
  const now = new Date().toISOString();
  const amount = { currency_code: o.currency, value: o.value };
  return {
    id,
    intent: 'CAPTURE',
    status: o.status,
    payment_source: { paypal: { email_address: o.email, account_id: 'QYR5Z8XDVJNXQ', account_status: 'VERIFIED' } },
    purchase_units: [
      {
        reference_id: 'default',
        ...(o.customId ? { custom_id: o.customId } : {}),
        amount: { ...amount },
        payee: { email_address: 'shop@example.com', merchant_id: 'C7CYMKZDG8D6E' },
        payments:
          o.status === 'COMPLETED'
            ? {
                captures: [
                  {
                    id: randomBytes(8).toString('hex').toUpperCase(),
                    status: 'COMPLETED',
                    amount,
                    ...(o.customId ? { custom_id: o.customId } : {}),
                    final_capture: true,
                    seller_protection: { status: 'ELIGIBLE', dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'] },
                    create_time: now,
                    update_time: now,
                  },
                ],
              }
            : undefined,
      },
    ],
    payer: { name: { given_name: 'John', surname: 'Doe' }, email_address: o.email, payer_id: 'QYR5Z8XDVJNXQ' },
    create_time: now,
    update_time: now,
    links: [{ href: `https://api-m.sandbox.paypal.com/v2/checkout/orders/${id}`, rel: 'self', method: 'GET' }],
  };
}

const notFound = () => ({
  name: 'RESOURCE_NOT_FOUND',
  details: [{ issue: 'INVALID_RESOURCE_ID', description: 'Specified resource ID does not exist. Please check the resource ID and try again.' }],
  message: 'The specified resource does not exist.',
  debug_id: debugId(),
});

const debugId = () => randomBytes(7).toString('hex');

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
