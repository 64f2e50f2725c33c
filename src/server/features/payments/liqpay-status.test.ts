import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import type { GuestOrder, Order } from '../../../shared/orders.js';
import { outboxMessages } from '../../db/schema.js';
import { describeWithApp } from '../../test/database.js';
import { createProduct, createUser, sessionCookie } from '../../test/factories.js';
import { startFakeLiqPay, type FakeLiqPay } from '../../test/fakes/liqpay.js';
import { liqpaySignature, liqpayStatus } from './liqpay.js';

/** Back from LiqPay before its callback (docs/payments.md): the order page asks, the server asks LiqPay's `status`. */

let liqpay: FakeLiqPay;
// Filled before the apps are built: describeWithApp reads it in its own beforeAll.
const env: Record<string, string> = {};

beforeAll(async () => {
  liqpay = await startFakeLiqPay();
  Object.assign(env, {
    LIQPAY_PUBLIC_KEY: liqpay.publicKey,
    LIQPAY_PRIVATE_KEY: liqpay.privateKey,
    LIQPAY_CHECKOUT_URL: liqpay.checkoutUrl,
    PAYMENTS_TEST_MODE: 'false',
    SITE_URL: 'https://shop.example',
    GUEST_ORDER_RATE_LIMIT: '1000',
  });
});
afterAll(async () => {
  await liqpay?.close();
});
afterEach(() => {
  liqpay.failNext = null;
  liqpay.status = 'success';
});

const ADDRESS = { address: 'Леся Українка', city: 'Львів', phoneNumber: '+380501112233', country: 'Відділення №3' };

async function unpaidOrder(app: FastifyInstance) {
  const cookie = await sessionCookie(await createUser(app.db), app.config.jwtSecret);
  const product = await createProduct(app.db, { priceMinor: 1305_00 });
  const res = await app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { cookie },
    payload: { orderItems: [{ product: product.id, qty: 2 }], shippingAddress: ADDRESS, paymentMethod: 'LiqPay' },
  });
  expect(res.statusCode).toBe(201);
  return { cookie, order: res.json() as Order };
}

async function recheck(app: FastifyInstance, url: string, cookie?: string) {
  const res = await app.inject({ method: 'POST', url, headers: cookie ? { cookie } : {} });
  return { status: res.statusCode, body: res.json() as Order & { code?: string } };
}

const statusRequests = (orderId: string) => liqpay.requests.filter((r) => r.action === 'status' && r.order_id === orderId);

describeWithApp(
  'back from LiqPay: the status re-check',
  (ctx) => {
    test('paid at LiqPay, its callback not yet here: the re-check pays the order once; the late callback changes nothing', async () => {
      const { app } = ctx();
      const { cookie, order } = await unpaidOrder(app);
      // Nothing paid yet: LiqPay knows no payment, the order stays as it is.
      const before = await recheck(app, `/api/orders/${order.id}/liqpay/status`, cookie);
      expect(before.status).toBe(200);
      expect(before.body).toMatchObject({ status: 'pending', isPaid: false });

      const paymentId = liqpay.addPayment(order.id, order.totalPrice);
      const back = await recheck(app, `/api/orders/${order.id}/liqpay/status`, cookie);
      expect(back.status, JSON.stringify(back.body)).toBe(200);
      expect(back.body).toMatchObject({ status: 'paid', isPaid: true, paymentResult: { id: String(paymentId), status: 'success' } });
      // Signed as LiqPay's server API wants it: version 3, the shop's public key, the order.
      expect(statusRequests(order.id).at(-1)).toEqual({ action: 'status', version: 3, public_key: liqpay.publicKey, order_id: order.id });

      const letters = (await app.db.select().from(outboxMessages).where(eq(outboxMessages.orderId, order.id))).length;
      const data = Buffer.from(
        JSON.stringify({
          payment_id: paymentId,
          status: 'success',
          version: 3,
          public_key: liqpay.publicKey,
          order_id: order.id,
          amount: order.totalPrice,
          currency: 'UAH',
        }),
      ).toString('base64');
      const late = await app.inject({
        method: 'POST',
        url: '/api/payments/liqpay/callback',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ data, signature: liqpaySignature(liqpay.privateKey, data) }).toString(),
      });
      expect(late.json()).toEqual({ paid: true });
      expect((await app.db.select().from(outboxMessages).where(eq(outboxMessages.orderId, order.id))).length).toBe(letters);

      // A paid order is answered as it is: LiqPay is not asked again.
      const asked = statusRequests(order.id).length;
      expect((await recheck(app, `/api/orders/${order.id}/liqpay/status`, cookie)).body.isPaid).toBe(true);
      expect(statusRequests(order.id)).toHaveLength(asked);
    });

    test('a guest by the link; a stranger, LiqPay failing and a wrong amount change nothing', async () => {
      const { app } = ctx();
      const product = await createProduct(app.db, { priceMinor: 640_00 });
      const placed = await app.inject({
        method: 'POST',
        url: '/api/orders/guest',
        payload: { orderItems: [{ product: product.id, qty: 1 }], shippingAddress: ADDRESS, paymentMethod: 'LiqPay', email: 'guest@example.com' },
      });
      expect(placed.statusCode).toBe(201);
      const guest = placed.json() as GuestOrder;
      const url = `/api/orders/guest/${guest.accessToken}/liqpay/status`;

      const stranger = await sessionCookie(await createUser(app.db), app.config.jwtSecret);
      // A guest's order is no account's: not found by the owner's route.
      expect((await recheck(app, `/api/orders/${guest.id}/liqpay/status`, stranger)).status).toBe(404);
      expect((await recheck(app, `/api/orders/${guest.id}/liqpay/status`)).status).toBe(401);

      // Paid less than the order: refused, never paid.
      liqpay.addPayment(guest.id, 1);
      const wrong = await recheck(app, url);
      expect(wrong.status).toBe(400);
      expect(wrong.body.code).toBe('PAYMENT_WRONG_AMOUNT');

      liqpay.addPayment(guest.id, guest.totalPrice);
      liqpay.failNext = 'http500';
      const down = await recheck(app, url);
      expect(down.status).toBe(502);
      expect(down.body.code).toBe('LIQPAY_UNAVAILABLE');
      liqpay.failNext = 'garbage';
      expect((await recheck(app, url)).body.code).toBe('LIQPAY_UNAVAILABLE');
      // A payment still in progress pays nothing.
      liqpay.status = 'processing';
      expect((await recheck(app, url)).body).toMatchObject({ status: 'pending', isPaid: false });
      liqpay.status = 'success';
      expect((await recheck(app, url)).body).toMatchObject({ status: 'paid', isPaid: true });
    });

    test('the fake refuses a status request signed with another key, as LiqPay does', async () => {
      const keys = { publicKey: liqpay.publicKey, privateKey: 'not-the-key', checkoutUrl: liqpay.checkoutUrl };
      await expect(liqpayStatus(keys, crypto.randomUUID())).rejects.toMatchObject({ code: 'LIQPAY_UNAVAILABLE' });
      expect(await liqpayStatus({ ...keys, privateKey: liqpay.privateKey }, crypto.randomUUID())).toBeNull();
    });
  },
  { env },
);
