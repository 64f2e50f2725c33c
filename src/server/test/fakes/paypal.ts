import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenLocally } from './listen.js';

/**
 * A local PayPal REST API with the calls the shop makes, in PayPal's real shapes:
 * `POST /v1/oauth2/token` (client credentials, Basic auth), and with a Bearer token
 * `POST /v2/checkout/orders`, `POST /v2/checkout/orders/{id}/capture` (422 ORDER_NOT_APPROVED
 * until the buyer approved, 422 ORDER_ALREADY_CAPTURED after), `GET /v2/checkout/orders/{id}` and
 * `GET /v2/payments/captures/{id}` and `POST /v2/payments/captures/{id}/refund`. Creating an order without `intent` or `purchase_units`, or with
 * an `experience_context` outside PayPal's documented values, is a 400 INVALID_REQUEST with
 * PayPal's `details[]` (field, location, issue).
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
  /** The status the next capture comes back with: PayPal may hold a capture as PENDING (e.g. an eCheck). */
  nextCaptureStatus: 'COMPLETED' | 'PENDING' | 'DECLINED';
  /** Every capture made, by its id: its status now (a test moves a PENDING one on) and amount. */
  capturesById: Map<string, { status: string; amount: { currency_code: string; value: string }; customId?: string }>;
  /** The bodies of POST /v2/checkout/orders as the shop sent them. */
  createdBodies: Record<string, unknown>[];
  /** Refunds made, by PayPal's refund id: the capture, the amount and the request id it was made under. */
  refunds: Map<string, { captureId: string; value: string; requestId?: string }>;
  /** Runs inside the next capture, before PayPal answers: a test cancels the order there (a race). */
  beforeCapture: (() => Promise<void>) | null;
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
    nextCaptureStatus: 'COMPLETED',
    capturesById: new Map(),
    createdBodies: [],
    refunds: new Map(),
    beforeCapture: null,
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

    const captureMatch = /^\/v2\/payments\/captures\/([^/]+)(\/refund)?$/.exec(url.pathname);
    if (captureMatch && (!token || !tokens.has(token))) {
      return sendJson(res, 401, { error: 'invalid_token', error_description: 'Token signature verification failed' });
    }
    if (req.method === 'POST' && captureMatch?.[2]) {
      return refundCapture(fake, decodeURIComponent(captureMatch[1]), body, req.headers['paypal-request-id'] as string | undefined, res);
    }
    if (req.method === 'GET' && captureMatch && !captureMatch[2]) {
      const id = decodeURIComponent(captureMatch[1]);
      const capture = fake.capturesById.get(id);
      if (!capture) return sendJson(res, 404, notFound());
      return sendJson(res, 200, captureJson(id, capture));
    }

    if (req.method === 'POST' && match && !match[1]) {
      let request: {
        intent?: string;
        purchase_units?: { custom_id?: string; amount?: { currency_code: string; value: string } }[];
        payment_source?: { paypal?: { experience_context?: Record<string, unknown> } };
      };
      try {
        request = JSON.parse(body || '{}') as typeof request;
      } catch {
        return sendJson(res, 400, invalidRequest([{ field: '/', issue: 'MALFORMED_REQUEST_JSON' }]));
      }
      fake.createdBodies.push(request as Record<string, unknown>);
      const issues = orderRequestIssues(request);
      if (issues.length) return sendJson(res, 400, invalidRequest(issues));
      const unit = request.purchase_units![0];
      if (request.intent !== 'CAPTURE' || !unit?.amount || !/^\d+\.\d{2}$/.test(unit.amount.value)) {
        return sendJson(res, 400, invalidRequest([{ field: '/purchase_units/0/amount/value', issue: 'INVALID_PARAMETER_VALUE' }]));
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
      const hook = fake.beforeCapture;
      fake.beforeCapture = null;
      await hook?.();
      const unit = order.purchase_units[0];
      const value = fake.captureValueOverride ?? unit.amount.value;
      fake.captureValueOverride = null;
      const captureStatus = fake.nextCaptureStatus;
      fake.nextCaptureStatus = 'COMPLETED';
      const completed = paypalOrder(id, {
        value,
        currency: unit.amount.currency_code,
        status: 'COMPLETED',
        customId: unit.custom_id,
        email: 'buyer@example.com',
        captureStatus,
      });
      const capture = completed.purchase_units[0].payments!.captures[0];
      fake.capturesById.set(capture.id, { status: captureStatus, amount: capture.amount, customId: unit.custom_id });
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
function paypalOrder(id: string, o: { value: string; currency: string; status: string; customId?: string; email: string; captureStatus?: string }) {
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
                    status: o.captureStatus ?? 'COMPLETED',
                    ...(o.captureStatus === 'PENDING' ? { status_details: { reason: 'PENDING_REVIEW' } } : {}),
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

/**
 * POST /v2/payments/captures/{id}/refund (Payments v2): an unknown capture is a 404; a capture not
 * COMPLETED, another currency, or more than is left of the capture is a 422 with PayPal's issue
 * (CAPTURE_FULLY_REFUNDED, REFUND_CAPTURE_CURRENCY_MISMATCH, REFUND_AMOUNT_EXCEEDED); no `amount`
 * refunds all that is left. The same PayPal-Request-Id answers the same refund again.
 */
function refundCapture(fake: FakePayPal, captureId: string, body: string, requestId: string | undefined, res: ServerResponse) {
  const capture = fake.capturesById.get(captureId);
  if (!capture) return sendJson(res, 404, notFound());
  if (requestId) {
    const earlier = [...fake.refunds].find(([, refund]) => refund.requestId === requestId && refund.captureId === captureId);
    if (earlier) return sendJson(res, 201, refundJson(earlier[0], earlier[1].value, capture.amount.currency_code));
  }
  let request: { amount?: { currency_code?: string; value?: string } };
  try {
    request = JSON.parse(body || '{}') as typeof request;
  } catch {
    return sendJson(res, 400, invalidRequest([{ field: '/', issue: 'MALFORMED_REQUEST_JSON' }]));
  }
  const cents = (value: string) => Math.round(Number(value) * 100);
  const refundedCents = [...fake.refunds.values()].filter((r) => r.captureId === captureId).reduce((sum, r) => sum + cents(r.value), 0);
  const leftCents = cents(capture.amount.value) - refundedCents;
  const unprocessable = (issue: string) =>
    sendJson(res, 422, {
      name: 'UNPROCESSABLE_ENTITY',
      details: [{ issue, description: issue }],
      message: 'The requested action could not be performed.',
      debug_id: debugId(),
    });
  if (capture.status !== 'COMPLETED' && capture.status !== 'PARTIALLY_REFUNDED') return unprocessable('CAPTURE_FULLY_REFUNDED');
  if (request.amount && request.amount.currency_code !== capture.amount.currency_code) return unprocessable('REFUND_CAPTURE_CURRENCY_MISMATCH');
  if (request.amount && !/^\d+(\.\d{1,2})?$/.test(String(request.amount.value))) {
    return sendJson(res, 400, invalidRequest([{ field: '/amount/value', issue: 'INVALID_PARAMETER_VALUE' }]));
  }
  const asked = request.amount ? cents(String(request.amount.value)) : leftCents;
  if (leftCents <= 0) return unprocessable('CAPTURE_FULLY_REFUNDED');
  if (asked > leftCents) return unprocessable('REFUND_AMOUNT_EXCEEDED');
  const id = randomBytes(8).toString('hex').toUpperCase();
  const value = (asked / 100).toFixed(2);
  fake.refunds.set(id, { captureId, value, requestId });
  capture.status = asked === leftCents ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
  return sendJson(res, 201, refundJson(id, value, capture.amount.currency_code));
}

function refundJson(id: string, value: string, currency: string) {
  return {
    id,
    status: 'COMPLETED',
    amount: { currency_code: currency, value },
    links: [{ href: `https://api-m.sandbox.paypal.com/v2/payments/refunds/${id}`, rel: 'self', method: 'GET' }],
  };
}

/** GET /v2/payments/captures/{id}, as PayPal documents a capture. */
function captureJson(id: string, c: { status: string; amount: { currency_code: string; value: string }; customId?: string }) {
  const now = new Date().toISOString();
  return {
    id,
    status: c.status,
    ...(c.status === 'PENDING' ? { status_details: { reason: 'PENDING_REVIEW' } } : {}),
    amount: c.amount,
    ...(c.customId ? { custom_id: c.customId } : {}),
    final_capture: true,
    create_time: now,
    update_time: now,
    links: [{ href: `https://api-m.sandbox.paypal.com/v2/payments/captures/${id}`, rel: 'self', method: 'GET' }],
  };
}

/** The experience_context values PayPal's Orders v2 reference (and its server SDK's types) allow. */
const SHIPPING_PREFERENCES = ['GET_FROM_FILE', 'NO_SHIPPING', 'SET_PROVIDED_ADDRESS'];
const USER_ACTIONS = ['CONTINUE', 'PAY_NOW'];
const LOCALE = /^[a-z]{2}(?:-[A-Z][a-z]{3})?(?:-(?:[A-Z]{2}|[0-9]{3}))?$/;

type Issue = { field: string; issue: string };

function orderRequestIssues(request: {
  intent?: unknown;
  purchase_units?: unknown;
  payment_source?: { paypal?: { experience_context?: Record<string, unknown> } };
}): Issue[] {
  const issues: Issue[] = [];
  if (request.intent === undefined) issues.push({ field: '/intent', issue: 'MISSING_REQUIRED_PARAMETER' });
  else if (request.intent !== 'CAPTURE' && request.intent !== 'AUTHORIZE') issues.push({ field: '/intent', issue: 'INVALID_PARAMETER_VALUE' });
  if (request.purchase_units === undefined) issues.push({ field: '/purchase_units', issue: 'MISSING_REQUIRED_PARAMETER' });
  else if (!Array.isArray(request.purchase_units) || request.purchase_units.length === 0) {
    issues.push({ field: '/purchase_units', issue: 'INVALID_ARRAY_MIN_ITEMS' });
  }
  const context = request.payment_source?.paypal?.experience_context;
  if (context) {
    const at = (name: string) => `/payment_source/paypal/experience_context/${name}`;
    const brand = context.brand_name;
    if (brand !== undefined && (typeof brand !== 'string' || brand.length < 1 || brand.length > 127))
      issues.push({ field: at('brand_name'), issue: 'INVALID_STRING_LENGTH' });
    if (context.shipping_preference !== undefined && !SHIPPING_PREFERENCES.includes(String(context.shipping_preference))) {
      issues.push({ field: at('shipping_preference'), issue: 'INVALID_PARAMETER_VALUE' });
    }
    if (context.user_action !== undefined && !USER_ACTIONS.includes(String(context.user_action)))
      issues.push({ field: at('user_action'), issue: 'INVALID_PARAMETER_VALUE' });
    if (context.locale !== undefined && !LOCALE.test(String(context.locale))) issues.push({ field: at('locale'), issue: 'INVALID_PARAMETER_SYNTAX' });
    for (const name of ['return_url', 'cancel_url']) {
      if (context[name] !== undefined && !/^https?:\/\/[^\s]+$/.test(String(context[name])))
        issues.push({ field: at(name), issue: 'INVALID_PARAMETER_SYNTAX' });
    }
  }
  return issues;
}

function invalidRequest(issues: Issue[]) {
  return {
    name: 'INVALID_REQUEST',
    message: 'Request is not well-formed, syntactically incorrect, or violates schema.',
    debug_id: debugId(),
    details: issues.map((i) => ({ field: i.field, value: '', location: 'body', issue: i.issue, description: i.issue })),
    links: [{ href: `https://developer.paypal.com/docs/api/orders/v2/#error-${i0(issues)}`, rel: 'information_link', encType: 'application/json' }],
  };
}

const i0 = (issues: Issue[]) => issues[0]?.issue ?? 'INVALID_REQUEST';

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
