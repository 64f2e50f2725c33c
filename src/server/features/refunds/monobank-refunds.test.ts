import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, expect, test } from 'vitest';
import type { GuestOrder, MonobankInvoice, Order } from '../../../shared/orders.js';
import { outboxMessages } from '../../db/schema.js';
import { describeWithApp } from '../../test/database.js';
import { createProduct, createUser, sessionCookie } from '../../test/factories.js';
import { startFakeMonobank, type FakeMonobank } from '../../test/fakes/monobank.js';
import { MonobankClient, RefundOutcomeUnknown, RefundRefused } from '../payments/index.js';

/** Refunds through monobank's invoice/cancel (docs/payments.md, "Refunds"), against the fake monobank. */

let monobank: FakeMonobank;
// Filled before the apps are built: describeWithApp reads it in its own beforeAll.
const env: Record<string, string> = {};

beforeAll(async () => {
  monobank = await startFakeMonobank();
  Object.assign(env, {
    MONOBANK_TOKEN: monobank.token,
    MONOBANK_API_URL: monobank.url,
    SITE_URL: 'https://shop.example',
    SHOP_NOTIFY_EMAIL: 'owner@shop.example',
    GUEST_ORDER_RATE_LIMIT: '1000',
    PAYMENTS_TEST_MODE: 'false',
  });
});
afterAll(async () => {
  await monobank?.close();
});
beforeEach(() => {
  // The tests deliver webhooks themselves (the app is not listening): the fake only records.
  monobank.sendWebhooks = false;
  monobank.cancelStatus = 'success';
});
afterEach(() => {
  expect(monobank.unhandled, 'requests the fake monobank does not know').toEqual([]);
});

const ADDRESS = { address: 'Леся Українка', city: 'Біла Церква', phoneNumber: '+380501112233', country: 'Відділення №3: вул. Ярослава Мудрого, 40' };

/** A guest's monobank order of two lines: 2 × 500 грн and 1 × 300 грн (1 300 грн), with its invoice. */
async function placed(app: FastifyInstance) {
  const [kettle, chiller] = await Promise.all([createProduct(app.db, { priceMinor: 500_00 }), createProduct(app.db, { priceMinor: 300_00 })]);
  const res = await app.inject({
    method: 'POST',
    url: '/api/orders/guest',
    payload: {
      orderItems: [
        { product: kettle.id, qty: 2 },
        { product: chiller.id, qty: 1 },
      ],
      shippingAddress: ADDRESS,
      paymentMethod: 'Monobank',
      email: 'guest@example.com',
    },
  });
  expect(res.statusCode).toBe(201);
  const order = res.json() as GuestOrder;
  const invoice = await app.inject({ method: 'POST', url: `/api/orders/guest/${order.accessToken}/monobank` });
  expect(invoice.statusCode).toBe(200);
  const line = (price: number) => order.orderItems.find((item) => item.price === price)!.id;
  return { order, invoiceId: (invoice.json() as MonobankInvoice).invoiceId, kettleLine: line(500), chillerLine: line(300) };
}

async function webhook(app: FastifyInstance, body: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/payments/monobank/webhook',
    headers: { 'content-type': 'application/json', 'x-sign': monobank.sign(body) },
    payload: body,
  });
  return { status: res.statusCode, body: res.json() as { paid?: boolean } };
}

/** A monobank order paid: monobank holds the payment and its webhook has told the shop. */
async function paid(app: FastifyInstance) {
  const order = await placed(app);
  expect(await webhook(app, monobank.setStatus(order.invoiceId, 'success'))).toEqual({ status: 200, body: { paid: true } });
  return order;
}

const admin = async (app: FastifyInstance) => sessionCookie(await createUser(app.db, { isAdmin: true }), app.config.jwtSecret);
async function refund(app: FastifyInstance, cookie: string, id: string, lines: { item: string; qty: number }[]) {
  const res = await app.inject({ method: 'PUT', url: `/api/orders/${id}/refund`, headers: { cookie }, payload: { lines, reason: 'Товар повернуто' } });
  return { status: res.statusCode, body: res.json() as Order & { code?: string; message?: string } };
}
const getOrder = async (app: FastifyInstance, cookie: string, id: string) =>
  (await app.inject({ url: `/api/orders/${id}`, headers: { cookie } })).json() as Order;
const cancelsOf = (invoiceId: string) => monobank.cancels.filter((c) => c.invoiceId === invoiceId);

