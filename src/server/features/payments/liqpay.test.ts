import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import type { LiqPayCheckout, Order } from '../../../shared/orders.js';
import { outboxMessages } from '../../db/schema.js';
import { describeWithApp } from '../../test/database.js';
import type { OrderReply, ShopDriver } from '../../test/driver.js';
import { createProduct } from '../../test/factories.js';
import { noticeSettingsOf } from '../notifications/index.js';
import { expireUnpaidOrders } from '../../flows/index.js';
import { liqpaySignature } from './liqpay.js';

const PUBLIC_KEY = 'sandbox_i00000000001';
const PRIVATE_KEY = 'sandbox_test-private-key';
const env = {
  LIQPAY_PUBLIC_KEY: PUBLIC_KEY,
  LIQPAY_PRIVATE_KEY: PRIVATE_KEY,
  LIQPAY_CHECKOUT_URL: 'http://127.0.0.1:9/api/3/checkout',
  PAYMENTS_TEST_MODE: 'false',
  SITE_URL: 'https://shop.example',
};
/** A shopper's fresh LiqPay order: two packs at 1 305 грн. */
async function unpaidOrder(shop: ShopDriver) {
  const customer = await shop.customer();
  const product = await createProduct(shop.app.db, { priceMinor: 1305_00 });
  const order = await shop.orderPlaced({ as: customer, lines: [{ product: product.id, qty: 2 }], paymentMethod: 'LiqPay' });
  return { cookie: customer.cookie, order };
}

const encode = (params: object) => Buffer.from(JSON.stringify(params)).toString('base64');

/** LiqPay's callback as it posts it, signed with this file's private key unless told. */
const callback = (shop: ShopDriver, data: string, signature = liqpaySignature(PRIVATE_KEY, data)) => shop.liqpayCallback(data, signature);

/** LiqPay's payment_id is its own, one per payment: the first four hex digits of the order id make it unique here. */
const paymentIdOf = (order: OrderReply) => 1_000_000_000 + parseInt(order.id.slice(0, 4), 16);

const paidData = (order: OrderReply, overrides: object = {}) =>
  encode({
    payment_id: paymentIdOf(order),
    action: 'pay',
    status: 'success',
    version: 3,
    public_key: PUBLIC_KEY,
    order_id: order.id,
    amount: order.totalPrice,
    currency: 'UAH',
    end_date: Date.now(),
    ...overrides,
  });

