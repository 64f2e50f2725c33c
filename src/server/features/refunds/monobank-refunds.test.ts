import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { outboxMessages } from '../../db/schema.js';
import { describeWithApp } from '../../test/database.js';
import { freshPhone, useFakeMonobank, type ShopDriver } from '../../test/driver.js';
import { createProduct } from '../../test/factories.js';
import { MonobankClient, RefundOutcomeUnknown, RefundRefused } from '../payments/index.js';

/** Refunds through monobank's invoice/cancel (docs/payments.md, "Refunds"), against the fake monobank. */

// Filled before the apps are built: describeWithApp reads it in its own beforeAll.
const env: Record<string, string> = { SITE_URL: 'https://shop.example', SHOP_NOTIFY_EMAIL: 'owner@shop.example', PAYMENTS_TEST_MODE: 'false' };
const monobank = useFakeMonobank(env);

const ADDRESS = { address: 'Леся Українка', city: 'Біла Церква', phoneNumber: '+380501112233', country: 'Відділення №3: вул. Ярослава Мудрого, 40' };

/** A guest's monobank order of two lines: 2 × 500 грн and 1 × 300 грн (1 300 грн), with its invoice. */
async function placed(shop: ShopDriver) {
  const [kettle, chiller] = await Promise.all([createProduct(shop.app.db, { priceMinor: 500_00 }), createProduct(shop.app.db, { priceMinor: 300_00 })]);
  const order = await shop.orderPlaced({
    as: 'guest',
    lines: [
      { product: kettle.id, qty: 2 },
      { product: chiller.id, qty: 1 },
    ],
    shippingAddress: { ...ADDRESS, phoneNumber: freshPhone() },
    paymentMethod: 'Monobank',
    email: 'guest@example.com',
  });
  const invoice = await shop.monobankInvoice(order);
  expect(invoice.status).toBe(200);
  const line = (price: number) => order.orderItems.find((item) => item.price === price)!.id;
  return { order, invoiceId: invoice.body.invoiceId, kettleLine: line(500), chillerLine: line(300) };
}

/** monobank's signed webhook with an invoice's status body. */
const webhook = (shop: ShopDriver, body: string) => shop.monobankWebhook(body, monobank().sign(body));

/** A monobank order paid: monobank holds the payment and its webhook has told the shop. */
async function paid(shop: ShopDriver) {
  const order = await placed(shop);
  expect(await webhook(shop, monobank().setStatus(order.invoiceId, 'success'))).toEqual({ status: 200, body: { paid: true } });
  return order;
}

const cancelsOf = (invoiceId: string) => monobank().cancels.filter((c) => c.invoiceId === invoiceId);

