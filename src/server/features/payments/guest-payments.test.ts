import type { FastifyInstance } from 'fastify';
import { expect, test } from 'vitest';
import type { LiqPayCheckout, Order, PayPalCreated } from '../../../shared/orders.js';
import { describeWithApp } from '../../test/database.js';
import { useFakePayPal, type ShopDriver } from '../../test/driver.js';
import { createProduct } from '../../test/factories.js';
import { liqpaySignature } from './liqpay.js';

/** A guest pays the order of their link online, the secret standing in for a session (docs/payments.md). */

const LIQPAY_PUBLIC_KEY = 'sandbox_i00000000002';
const LIQPAY_PRIVATE_KEY = 'sandbox_guest-private-key';

// Filled before the apps are built: describeWithApp reads it in its own beforeAll.
const env: Record<string, string> = {
  LIQPAY_PUBLIC_KEY,
  LIQPAY_PRIVATE_KEY,
  LIQPAY_CHECKOUT_URL: 'http://127.0.0.1:9/api/3/checkout',
  PAYMENTS_TEST_MODE: 'true',
  SITE_URL: 'https://shop.example',
};
const { paypal } = useFakePayPal(env);

/** Well-formed, and no order's. */
const UNKNOWN_SECRET = 'A'.repeat(43);

/** A guest's fresh unpaid order of 1 000 грн ($24.25 at the fake NBU's 41.2345), with the secret of its link. */
async function guestOrder(shop: ShopDriver, paymentMethod: string) {
  const product = await createProduct(shop.app.db, { priceMinor: 1000_00 });
  const order = await shop.orderPlaced({ as: 'guest', lines: [{ product: product.id, qty: 1 }], paymentMethod, email: 'guest@example.com' });
  expect(order).toMatchObject({ user: null, status: 'pending', isPaid: false, totalPrice: 1000, paymentMethod });
  return { order, token: order.accessToken! };
}

type Answer<T> = { status: number; body: T & { code?: string; message?: string } };
async function call<T>(app: FastifyInstance, method: 'POST' | 'PUT', url: string, payload?: object, headers: Record<string, string> = {}): Promise<Answer<T>> {
  const res = await app.inject({ method, url, payload, headers });
  return { status: res.statusCode, body: res.json() as Answer<T>['body'] };
}

const guestUrl = (token: string, rest: string) => `/api/orders/guest/${token}${rest}`;
const liqpayForm = (app: FastifyInstance, token: string) =>
  call<LiqPayCheckout>(app, 'POST', guestUrl(token, '/liqpay'), undefined, { host: 'forged.example' });
const createPayPal = (app: FastifyInstance, token: string) => call<PayPalCreated>(app, 'POST', guestUrl(token, '/paypal'));
const capture = (app: FastifyInstance, token: string, id: string) => call<Order>(app, 'POST', guestUrl(token, '/paypal/capture'), { id });
const testPay = (app: FastifyInstance, token: string) => call<Order>(app, 'PUT', guestUrl(token, '/pay'), { test: true });

/** LiqPay's server callback for the form it was given, as LiqPay signs and posts it after a successful payment. */
function liqpayCallback(shop: ShopDriver, form: LiqPayCheckout, paymentId: number) {
  const sent = JSON.parse(Buffer.from(form.data, 'base64').toString('utf8')) as { order_id: string; amount: number; currency: string };
  return shop.liqpayCallback({ ...sent, payment_id: paymentId, status: 'success', end_date: Date.now() });
}

