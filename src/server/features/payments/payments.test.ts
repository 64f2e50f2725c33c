import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import type { Order } from '../../../shared/orders.js';
import { describeWithApp } from '../../test/database.js';
import { createProduct, createUser, sessionCookie } from '../../test/factories.js';
import { startFakePayPal, type FakePayPal } from '../../test/fakes/paypal.js';

let paypal: FakePayPal;
// Filled before the apps are built: describeWithApp reads it in its own beforeAll.
const env: Record<string, string> = {};

beforeAll(async () => {
  paypal = await startFakePayPal();
  Object.assign(env, {
    PAYPAL_API_URL: paypal.url,
    PAYPAL_CLIENT_ID: paypal.clientId,
    PAYPAL_CLIENT_SECRET: paypal.clientSecret,
  });
});
afterAll(() => paypal?.close());
afterEach(() => {
  paypal.down = false;
  expect(paypal.unhandled, 'requests the fake PayPal does not know').toEqual([]);
});

const ADDRESS = { address: 'Леся Українка', city: 'Львів', phoneNumber: '+380501112233', country: 'Відділення №3: вул. Угорська, 22' };

/** A signed-in shopper with a fresh unpaid order of 100 UAH: items 100, delivery 10, tax 15 → 125. */
async function unpaidOrder(app: FastifyInstance) {
  const user = await createUser(app.db);
  const cookie = await sessionCookie(user, app.config.jwtSecret);
  const product = await createProduct(app.db, { priceMinor: 100_00 });
  const res = await app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { cookie },
    payload: { orderItems: [{ product: product.id, qty: 1 }], shippingAddress: ADDRESS, paymentMethod: 'PayPal' },
  });
  const order = res.json() as Order;
  expect(order.totalPrice).toBe(125);
  return { user, cookie, order };
}

async function pay(app: FastifyInstance, cookie: string, orderId: string, paypalOrderId: string) {
  const res = await app.inject({
    method: 'PUT',
    url: `/api/orders/${orderId}/pay`,
    headers: { cookie },
    // What the browser reports after capture; the server asks PayPal rather than believing it.
    payload: { id: paypalOrderId, status: 'COMPLETED', update_time: new Date().toISOString(), payer: { email_address: 'buyer@example.com' } },
  });
  return { status: res.statusCode, body: res.json() as Order & { code?: string; message?: string } };
}

async function isPaid(app: FastifyInstance, cookie: string, orderId: string) {
  return ((await app.inject({ url: `/api/orders/${orderId}`, headers: { cookie } })).json() as Order).isPaid;
}