describeWithApp(
  'LiqPay card payments in hryvnia',
  (ctx) => {
    test('the checkout form: base64 JSON data as LiqPay API v3 wants it, signed with the private key', async () => {
      const { app, shop } = ctx();
      expect((await app.inject({ url: '/api/config/payments' })).json().methods).toEqual(['liqpay', 'cash_on_delivery']);
      const { cookie, order } = await unpaidOrder(shop);
      expect(order.totalPrice).toBe(2610);
      const res = await app.inject({ method: 'POST', url: `/api/orders/${order.id}/liqpay`, headers: { cookie, host: 'forged.example' } });
      expect(res.statusCode).toBe(200);
      const form = res.json() as LiqPayCheckout;
      expect(form.checkoutUrl).toBe(env.LIQPAY_CHECKOUT_URL);
      expect(form.signature).toBe(liqpaySignature(PRIVATE_KEY, form.data));
      expect(JSON.parse(Buffer.from(form.data, 'base64').toString('utf8'))).toEqual({
        version: 3,
        public_key: PUBLIC_KEY,
        action: 'pay',
        amount: 2610,
        currency: 'UAH',
        description: expect.stringContaining(`№${order.number}`),
        order_id: order.id,
        result_url: `https://shop.example/order/${order.id}?liqpay=return`,
        server_url: 'https://shop.example/api/payments/liqpay/callback',
      });
      expect(res.body).not.toContain(PRIVATE_KEY);
      const stranger = (await shop.customer()).cookie;
      expect((await app.inject({ method: 'POST', url: `/api/orders/${order.id}/liqpay`, headers: { cookie: stranger } })).statusCode).toBe(404);
    });

    test('a signed success callback pays the order once; a replay changes nothing', async () => {
      const { shop } = ctx();
      const { cookie, order } = await unpaidOrder(shop);
      const data = paidData(order);
      expect(await callback(shop, data)).toEqual({ status: 200, body: { paid: true } });
      const paid = await shop.orderOf(order.id, cookie);
      expect(paid.isPaid).toBe(true);
      expect(paid.paymentResult).toMatchObject({ id: String(paymentIdOf(order)), status: 'success' });
      expect(await callback(shop, data)).toEqual({ status: 200, body: { paid: true } });
      expect((await shop.orderOf(order.id, cookie)).paidAt).toBe(paid.paidAt);
    });

    test('forged, wrong or unknown callbacks are refused and pay nothing', async () => {
      const { app, shop } = ctx();
      const { cookie, order } = await unpaidOrder(shop);
      const genuine = paidData(order);
      const cases: [string, string, string, number, string][] = [
        ['tampered data, old signature', paidData(order, { amount: 1 }), liqpaySignature(PRIVATE_KEY, genuine), 400, 'LIQPAY_BAD_SIGNATURE'],
        ['signed with another key', genuine, liqpaySignature('another-key', genuine), 400, 'LIQPAY_BAD_SIGNATURE'],
        ['garbage signature', genuine, 'not-a-signature', 400, 'LIQPAY_BAD_SIGNATURE'],
        ['a kopiyka short', paidData(order, { amount: 2609.99 }), '', 400, 'PAYMENT_WRONG_AMOUNT'],
        ['dollars', paidData(order, { currency: 'USD' }), '', 400, 'PAYMENT_WRONG_CURRENCY'],
        ['unknown order', paidData(order, { order_id: '00000000-0000-4000-8000-000000000000' }), '', 404, 'ORDER_NOT_FOUND'],
        ['not an order id', paidData(order, { order_id: "1' OR '1'='1" }), '', 404, 'ORDER_NOT_FOUND'],
        ['another shop', paidData(order, { public_key: 'i999' }), '', 400, 'LIQPAY_BAD_DATA'],
        ['signed nonsense', encode({ hello: 'world' }), '', 400, 'LIQPAY_BAD_DATA'],
        ['signed non-JSON', Buffer.from('<xml/>').toString('base64'), '', 400, 'LIQPAY_BAD_DATA'],
      ];
      for (const [name, data, signature, status, code] of cases) {
        const res = await callback(shop, data, signature || undefined);
        expect(res.status, name).toBe(status);
        expect(res.body.code, name).toBe(code);
      }
      // Unfinished or failed payments, and sandbox payments outside test mode, are acknowledged but pay nothing.
      for (const status of ['failure', 'error', 'processing', 'wait_secure', 'reversed', 'sandbox']) {
        expect(await callback(shop, paidData(order, { status })), status).toEqual({ status: 200, body: { paid: false } });
      }
      const missing = await app.inject({
        method: 'POST',
        url: '/api/payments/liqpay/callback',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'data=abc',
      });
      expect(missing.statusCode).toBe(400);
      const huge = await app.inject({
        method: 'POST',
        url: '/api/payments/liqpay/callback',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `data=${'A'.repeat(100_000)}&signature=x`,
      });
      expect(huge.statusCode).toBe(413);
      expect((await shop.orderOf(order.id, cookie)).isPaid).toBe(false);
    });
  },
  { env },
);

describeWithApp(
  'LiqPay in test mode',
  (ctx) => {
    test('a sandbox payment counts when PAYMENTS_TEST_MODE is on', async () => {
      const { shop } = ctx();
      const { cookie, order } = await unpaidOrder(shop);
      expect(await callback(shop, paidData(order, { status: 'sandbox' }))).toEqual({ status: 200, body: { paid: true } });
      expect((await shop.orderOf(order.id, cookie)).isPaid).toBe(true);
    });
  },
  { env: { ...env, PAYMENTS_TEST_MODE: 'true' } },
);