describeWithApp(
  'a guest pays online through the link',
  (ctx) => {
    test('LiqPay: the signed form for the order of the link, returning to the link; the callback pays it', async () => {
      const { app, shop } = ctx();
      const { order, token } = await guestOrder(shop, 'LiqPay');
      // The signed-in owner's route is no way in for a guest.
      expect((await app.inject({ method: 'POST', url: `/api/orders/${order.id}/liqpay` })).statusCode).toBe(401);

      const { status, body: form } = await liqpayForm(app, token);
      expect(status).toBe(200);
      expect(form.signature).toBe(liqpaySignature(LIQPAY_PRIVATE_KEY, form.data));
      expect(JSON.parse(Buffer.from(form.data, 'base64').toString('utf8'))).toMatchObject({
        public_key: LIQPAY_PUBLIC_KEY,
        action: 'pay',
        amount: 1000,
        currency: 'UAH',
        order_id: order.id,
        result_url: `https://shop.example/order/guest/${token}?liqpay=return`,
        server_url: 'https://shop.example/api/payments/liqpay/callback',
      });
      expect((await shop.guestOrderOf(token)).isPaid).toBe(false);

      expect(await liqpayCallback(shop, form, 2_000_000_001)).toEqual({ status: 200, body: { paid: true } });
      const paid = await shop.guestOrderOf(token);
      expect(paid).toMatchObject({ isPaid: true, status: 'paid', paymentResult: { id: '2000000001', status: 'success' } });

      // Paid: the same refusal as for a signed-in owner, and nothing changes.
      const again = await liqpayForm(app, token);
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('ORDER_ALREADY_PAID');
      expect((await testPay(app, token)).body.code).toBe('ORDER_ALREADY_PAID');
      expect((await shop.guestOrderOf(token)).paidAt).toBe(paid.paidAt);
    });

    test('PayPal: the server creates the dollar order and captures it once the buyer approves', async () => {
      const { app, shop } = ctx();
      const { order, token } = await guestOrder(shop, 'PayPal');
      const created = await createPayPal(app, token);
      expect(created).toEqual({ status: 200, body: { id: expect.any(String), amount: { currency_code: 'USD', value: '24.25' }, rate: 41.2345 } });
      expect(paypal().created.get(created.body.id)).toEqual({ value: '24.25', currency: 'USD', customId: order.id });
      // Not approved by the buyer yet: nothing is paid.
      expect(await capture(app, token, created.body.id)).toMatchObject({ status: 400, body: { code: 'PAYMENT_NOT_COMPLETED' } });
      expect((await shop.guestOrderOf(token)).isPaid).toBe(false);

      paypal().approve(created.body.id);
      const captured = await capture(app, token, created.body.id);
      expect(captured.status).toBe(200);
      expect(captured.body).toMatchObject({ id: order.id, isPaid: true, paymentResult: { id: created.body.id, status: 'COMPLETED' } });
      expect(paypal().captures).toContain(created.body.id);

      const twice = await capture(app, token, created.body.id);
      expect(twice.status).toBe(409);
      expect(twice.body.code).toBe('ORDER_ALREADY_PAID');
      const created2 = paypal().created.size;
      expect((await createPayPal(app, token)).status).toBe(409);
      expect(paypal().created.size).toBe(created2);
    });

    test('test mode: the test payment pays the guest order, in the guest’s name', async () => {
      const { app, shop } = ctx();
      const { token } = await guestOrder(shop, 'Card');
      const paid = await testPay(app, token);
      expect(paid.status).toBe(200);
      expect(paid.body).toMatchObject({ isPaid: true, paymentResult: { status: 'COMPLETED', email_address: 'guest@example.com' } });
    });

    test('a wrong or unknown secret is a 404, a malformed one a 400, and nothing is created or paid', async () => {
      const { app, shop } = ctx();
      const { order, token } = await guestOrder(shop, 'PayPal');
      const createdBefore = paypal().created.size;
      // One character changed: another secret altogether.
      const wrong = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
      for (const secret of [wrong, UNKNOWN_SECRET]) {
        for (const res of [
          await liqpayForm(app, secret),
          await createPayPal(app, secret),
          await capture(app, secret, 'ABCDEF1234567890'),
          await testPay(app, secret),
        ]) {
          expect(res.status, secret).toBe(404);
          expect(res.body.code).toBe('ORDER_NOT_FOUND');
        }
      }
      // The order's id is not its secret; nor is a secret cut short.
      for (const secret of [order.id, token.slice(1), `${token}A`]) {
        expect((await testPay(app, secret)).status, secret).toBe(400);
        expect((await createPayPal(app, secret)).status, secret).toBe(400);
      }
      expect(paypal().created.size).toBe(createdBefore);
      expect((await shop.guestOrderOf(token)).isPaid).toBe(false);
    });

    test('another order’s secret pays only that order: a PayPal payment of one order does not pay the other', async () => {
      const { app, shop } = ctx();
      paypal().autoApprove = true;
      const mine = await guestOrder(shop, 'PayPal');
      const theirs = await guestOrder(shop, 'PayPal');
      const minePayPal = (await createPayPal(app, mine.token)).body.id;
      await createPayPal(app, theirs.token);

      const foreign = await capture(app, theirs.token, minePayPal);
      expect(foreign.status).toBe(400);
      expect(foreign.body.code).toBe('PAYMENT_OTHER_ORDER');
      expect(paypal().captures).not.toContain(minePayPal);
      // Their secret's LiqPay form is for their order only.
      const form = await liqpayForm(app, theirs.token);
      expect(JSON.parse(Buffer.from(form.body.data, 'base64').toString('utf8')).order_id).toBe(theirs.order.id);
      expect((await shop.guestOrderOf(mine.token)).isPaid).toBe(false);
      expect((await shop.guestOrderOf(theirs.token)).isPaid).toBe(false);

      expect((await capture(app, mine.token, minePayPal)).status).toBe(200);
      expect((await shop.guestOrderOf(mine.token)).isPaid).toBe(true);
      expect((await shop.guestOrderOf(theirs.token)).isPaid).toBe(false);
    });

    test('a cancelled guest order is refused as an owner’s is; a signed-in stranger gains nothing from a session', async () => {
      const { app, shop } = ctx();
      const { order, token } = await guestOrder(shop, 'LiqPay');
      const admin = (await shop.admin()).cookie;
      expect((await app.inject({ method: 'PUT', url: `/api/orders/${order.id}/cancel`, headers: { cookie: admin } })).statusCode).toBe(200);
      for (const res of [await liqpayForm(app, token), await createPayPal(app, token), await testPay(app, token)]) {
        expect(res.status).toBe(409);
        expect(res.body.code).toBe('ORDER_CANCELLED');
      }
      expect(await shop.guestOrderOf(token)).toMatchObject({ status: 'cancelled', isPaid: false });

      // By id, the guest's order is nobody's to pay, whoever is signed in.
      const { order: open } = await guestOrder(shop, 'LiqPay');
      const stranger = (await shop.customer()).cookie;
      expect((await call(app, 'PUT', `/api/orders/${open.id}/pay`, { test: true }, { cookie: stranger })).status).toBe(404);
      expect((await call(app, 'POST', `/api/orders/${open.id}/liqpay`, undefined, { cookie: stranger })).status).toBe(404);
    });
  },
  { env },
);