describeWithApp(
  'PayPal payments',
  (ctx) => {
    test('GET /api/config/paypal gives the public client id and test mode, never the secret', async () => {
      const res = await ctx().app.inject({ url: '/api/config/paypal' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ clientId: paypal.clientId, testMode: false });
      expect(res.body).not.toContain(paypal.clientSecret);
    });

    test('a completed capture of the right amount in USD pays the order', async () => {
      const { app } = ctx();
      const { cookie, order } = await unpaidOrder(app);
      const id = paypal.addOrder({ value: '125.00', customId: order._id, email: 'payer@example.com' });
      const { status, body } = await pay(app, cookie, order._id, id);
      expect(status).toBe(200);
      expect(body.isPaid).toBe(true);
      expect(body.paidAt).toBeTruthy();
      expect(body.paymentResult).toMatchObject({ id, status: 'COMPLETED', email_address: 'payer@example.com' });
      expect(paypal.orderLookups).toContain(id);
    });

    test('the browser’s word is not enough: wrong amount, wrong currency, unknown id, unfinished payment, other order', async () => {
      const { app } = ctx();
      const { cookie, order } = await unpaidOrder(app);
      const cases: [string, string, number, string][] = [
        ['wrong amount', paypal.addOrder({ value: '1.00' }), 400, 'PAYMENT_WRONG_AMOUNT'],
        ['a cent short', paypal.addOrder({ value: '124.99' }), 400, 'PAYMENT_WRONG_AMOUNT'],
        ['wrong currency', paypal.addOrder({ value: '125.00', currency: 'EUR' }), 400, 'PAYMENT_WRONG_CURRENCY'],
        ['unknown id', 'NOSUCHORDER12345', 400, 'PAYMENT_NOT_FOUND'],
        ['approved, not captured', paypal.addOrder({ value: '125.00', status: 'APPROVED' }), 400, 'PAYMENT_NOT_COMPLETED'],
        ['for another order', paypal.addOrder({ value: '125.00', customId: '00000000-0000-4000-8000-000000000000' }), 400, 'PAYMENT_OTHER_ORDER'],
      ];
      for (const [name, id, statusCode, code] of cases) {
        const { status, body } = await pay(app, cookie, order._id, id);
        expect(status, name).toBe(statusCode);
        expect(body.code, name).toBe(code);
        expect(body.message, name).toMatch(/[а-яіїє]/i);
      }
      expect(await isPaid(app, cookie, order._id)).toBe(false);
      // A malformed id never reaches PayPal.
      const lookups = paypal.orderLookups.length;
      expect((await pay(app, cookie, order._id, '../../v1/oauth2/token')).status).toBe(400);
      expect(paypal.orderLookups.length).toBe(lookups);
    });

    test('one PayPal payment pays one order only; a paid order is not paid again', async () => {
      const { app } = ctx();
      const first = await unpaidOrder(app);
      const id = paypal.addOrder({ value: '125.00' });
      expect((await pay(app, first.cookie, first.order._id, id)).status).toBe(200);
      const again = await pay(app, first.cookie, first.order._id, paypal.addOrder({ value: '125.00' }));
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('ORDER_ALREADY_PAID');

      const second = await unpaidOrder(app);
      const reused = await pay(app, second.cookie, second.order._id, id);
      expect(reused.status).toBe(409);
      expect(reused.body.code).toBe('PAYMENT_REUSED');
      expect(await isPaid(app, second.cookie, second.order._id)).toBe(false);
    });

    test('someone else’s order cannot be paid', async () => {
      const { app } = ctx();
      const { order } = await unpaidOrder(app);
      const stranger = await createUser(app.db);
      const res = await pay(app, await sessionCookie(stranger, app.config.jwtSecret), order._id, paypal.addOrder({ value: '125.00' }));
      expect(res.status).toBe(404);
    });

    test('PayPal down: a 502 with a Ukrainian message, and the order stays unpaid', async () => {
      const { app } = ctx();
      const { cookie, order } = await unpaidOrder(app);
      const id = paypal.addOrder({ value: '125.00' });
      paypal.down = true;
      const { status, body } = await pay(app, cookie, order._id, id);
      expect(status).toBe(502);
      expect(body.code).toBe('PAYPAL_UNAVAILABLE');
      expect(body.message).toMatch(/PayPal/);
      paypal.down = false;
      expect(await isPaid(app, cookie, order._id)).toBe(false);
      // Back up: the same payment now goes through.
      expect((await pay(app, cookie, order._id, id)).status).toBe(200);
    });

    test('the OAuth token is reused between payments', async () => {
      const { app } = ctx();
      const before = paypal.tokensIssued;
      for (let i = 0; i < 2; i++) {
        const { cookie, order } = await unpaidOrder(app);
        expect((await pay(app, cookie, order._id, paypal.addOrder({ value: '125.00' }))).status).toBe(200);
      }
      expect(paypal.tokensIssued - before).toBeLessThanOrEqual(1);
    });
  },
  { env },
);

describeWithApp(
  'PayPal not configured',
  (ctx) => {
    test('config says so, test mode is on in development, and a PayPal payment is refused with a 4xx', async () => {
      const { app } = ctx();
      expect((await app.inject({ url: '/api/config/paypal' })).json()).toEqual({ clientId: null, testMode: true });
      const { cookie, order } = await unpaidOrder(app);
      const { status, body } = await pay(app, cookie, order._id, 'ABCDEF1234567890');
      expect(status).toBe(400);
      expect(body.code).toBe('PAYPAL_NOT_CONFIGURED');
      expect(await isPaid(app, cookie, order._id)).toBe(false);
    });
  },
  { env: { NODE_ENV: 'development' } },
);