describeWithApp('LiqPay not configured', (ctx) => {
  test('no LiqPay method, the form is refused and the callback is unknown', async () => {
    const { app, shop } = ctx();
    expect((await app.inject({ url: '/api/config/payments' })).json().methods).not.toContain('liqpay');
    const { cookie } = await shop.customer();
    const order = await shop.orderPlaced({ as: cookie });
    const res = await app.inject({ method: 'POST', url: `/api/orders/${order.id}/liqpay`, headers: { cookie } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('LIQPAY_NOT_CONFIGURED');
    expect((await callback(shop, paidData(order))).status).toBe(404);
  });
});

describeWithApp(
  'LiqPay statuses beyond success',
  (ctx) => {
    test('a signed `reversed` callback records the refund on the order and tells the shop; stock and status stay', async () => {
      const { app, shop } = ctx();
      const { cookie, order } = await unpaidOrder(shop);
      expect(await callback(shop, paidData(order))).toEqual({ status: 200, body: { paid: true } });
      const [line] = order.orderItems;
      const stockBefore = await shop.stockOf(line.product!);

      const reversed = paidData(order, { status: 'reversed', action: 'pay' });
      expect(await callback(shop, reversed)).toEqual({ status: 200, body: { paid: true } });
      const seen = await shop.orderOf(order.id, cookie);
      expect(seen).toMatchObject({ status: 'paid', isPaid: true, refund: { amount: 2610, id: `liqpay:${paymentIdOf(order)}` } });
      expect(seen.refund?.refundedAt).toBeTruthy();
      const stockAfter = await shop.stockOf(line.product!);
      expect(stockAfter).toBe(stockBefore);

      const notices = await app.db.select().from(outboxMessages).where(eq(outboxMessages.orderId, order.id));
      const told = notices.filter((n) => n.subject.startsWith(`Повернення коштів за замовлення №${order.number}`));
      expect(told.length).toBeGreaterThan(0);
      expect(told[0].textBody).toContain('Склад не змінено');

      // A replay records nothing twice.
      expect((await callback(shop, reversed)).status).toBe(200);
      const again = await app.db.select().from(outboxMessages).where(eq(outboxMessages.orderId, order.id));
      expect(again.length).toBe(notices.length);
      // A forged reversal is refused.
      expect((await callback(shop, reversed, liqpaySignature('another-key', reversed))).body.code).toBe('LIQPAY_BAD_SIGNATURE');
    });

    test('`wait_accept` and `hold_wait` mark the order as paid-awaiting-acceptance; the expiry job never cancels it', async () => {
      const { app, shop } = ctx();
      const context = { db: app.db, notices: noticeSettingsOf(app.config) };
      const waiting = await unpaidOrder(shop);
      const holding = await unpaidOrder(shop);
      const unpaid = await unpaidOrder(shop);
      expect(await callback(shop, paidData(waiting.order, { status: 'wait_accept' }))).toEqual({ status: 200, body: { paid: false } });
      expect(await callback(shop, paidData(holding.order, { status: 'hold_wait' }))).toEqual({ status: 200, body: { paid: false } });
      // The amount is checked as for a success.
      expect((await callback(shop, paidData(unpaid.order, { status: 'wait_accept', amount: 1 }))).body.code).toBe('PAYMENT_WRONG_AMOUNT');

      const seen = await shop.orderOf(waiting.order.id, waiting.cookie);
      expect(seen).toMatchObject({ status: 'pending', isPaid: false, paymentPending: { status: 'wait_accept' } });
      const admin = (await shop.admin()).cookie;
      const list = (await app.inject({ url: '/api/orders', headers: { cookie: admin } })).json() as { orders: Order[] };
      expect(list.orders.find((o) => o.id === holding.order.id)?.paymentPending).toMatchObject({ status: 'hold_wait' });

      const later = new Date(Date.now() + 24 * 60 * 60_000);
      expect(await expireUnpaidOrders(context, 30 * 60_000, later)).toBe(1);
      expect((await shop.orderOf(waiting.order.id, waiting.cookie)).status).toBe('pending');
      expect((await shop.orderOf(holding.order.id, holding.cookie)).status).toBe('pending');
      expect((await shop.orderOf(unpaid.order.id, unpaid.cookie)).status).toBe('cancelled');

      // LiqPay's later success pays it and clears the wait.
      expect(await callback(shop, paidData(waiting.order))).toEqual({ status: 200, body: { paid: true } });
      expect(await shop.orderOf(waiting.order.id, waiting.cookie)).toMatchObject({ status: 'paid', paymentPending: null });
    });
  },
  { env },
);