describeWithApp(
  'refunds through monobank',
  (ctx) => {
    test('a partial refund through invoice/cancel keeps the order paid; the rest refunds it; the reversed webhook counts nothing twice', async () => {
      const { app, shop } = ctx();
      const owner = (await shop.admin()).cookie;
      const { order, invoiceId, kettleLine, chillerLine } = await paid(shop);

      const first = await shop.refund(order.id, owner, [{ item: chillerLine, qty: 1 }]);
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.body).toMatchObject({ status: 'paid', refund: { amount: 300 } });
      expect(first.body.refunds).toEqual([expect.objectContaining({ provider: 'monobank', status: 'succeeded', amount: 300 })]);
      // As monobank documents it: the invoice, the shop's own reference of the refund, kopiykas.
      const [asked] = cancelsOf(invoiceId);
      expect(asked).toEqual({ invoiceId, extRef: expect.any(String), amount: 300_00 });
      expect(monobank().invoices.get(invoiceId)).toMatchObject({ status: 'reversed', finalAmount: 1000_00 });

      // monobank's webhook of the reversal: already counted.
      const letters = (await app.db.select().from(outboxMessages).where(eq(outboxMessages.orderId, order.id))).length;
      expect(await webhook(shop, monobank().statusBody(invoiceId))).toEqual({ status: 200, body: { paid: true } });
      expect((await shop.orderOf(order.id, owner)).refund).toMatchObject({ amount: 300 });
      expect((await app.db.select().from(outboxMessages).where(eq(outboxMessages.orderId, order.id))).length).toBe(letters);

      // monobank still working on it (`processing`) has taken the refund: it counts as given back.
      monobank().cancelStatus = 'processing';
      const rest = await shop.refund(order.id, owner, [{ item: kettleLine, qty: 2 }]);
      expect(rest.status, JSON.stringify(rest.body)).toBe(200);
      expect(rest.body).toMatchObject({ status: 'refunded', refund: { amount: 1300 } });
      expect(cancelsOf(invoiceId).map((c) => c.amount)).toEqual([300_00, 1000_00]);
      expect(monobank().invoices.get(invoiceId)).toMatchObject({ status: 'reversed', finalAmount: 0 });
      expect((await shop.refund(order.id, owner, [{ item: kettleLine, qty: 1 }])).body.code).toBe('ORDER_ALREADY_REFUNDED');
    });

    test('two refunds of the same pieces at once: one passes, monobank is asked once', async () => {
      const { shop } = ctx();
      const owner = (await shop.admin()).cookie;
      const { order, invoiceId, chillerLine } = await paid(shop);
      const both = await Promise.all([1, 2].map(() => shop.refund(order.id, owner, [{ item: chillerLine, qty: 1 }])));
      expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(both.find((r) => r.status === 409)!.body.code).toBe('REFUND_TOO_MANY');
      expect(cancelsOf(invoiceId)).toHaveLength(1);
    });

    test('monobank refusing records the refund failed (409); no answer keeps it pending and counting (502, 504)', async () => {
      const { shop } = ctx();
      const owner = (await shop.admin()).cookie;
      const { order, invoiceId, kettleLine, chillerLine } = await paid(shop);

      monobank().refuseNextCancel = 'Операція повернення недоступна';
      const refused = await shop.refund(order.id, owner, [{ item: chillerLine, qty: 1 }]);
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ code: 'REFUND_PROVIDER_REFUSED' });
      expect(refused.body.message).toContain('monobank');
      let now = await shop.orderOf(order.id, owner);
      expect(now).toMatchObject({ status: 'paid', refund: null });
      expect(now.refunds).toEqual([expect.objectContaining({ provider: 'monobank', status: 'failed' })]);

      monobank().failNext = 500;
      const failed = await shop.refund(order.id, owner, [{ item: kettleLine, qty: 1 }]);
      expect(failed.status).toBe(502);
      expect(failed.body.code).toBe('REFUND_PROVIDER_UNAVAILABLE');

      monobank().failNext = 'garbage';
      const garbled = await shop.refund(order.id, owner, [{ item: chillerLine, qty: 1 }]);
      expect(garbled.status).toBe(502);
      now = await shop.orderOf(order.id, owner);
      expect(now).toMatchObject({ status: 'paid', refund: null });
      expect(now.refunds.map((r) => r.status)).toEqual(['failed', 'pending', 'pending']);
      // What may have gone keeps counting: never paid out twice.
      expect((await shop.refund(order.id, owner, [{ item: kettleLine, qty: 2 }])).body.code).toBe('REFUND_TOO_MANY');
      expect(monobank().invoices.get(invoiceId)).toMatchObject({ status: 'success', finalAmount: 1300_00 });

      const other = await paid(shop);
      monobank().failNext = 'hang';
      const timedOut = await shop.refund(other.order.id, owner, [{ item: other.chillerLine, qty: 1 }]);
      expect(timedOut.status).toBe(504);
      expect(timedOut.body.code).toBe('REFUND_PROVIDER_TIMEOUT');
      expect((await shop.orderOf(other.order.id, owner)).refunds.map((r) => r.status)).toEqual(['pending']);
    });

    test('a monobank payment for an order already cancelled goes back at once, once; a refused one is flagged for the owner', async () => {
      const { app, shop } = ctx();
      const owner = (await shop.admin()).cookie;
      const { order, invoiceId } = await placed(shop);
      expect((await app.inject({ method: 'PUT', url: `/api/orders/${order.id}/cancel`, headers: { cookie: owner } })).statusCode).toBe(200);
      const success = monobank().setStatus(invoiceId, 'success');
      expect(await webhook(shop, success)).toEqual({ status: 200, body: { paid: false } });
      expect(cancelsOf(invoiceId)).toEqual([{ invoiceId, extRef: expect.any(String), amount: 1300_00 }]);
      // monobank repeats its webhook: refunded once.
      await webhook(shop, success);
      expect(cancelsOf(invoiceId)).toHaveLength(1);
      const after = await shop.orderOf(order.id, owner);
      expect(after).toMatchObject({ status: 'cancelled', isPaid: false, refund: { amount: 1300 }, paymentAttention: null });
      expect(after.refunds).toEqual([expect.objectContaining({ provider: 'monobank', status: 'succeeded', amount: 1300 })]);

      const other = await placed(shop);
      await app.inject({ method: 'PUT', url: `/api/orders/${other.order.id}/cancel`, headers: { cookie: owner } });
      monobank().refuseNextCancel = 'Операція повернення недоступна';
      expect((await webhook(shop, monobank().setStatus(other.invoiceId, 'success'))).body).toEqual({ paid: false });
      const flagged = await shop.orderOf(other.order.id, owner);
      expect(flagged.paymentAttention).toMatch(/не вдалося/);
      const letters = await app.db.select().from(outboxMessages).where(eq(outboxMessages.orderId, other.order.id));
      expect(letters.some((l) => l.recipient === 'owner@shop.example' && l.subject.startsWith('Потрібна дія'))).toBe(true);
    });
  },
  { env },
);

test('the fake refuses what monobank refuses and refunds one extRef once', async () => {
  const client = new MonobankClient({ token: monobank().token, apiUrl: monobank().url });
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
  monobank().setStatus(invoiceId, 'success');
  await expect(client.cancelInvoice({ invoiceId, extRef: 'r1', amount: 600_00 })).rejects.toThrow(/invalid 'amount'/);
  await expect(client.cancelInvoice({ invoiceId: 'p2_unknown', extRef: 'r1', amount: 100 })).rejects.toThrow(/invoice not found/);
  expect(await client.cancelInvoice({ invoiceId, extRef: 'r1', amount: 100_00 })).toEqual({ status: 'success' });
  // The same refund asked again (a retry after a lost answer): answered, not paid twice.
  expect(await client.cancelInvoice({ invoiceId, extRef: 'r1', amount: 100_00 })).toEqual({ status: 'success' });
  expect(monobank().invoices.get(invoiceId)).toMatchObject({ status: 'reversed', finalAmount: 400_00 });
  await expect(client.cancelInvoice({ invoiceId, extRef: 'r1', amount: 200_00 })).rejects.toThrow(/already used/);
  const wrongToken = new MonobankClient({ token: 'wrong-token', apiUrl: monobank().url });
  await expect(wrongToken.cancelInvoice({ invoiceId, extRef: 'r2', amount: 100 })).rejects.toThrow(RefundRefused);
  monobank().failNext = 500;
  await expect(client.cancelInvoice({ invoiceId, extRef: 'r3', amount: 100 })).rejects.toThrow(RefundOutcomeUnknown);
  expect(monobank().invoices.get(invoiceId)).toMatchObject({ finalAmount: 400_00 });
});