describeWithApp(
  'refunds through monobank',
  (ctx) => {
    test('a partial refund through invoice/cancel keeps the order paid; the rest refunds it; the reversed webhook counts nothing twice', async () => {
      const { app } = ctx();
      const owner = await admin(app);
      const { order, invoiceId, kettleLine, chillerLine } = await paid(app);

      const first = await refund(app, owner, order.id, [{ item: chillerLine, qty: 1 }]);
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.body).toMatchObject({ status: 'paid', refund: { amount: 300 } });
      expect(first.body.refunds).toEqual([expect.objectContaining({ provider: 'monobank', status: 'succeeded', amount: 300 })]);
      // As monobank documents it: the invoice, the shop's own reference of the refund, kopiykas.
      const [asked] = cancelsOf(invoiceId);
      expect(asked).toEqual({ invoiceId, extRef: expect.any(String), amount: 300_00 });
      expect(monobank.invoices.get(invoiceId)).toMatchObject({ status: 'reversed', finalAmount: 1000_00 });

      // monobank's webhook of the reversal: already counted.
      const letters = (await app.db.select().from(outboxMessages).where(eq(outboxMessages.orderId, order.id))).length;
      expect(await webhook(app, monobank.statusBody(invoiceId))).toEqual({ status: 200, body: { paid: true } });
      expect((await getOrder(app, owner, order.id)).refund).toMatchObject({ amount: 300 });
      expect((await app.db.select().from(outboxMessages).where(eq(outboxMessages.orderId, order.id))).length).toBe(letters);

      // monobank still working on it (`processing`) has taken the refund: it counts as given back.
      monobank.cancelStatus = 'processing';
      const rest = await refund(app, owner, order.id, [{ item: kettleLine, qty: 2 }]);
      expect(rest.status, JSON.stringify(rest.body)).toBe(200);
      expect(rest.body).toMatchObject({ status: 'refunded', refund: { amount: 1300 } });
      expect(cancelsOf(invoiceId).map((c) => c.amount)).toEqual([300_00, 1000_00]);
      expect(monobank.invoices.get(invoiceId)).toMatchObject({ status: 'reversed', finalAmount: 0 });
      expect((await refund(app, owner, order.id, [{ item: kettleLine, qty: 1 }])).body.code).toBe('ORDER_ALREADY_REFUNDED');
    });

    test('two refunds of the same pieces at once: one passes, monobank is asked once', async () => {
      const { app } = ctx();
      const owner = await admin(app);
      const { order, invoiceId, chillerLine } = await paid(app);
      const both = await Promise.all([1, 2].map(() => refund(app, owner, order.id, [{ item: chillerLine, qty: 1 }])));
      expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(both.find((r) => r.status === 409)!.body.code).toBe('REFUND_TOO_MANY');
      expect(cancelsOf(invoiceId)).toHaveLength(1);
    });

    test('monobank refusing records the refund failed (409); no answer keeps it pending and counting (502, 504)', async () => {
      const { app } = ctx();
      const owner = await admin(app);
      const { order, invoiceId, kettleLine, chillerLine } = await paid(app);

      monobank.refuseNextCancel = 'Операція повернення недоступна';
      const refused = await refund(app, owner, order.id, [{ item: chillerLine, qty: 1 }]);
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ code: 'REFUND_PROVIDER_REFUSED' });
      expect(refused.body.message).toContain('monobank');
      let now = await getOrder(app, owner, order.id);
      expect(now).toMatchObject({ status: 'paid', refund: null });
      expect(now.refunds).toEqual([expect.objectContaining({ provider: 'monobank', status: 'failed' })]);

      monobank.failNext = 500;
      const failed = await refund(app, owner, order.id, [{ item: kettleLine, qty: 1 }]);
      expect(failed.status).toBe(502);
      expect(failed.body.code).toBe('REFUND_PROVIDER_UNAVAILABLE');

      monobank.failNext = 'garbage';
      const garbled = await refund(app, owner, order.id, [{ item: chillerLine, qty: 1 }]);
      expect(garbled.status).toBe(502);
      now = await getOrder(app, owner, order.id);
      expect(now).toMatchObject({ status: 'paid', refund: null });
      expect(now.refunds.map((r) => r.status)).toEqual(['failed', 'pending', 'pending']);
      // What may have gone keeps counting: never paid out twice.
      expect((await refund(app, owner, order.id, [{ item: kettleLine, qty: 2 }])).body.code).toBe('REFUND_TOO_MANY');
      expect(monobank.invoices.get(invoiceId)).toMatchObject({ status: 'success', finalAmount: 1300_00 });

      const other = await paid(app);
      monobank.failNext = 'hang';
      const timedOut = await refund(app, owner, other.order.id, [{ item: other.chillerLine, qty: 1 }]);
      expect(timedOut.status).toBe(504);
      expect(timedOut.body.code).toBe('REFUND_PROVIDER_TIMEOUT');
      expect((await getOrder(app, owner, other.order.id)).refunds.map((r) => r.status)).toEqual(['pending']);
    });

    test('a monobank payment for an order already cancelled goes back at once, once; a refused one is flagged for the owner', async () => {
      const { app } = ctx();
      const owner = await admin(app);
      const { order, invoiceId } = await placed(app);
      expect((await app.inject({ method: 'PUT', url: `/api/orders/${order.id}/cancel`, headers: { cookie: owner } })).statusCode).toBe(200);
      const success = monobank.setStatus(invoiceId, 'success');
      expect(await webhook(app, success)).toEqual({ status: 200, body: { paid: false } });
      expect(cancelsOf(invoiceId)).toEqual([{ invoiceId, extRef: expect.any(String), amount: 1300_00 }]);
      // monobank repeats its webhook: refunded once.
      await webhook(app, success);
      expect(cancelsOf(invoiceId)).toHaveLength(1);
      const after = await getOrder(app, owner, order.id);
      expect(after).toMatchObject({ status: 'cancelled', isPaid: false, refund: { amount: 1300 }, paymentAttention: null });
      expect(after.refunds).toEqual([expect.objectContaining({ provider: 'monobank', status: 'succeeded', amount: 1300 })]);

      const other = await placed(app);
      await app.inject({ method: 'PUT', url: `/api/orders/${other.order.id}/cancel`, headers: { cookie: owner } });
      monobank.refuseNextCancel = 'Операція повернення недоступна';
      expect((await webhook(app, monobank.setStatus(other.invoiceId, 'success'))).body).toEqual({ paid: false });
      const flagged = await getOrder(app, owner, other.order.id);
      expect(flagged.paymentAttention).toMatch(/не вдалося/);
      const letters = await app.db.select().from(outboxMessages).where(eq(outboxMessages.orderId, other.order.id));
      expect(letters.some((l) => l.recipient === 'owner@shop.example' && l.subject.startsWith('Потрібна дія'))).toBe(true);
    });
  },
  { env },
);

