import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, test } from 'vitest';
import type { Order, PayPalCreated } from '../../../shared/orders.js';
import { outboxMessages } from '../../db/schema.js';
import { describeWithApp } from '../../test/database.js';
import { useFakeLiqPay, useFakeNovaPoshta, useFakePayPal, type ShopDriver } from '../../test/driver.js';
import { createProduct } from '../../test/factories.js';
import { noticeSettingsOf } from '../notifications/index.js';
import { refreshTracking } from '../orders/index.js';
import { liqpayRefund, RefundRefused } from '../payments/index.js';

// Filled before the apps are built: describeWithApp reads it in its own beforeAll.
const env: Record<string, string> = { PAYMENTS_TEST_MODE: 'false', SITE_URL: 'https://shop.example', SHOP_NOTIFY_EMAIL: 'owner@shop.example' };
const liqpay = useFakeLiqPay(env);
const { paypal } = useFakePayPal(env);
const novaPoshta = useFakeNovaPoshta(env);

const ADDRESS = { address: 'Леся Українка', city: 'Львів', phoneNumber: '+380501112233', country: 'Відділення №3' };
type Body = Order & { code?: string; message?: string };

/** A shopper's order of two lines: 2 × 500 грн and 1 × 300 грн (1 300 грн; delivery paid to the carrier). */
async function place(shop: ShopDriver, paymentMethod: string) {
  const customer = await shop.customer();
  const [kettle, chiller] = await Promise.all([createProduct(shop.app.db, { priceMinor: 500_00 }), createProduct(shop.app.db, { priceMinor: 300_00 })]);
  const order = await shop.orderPlaced({
    as: customer,
    lines: [
      { product: kettle.id, qty: 2 },
      { product: chiller.id, qty: 1 },
    ],
    shippingAddress: ADDRESS,
    paymentMethod,
  });
  expect(order.totalPrice).toBe(1300);
  const line = (price: number) => order.orderItems.find((item) => item.price === price)!.id;
  return { cookie: customer.cookie, order, kettleLine: line(500), chillerLine: line(300), kettle, chiller };
}

/** A LiqPay order paid: LiqPay holds the payment and has told the shop. */
async function liqpayPaidOrder(shop: ShopDriver) {
  const placed = await place(shop, 'LiqPay');
  await shop.paidByLiqPay(placed.order, liqpay().addPayment(placed.order.id, placed.order.totalPrice));
  return placed;
}

const lettersOf = async (app: FastifyInstance, orderId: string) =>
  (await app.db.select().from(outboxMessages).where(eq(outboxMessages.orderId, orderId))).map((m) => `${m.recipient}: ${m.subject}`);

describeWithApp(
  'refunds and returns',
  (ctx) => {
    test('LiqPay: a partial refund keeps the order paid; more pieces than are left are refused; the rest refunds the order', async () => {
      const { app, shop } = ctx();
      const owner = (await shop.admin()).cookie;
      const { cookie, order, kettleLine, chillerLine } = await liqpayPaidOrder(shop);

      const first = await shop.refund(order.id, owner, [{ item: kettleLine, qty: 1 }], 'Вм’ятина на кришці');
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ status: 'paid', refund: { amount: 500 } });
      expect(first.body.refunds).toEqual([
        expect.objectContaining({ amount: 500, provider: 'liqpay', status: 'succeeded', lines: [{ item: kettleLine, qty: 1 }], reason: 'Вм’ятина на кришці' }),
      ]);
      // LiqPay's server API got a signed refund of the payment, in hryvnia.
      const sent = liqpay().requests.filter((r) => r.order_id === order.id);
      expect(sent).toEqual([{ action: 'refund', version: 3, public_key: liqpay().publicKey, order_id: order.id, amount: 500 }]);
      expect(liqpay().payments.get(order.id)?.refunded).toBe(500);
      // A return receipt is owed for the line (docs/fiscal.md).
      expect(first.body.receipts.filter((r) => r.kind === 'return')).toHaveLength(1);

      // Two more kettles: only one is left to refund. Nothing reaches LiqPay.
      const beyond = await shop.refund(order.id, owner, [{ item: kettleLine, qty: 2 }]);
      expect(beyond.status).toBe(409);
      expect(beyond.body.code).toBe('REFUND_TOO_MANY');
      expect(liqpay().requests.filter((r) => r.order_id === order.id)).toHaveLength(1);

      const rest = await shop.refund(order.id, owner, [
        { item: kettleLine, qty: 1 },
        { item: chillerLine, qty: 1 },
      ]);
      expect(rest.status).toBe(200);
      expect(rest.body).toMatchObject({ status: 'refunded', refund: { amount: 1300 } });
      expect(liqpay().payments.get(order.id)?.refunded).toBe(1300);
      const again = await shop.refund(order.id, owner, [{ item: chillerLine, qty: 1 }]);
      expect(again.body.code).toBe('ORDER_ALREADY_REFUNDED');

      // The shopper sees it, and shopper and owner got letters.
      const seen = await shop.orderOf(order.id, cookie);
      expect(seen.refunds.map((r) => r.amount)).toEqual([500, 800]);
      const letters = await lettersOf(app, order.id);
      expect(letters.filter((l) => l.includes('Повернення коштів за замовлення')).length).toBeGreaterThanOrEqual(4);
      expect(letters.some((l) => l.startsWith('owner@shop.example: Повернення коштів'))).toBe(true);
    });

    test('two refunds of the same pieces at once: exactly one passes, LiqPay is asked once', async () => {
      const { shop } = ctx();
      const owner = (await shop.admin()).cookie;
      const { order, chillerLine } = await liqpayPaidOrder(shop);
      const both = await Promise.all([1, 2].map(() => shop.refund(order.id, owner, [{ item: chillerLine, qty: 1 }])));
      expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(both.find((r) => r.status === 409)!.body.code).toBe('REFUND_TOO_MANY');
      expect(liqpay().requests.filter((r) => r.order_id === order.id)).toHaveLength(1);
      expect(liqpay().payments.get(order.id)?.refunded).toBe(300);
    });

    test('LiqPay refusing or failing records nothing as refunded and answers clearly', async () => {
      const { shop } = ctx();
      const owner = (await shop.admin()).cookie;
      const { cookie, order, kettleLine, chillerLine } = await liqpayPaidOrder(shop);

      // Refunded in LiqPay's cabinet meanwhile: LiqPay refuses more than is left of the payment.
      liqpay().payments.get(order.id)!.refunded = 1300;
      const refused = await shop.refund(order.id, owner, [{ item: chillerLine, qty: 1 }]);
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ code: 'REFUND_PROVIDER_REFUSED' });
      expect(refused.body.message).toContain('LiqPay');
      let now = await shop.orderOf(order.id, cookie);
      expect(now).toMatchObject({ status: 'paid', refund: null });
      expect(now.refunds).toEqual([expect.objectContaining({ status: 'failed' })]);

      // A 5xx: the outcome is unknown, so the refund stays pending and keeps counting (never paid out twice).
      liqpay().payments.get(order.id)!.refunded = 0;
      liqpay().failNext = 'http500';
      const failed = await shop.refund(order.id, owner, [{ item: kettleLine, qty: 2 }]);
      expect(failed.status).toBe(502);
      expect(failed.body.code).toBe('REFUND_PROVIDER_UNAVAILABLE');
      now = await shop.orderOf(order.id, cookie);
      expect(now).toMatchObject({ status: 'paid', refund: null });
      expect(now.refunds.map((r) => r.status)).toEqual(['failed', 'pending']);
      expect((await shop.refund(order.id, owner, [{ item: kettleLine, qty: 1 }])).body.code).toBe('REFUND_TOO_MANY');

      // LiqPay refuses a request signed with another key, and an order it does not know.
      const keys = { publicKey: liqpay().publicKey, privateKey: 'not-the-key', checkoutUrl: liqpay().checkoutUrl };
      await expect(liqpayRefund(keys, { orderId: order.id, amount: 1, key: 'k' })).rejects.toThrow(RefundRefused);
      await expect(liqpayRefund({ ...keys, privateKey: liqpay().privateKey }, { orderId: crypto.randomUUID(), amount: 1, key: 'k' })).rejects.toThrow(
        /Payment not found/,
      );
    });

    test('PayPal: refunds go back against the capture in dollars, the last one exactly what is left', async () => {
      const { app, shop } = ctx();
      const owner = (await shop.admin()).cookie;
      const { cookie, order, kettleLine, chillerLine } = await place(shop, 'PayPal');
      const created = (await app.inject({ method: 'POST', url: `/api/orders/${order.id}/paypal`, headers: { cookie } })).json() as PayPalCreated;
      paypal().approve(created.id);
      const captured = await app.inject({ method: 'POST', url: `/api/orders/${order.id}/paypal/capture`, headers: { cookie }, payload: { id: created.id } });
      expect(captured.statusCode).toBe(200);
      // 1 300 грн at 41.2345 = $31.53.
      expect(created.amount.value).toBe('31.53');

      // PayPal down: nothing refunded, a 502.
      paypal().down = true;
      const down = await shop.refund(order.id, owner, [{ item: chillerLine, qty: 1 }]);
      expect(down.status).toBe(502);
      expect(down.body.code).toBe('PAYPAL_UNAVAILABLE');
      paypal().down = false;
      expect((await shop.orderOf(order.id, cookie)).refund).toBeNull();

      const first = await shop.refund(order.id, owner, [{ item: chillerLine, qty: 1 }]);
      expect(first.status).toBe(200);
      expect(first.body.refunds.at(-1)).toMatchObject({ provider: 'paypal', amount: 300, status: 'succeeded' });
      const rest = await shop.refund(order.id, owner, [{ item: kettleLine, qty: 2 }]);
      expect(rest.status).toBe(200);
      expect(rest.body.status).toBe('refunded');
      const values = [...paypal().refunds.values()].filter(
        (r) => paypal().capturesById.has(r.captureId) && paypal().capturesById.get(r.captureId)!.customId === order.id,
      );
      // 300 of 1 300 грн is $7.28 of $31.53; the rest $24.25: together exactly the capture.
      expect(values.map((r) => r.value)).toEqual(['7.28', '24.25']);
    });

    test('PayPal refusing (more than is left of the capture) records nothing as refunded', async () => {
      const { app, shop } = ctx();
      const owner = (await shop.admin()).cookie;
      const { cookie, order, chillerLine } = await place(shop, 'PayPal');
      const created = (await app.inject({ method: 'POST', url: `/api/orders/${order.id}/paypal`, headers: { cookie } })).json() as PayPalCreated;
      paypal().approve(created.id);
      const paid = (
        await app.inject({ method: 'POST', url: `/api/orders/${order.id}/paypal/capture`, headers: { cookie }, payload: { id: created.id } })
      ).json() as Order;
      expect(paid.isPaid).toBe(true);
      // Refunded in PayPal's dashboard meanwhile.
      const captureId = [...paypal().capturesById].find(([, c]) => c.customId === order.id)![0];
      paypal().refunds.set('DASHBOARD1', { captureId, value: '31.00' });
      const refused = await shop.refund(order.id, owner, [{ item: chillerLine, qty: 1 }]);
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ code: 'REFUND_PROVIDER_REFUSED', message: expect.stringContaining('REFUND_AMOUNT_EXCEEDED') });
      expect(await shop.orderOf(order.id, cookie)).toMatchObject({ status: 'paid', refund: null });
    });

    test('a refused cash-on-delivery parcel: flagged by the tracking job once, returned by the admin with stock back once', async () => {
      const { app, config, shop } = ctx();
      const owner = (await shop.admin()).cookie;
      const { cookie, order, kettleLine, kettle, chiller } = await place(shop, 'NovaPoshta');
      const stock = async () => [await shop.stockOf(kettle.id), await shop.stockOf(chiller.id)];
      expect(await stock()).toEqual([8, 9]);
      const number = `2045${String(Date.now()).slice(-10)}`;
      const shipped = await app.inject({
        method: 'PUT',
        url: `/api/orders/${order.id}/ship`,
        headers: { cookie: owner },
        payload: { trackingNumber: number },
      });
      expect(shipped.statusCode).toBe(200);
      // Not paid: nothing to refund.
      expect((await shop.refund(order.id, owner, [{ item: kettleLine, qty: 1 }])).body.code).toBe('ORDER_NOT_PAID');

      novaPoshta().tracking.set(number, { Status: 'Відмова одержувача (отримувач відмовився від відправлення)', StatusCode: '103' });
      const jobCtx = { db: app.db, notices: noticeSettingsOf(config) };
      // Two instances run the round at once: the parcel is claimed and asked about once.
      const rounds = await Promise.all([refreshTracking(jobCtx, config.novaPoshta), refreshTracking(jobCtx, config.novaPoshta)]);
      expect(rounds.reduce((sum, r) => sum + r.checked, 0)).toBe(1);
      expect(rounds.reduce((sum, r) => sum + r.refused, 0)).toBe(1);
      // A later round sees the same refusal: no second flag, no second letter.
      await refreshTracking(jobCtx, config.novaPoshta, new Date(Date.now() + 60 * 60_000));
      const flagged = await shop.orderOf(order.id, owner);
      expect(flagged).toMatchObject({ status: 'shipped', parcelRefused: { status: expect.stringContaining('Відмова одержувача') } });
      expect((await lettersOf(app, order.id)).filter((l) => l.includes('Відмова отримувача'))).toEqual([
        expect.stringMatching(/^owner@shop\.example: Відмова отримувача: замовлення №\d+/),
      ]);

      // "Підтвердити повернення" twice at once: one returns the stock, the other is refused.
      const both = await Promise.all(
        [1, 2].map(async () => (await app.inject({ method: 'PUT', url: `/api/orders/${order.id}/return`, headers: { cookie: owner } })).json() as Body),
      );
      expect(both.map((b) => b.code ?? b.status).sort()).toEqual(['ORDER_ALREADY_RETURNED', 'returned']);
      expect(await stock()).toEqual([10, 10]);
      const returned = await shop.orderOf(order.id, cookie);
      expect(returned).toMatchObject({ status: 'returned', returnedAt: expect.any(String), isPaid: false });
      const shopper = await app.inject({ method: 'PUT', url: `/api/orders/${order.id}/return`, headers: { cookie } });
      expect(shopper.statusCode).toBe(403);
    });

    test('cash on delivery paid on receipt is refunded by hand, with the admin’s note', async () => {
      const { app, shop } = ctx();
      const owner = (await shop.admin()).cookie;
      const { order, chillerLine } = await place(shop, 'NovaPoshta');
      await app.inject({ method: 'PUT', url: `/api/orders/${order.id}/ship`, headers: { cookie: owner }, payload: { trackingNumber: '20450000000777' } });
      await app.inject({ method: 'PUT', url: `/api/orders/${order.id}/deliver`, headers: { cookie: owner } });
      const done = await shop.refund(order.id, owner, [{ item: chillerLine, qty: 1 }], 'Переказано на картку покупця 25.11');
      expect(done.status).toBe(200);
      expect(done.body).toMatchObject({ status: 'delivered', refund: { amount: 300 } });
      expect(done.body.refunds).toEqual([expect.objectContaining({ provider: 'manual', status: 'succeeded', reason: 'Переказано на картку покупця 25.11' })]);
      const bad = await app.inject({ method: 'PUT', url: `/api/orders/${order.id}/refund`, headers: { cookie: owner }, payload: { lines: [], reason: '' } });
      expect(bad.statusCode).toBe(400);
    });

    test('a LiqPay payment for an order already cancelled is refunded at once; a failed refund is flagged and the owner told', async () => {
      const { app, shop } = ctx();
      const owner = (await shop.admin()).cookie;
      const { cookie, order } = await place(shop, 'LiqPay');
      expect((await app.inject({ method: 'PUT', url: `/api/orders/${order.id}/cancel`, headers: { cookie } })).statusCode).toBe(200);
      const paymentId = liqpay().addPayment(order.id, order.totalPrice);
      expect(await shop.liqpayCallback(shop.liqpaySuccess(order, paymentId))).toEqual({ status: 200, body: { paid: false } });
      expect(liqpay().payments.get(order.id)?.refunded).toBe(1300);
      // LiqPay repeats its callback: refunded once.
      await shop.liqpayCallback(shop.liqpaySuccess(order, paymentId));
      expect(liqpay().requests.filter((r) => r.order_id === order.id)).toHaveLength(1);
      const after = await shop.orderOf(order.id, owner);
      expect(after).toMatchObject({ status: 'cancelled', isPaid: false, refund: { amount: 1300 }, paymentAttention: null });
      expect(after.refunds).toEqual([expect.objectContaining({ provider: 'liqpay', status: 'succeeded', amount: 1300 })]);

      // LiqPay does not know the payment (it refuses the refund): the order is flagged, the owner told.
      const other = await place(shop, 'LiqPay');
      await app.inject({ method: 'PUT', url: `/api/orders/${other.order.id}/cancel`, headers: { cookie: other.cookie } });
      expect((await shop.liqpayCallback(shop.liqpaySuccess(other.order, 1_999_999_999))).body).toEqual({ paid: false });
      const flagged = await shop.orderOf(other.order.id, owner);
      expect(flagged.paymentAttention).toMatch(/не вдалося/);
      expect((await lettersOf(app, other.order.id)).some((l) => l.startsWith('owner@shop.example: Потрібна дія'))).toBe(true);
    });

    test('a PayPal capture landing on an order cancelled a moment earlier is refunded, not kept', async () => {
      const { app, shop } = ctx();
      const { cookie, order } = await place(shop, 'PayPal');
      const created = (await app.inject({ method: 'POST', url: `/api/orders/${order.id}/paypal`, headers: { cookie } })).json() as PayPalCreated;
      paypal().approve(created.id);
      // The shopper cancels in another tab while PayPal captures.
      paypal().beforeCapture = async () => {
        const cancelled = await app.inject({ method: 'PUT', url: `/api/orders/${order.id}/cancel`, headers: { cookie } });
        expect(cancelled.statusCode).toBe(200);
      };
      const captured = await app.inject({ method: 'POST', url: `/api/orders/${order.id}/paypal/capture`, headers: { cookie }, payload: { id: created.id } });
      expect(captured.statusCode).toBe(409);
      expect(captured.json()).toMatchObject({ code: 'ORDER_CANCELLED_PAYMENT_REFUNDED' });
      const captureId = [...paypal().capturesById].find(([, c]) => c.customId === order.id)![0];
      expect([...paypal().refunds.values()].filter((r) => r.captureId === captureId).map((r) => r.value)).toEqual(['31.53']);
      const after = await shop.orderOf(order.id, cookie);
      expect(after).toMatchObject({ status: 'cancelled', isPaid: false, refund: { amount: 1300 } });
    });
  },
  { env },
);