test('the fake refuses what monobank refuses and refunds one extRef once', async () => {
  const client = new MonobankClient({ token: monobank.token, apiUrl: monobank.url });
  const created = await client.createInvoice({
    amount: 500_00,
    ccy: 980,
    merchantPaymInfo: { reference: crypto.randomUUID(), destination: 'Оплата', basketOrder: [{ name: 'Хміль', qty: 1, sum: 500_00, code: 'h' }] },
    redirectUrl: 'https://shop.example/order/x',
    webHookUrl: 'https://shop.example/api/payments/monobank/webhook',
    validity: 60,
    paymentType: 'debit',
  });
  const { invoiceId } = created;
  // Not paid yet: nothing to give back.
  await expect(client.cancelInvoice({ invoiceId, extRef: 'r1', amount: 100 })).rejects.toThrow(RefundRefused);
  monobank.setStatus(invoiceId, 'success');
  await expect(client.cancelInvoice({ invoiceId, extRef: 'r1', amount: 600_00 })).rejects.toThrow(/invalid 'amount'/);
  await expect(client.cancelInvoice({ invoiceId: 'p2_unknown', extRef: 'r1', amount: 100 })).rejects.toThrow(/invoice not found/);
  expect(await client.cancelInvoice({ invoiceId, extRef: 'r1', amount: 100_00 })).toEqual({ status: 'success' });
  // The same refund asked again (a retry after a lost answer): answered, not paid twice.
  expect(await client.cancelInvoice({ invoiceId, extRef: 'r1', amount: 100_00 })).toEqual({ status: 'success' });
  expect(monobank.invoices.get(invoiceId)).toMatchObject({ status: 'reversed', finalAmount: 400_00 });
  await expect(client.cancelInvoice({ invoiceId, extRef: 'r1', amount: 200_00 })).rejects.toThrow(/already used/);
  const wrongToken = new MonobankClient({ token: 'wrong-token', apiUrl: monobank.url });
  await expect(wrongToken.cancelInvoice({ invoiceId, extRef: 'r2', amount: 100 })).rejects.toThrow(RefundRefused);
  monobank.failNext = 500;
  await expect(client.cancelInvoice({ invoiceId, extRef: 'r3', amount: 100 })).rejects.toThrow(RefundOutcomeUnknown);
  expect(monobank.invoices.get(invoiceId)).toMatchObject({ finalAmount: 400_00 });
});
