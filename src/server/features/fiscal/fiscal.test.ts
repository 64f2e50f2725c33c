import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import type { AdminFiscalReceipt } from '../../../shared/fiscal.js';
import type { Order } from '../../../shared/orders.js';
import { buildApp } from '../../app.js';
import { fiscalReceipts, outboxMessages, productVariants } from '../../db/schema.js';
import { describeWithApp } from '../../test/database.js';
import { createProduct } from '../../test/factories.js';
import { useFakeCheckbox, useFakePayPal, type OrderReply, type ShopDriver } from '../../test/driver.js';
import { useShopSettings } from '../../test/payment-methods.js';
import { issueReturnReceipt } from './index.js';
import { receiptIdFor, sellReceiptBody } from './receipt-body.js';
import { kyivClock } from './worker.js';

/** A receipt's good code is the pack's SKU (receipt-body.ts). */
const skuOf = async (app: FastifyInstance, productId: string) =>
  (await app.db.select({ sku: productVariants.sku }).from(productVariants).where(eq(productVariants.productId, productId)))[0].sku;

const LIQPAY = { LIQPAY_PUBLIC_KEY: 'sandbox_i1', LIQPAY_PRIVATE_KEY: 'sandbox_private', SITE_URL: 'https://shop.example' };
// Filled before the apps are built: describeWithApp reads it in its own beforeAll.
const env: Record<string, string> = { ...LIQPAY, PAYMENTS_TEST_MODE: 'false', USD_UAH_RATE: '41.2345' };
const fakeCheckbox = useFakeCheckbox(env);
const { paypal } = useFakePayPal(env);
const pinEnv: Record<string, string> = {};
beforeAll(() => {
  Object.assign(pinEnv, { ...env, CHECKBOX_LOGIN: '', CHECKBOX_PASSWORD: '', CHECKBOX_PIN: fakeCheckbox().pinCode });
});

const ADDRESS = { address: 'Леся Українка', city: 'Львів', phoneNumber: '+380501112233', country: 'Відділення №3' };

/** An order of two lines (one discounted) by a signed-in shopper. */
async function placeOrder(shop: ShopDriver, paymentMethod: string) {
  const { user, cookie } = await shop.customer();
  const hops = await createProduct(shop.app.db, { priceMinor: 120_50 });
  const yeast = await createProduct(shop.app.db, { priceMinor: 200_00, discount: 10 });
  const order = await shop.orderPlaced({
    as: { user, cookie },
    lines: [
      { product: hops.id, qty: 3 },
      { product: yeast.id, qty: 1 },
    ],
    shippingAddress: ADDRESS,
    paymentMethod,
  });
  return { user, cookie, order, products: { hops, yeast } };
}

/** Paid through LiqPay under a payment number of the order's own. */
const payByLiqPay = (shop: ShopDriver, order: OrderReply) => shop.paidByLiqPay(order, 1_000_000 + parseInt(order.id.slice(0, 5), 16));

const receiptsOf = async (app: FastifyInstance, orderId: string) => app.db.select().from(fiscalReceipts).where(eq(fiscalReceipts.orderId, orderId));

const checkboxReceiptsOf = (ids: string[]) => [...fakeCheckbox().receipts.values()].filter((receipt) => ids.includes(receipt.id));

describeWithApp(
  'fiscal receipts through Checkbox',
  (ctx) => {
    useShopSettings(ctx);

    test('a LiqPay payment owes a sale receipt; the worker issues it, the order shows it and the shopper gets a letter', async () => {
      const { app, shop } = ctx();
      const { cookie, order, products } = await placeOrder(shop, 'LiqPay');
      await payByLiqPay(shop, order);
      const [owed] = await receiptsOf(app, order.id);
      expect(owed).toMatchObject({ kind: 'sell', state: 'pending', totalMinor: Math.round(order.totalPrice * 100) });
      // Nothing goes to Checkbox inside the payment's request.
      expect(fakeCheckbox().receipts.has(owed.checkboxReceiptId)).toBe(false);

      expect(await app.fiscal!.flush()).toMatchObject({ issued: 1 });
      const sent = fakeCheckbox().receipts.get(owed.checkboxReceiptId)!;
      expect(sent.status).toBe('DONE');
      // Lines at the price paid (the discount is already in it), quantities in thousandths, CASHLESS, e-mail for the e-receipt.
      expect(sent.goods).toEqual(
        expect.arrayContaining([
          { good: { code: await skuOf(app, products.hops.id), name: products.hops.name, price: 120_50 }, quantity: 3000 },
          { good: { code: await skuOf(app, products.yeast.id), name: products.yeast.name, price: 180_00 }, quantity: 1000 },
        ]),
      );
      expect(sent.payments).toEqual([{ type: 'CASHLESS', value: sent.total_sum }]);
      expect(sent.total_sum).toBe(Math.round(order.totalPrice * 100));
      expect(sent.delivery?.email).toMatch(/@/);

      const shown = (await app.inject({ url: `/api/orders/${order.id}`, headers: { cookie } })).json() as Order;
      expect(shown.receipts).toEqual([
        { kind: 'sell', state: 'issued', fiscalCode: sent.fiscal_code, url: `${fakeCheckbox().url}/api/v1/receipts/${sent.id}/html` },
      ]);
      const letters = await app.db.select().from(outboxMessages).where(eq(outboxMessages.orderId, order.id));
      const letter = letters.find((m) => m.subject.startsWith('Ваш фіскальний чек'));
      expect(letter?.textBody).toContain(sent.fiscal_code!);
      expect(letter?.textBody).toContain(sent.id);

      // A replayed callback and another round issue nothing more.
      await payByLiqPay(shop, order);
      expect(await app.fiscal!.flush()).toEqual({ issued: 0, failed: 0, retried: 0 });
      expect(await receiptsOf(app, order.id)).toHaveLength(1);
    });

    test('a PayPal capture owes a receipt, issued once', async () => {
      const { app, shop } = ctx();
      const { cookie, order } = await placeOrder(shop, 'PayPal');
      paypal().autoApprove = true;
      const created = await app.inject({ method: 'POST', url: `/api/orders/${order.id}/paypal`, headers: { cookie } });
      expect(created.statusCode).toBe(200);
      const captured = await app.inject({
        method: 'POST',
        url: `/api/orders/${order.id}/paypal/capture`,
        headers: { cookie },
        payload: { id: (created.json() as { id: string }).id },
      });
      paypal().autoApprove = false;
      expect(captured.statusCode).toBe(200);
      expect((captured.json() as Order).receipts).toEqual([{ kind: 'sell', state: 'pending', fiscalCode: null, url: null }]);
      expect(await app.fiscal!.flush()).toMatchObject({ issued: 1 });
      const [row] = await receiptsOf(app, order.id);
      expect(row).toMatchObject({ state: 'issued', paymentKey: `paypal:${(created.json() as { id: string }).id}` });
    });

    test('a transfer confirmed by the admin owes a receipt; cash on delivery owes one when the parcel is delivered', async () => {
      const { app, shop } = ctx();
      const adminCookie = (await shop.admin()).cookie;
      const step = (id: string, action: string, payload?: object) =>
        app.inject({ method: 'PUT', url: `/api/orders/${id}/${action}`, headers: { cookie: adminCookie }, ...(payload ? { payload } : {}) });

      const transfer = (await placeOrder(shop, 'PrivatBank')).order;
      expect((await step(transfer.id, 'mark-paid')).statusCode).toBe(200);
      expect(await receiptsOf(app, transfer.id)).toMatchObject([{ kind: 'sell', paymentKey: 'offline:card_transfer' }]);

      const cod = (await placeOrder(shop, 'NovaPoshta')).order;
      expect((await step(cod.id, 'ship', { trackingNumber: '20450000000001' })).statusCode).toBe(200);
      // Shipped is not paid: nothing is owed until the shopper pays at the branch.
      expect(await receiptsOf(app, cod.id)).toEqual([]);
      expect((await step(cod.id, 'deliver')).statusCode).toBe(200);
      expect(await receiptsOf(app, cod.id)).toMatchObject([{ kind: 'sell', paymentKey: 'offline:cash_on_delivery' }]);

      expect(await app.fiscal!.flush()).toMatchObject({ issued: 2 });
      const ids = [...(await receiptsOf(app, transfer.id)), ...(await receiptsOf(app, cod.id))].map((r) => r.checkboxReceiptId);
      const sent = checkboxReceiptsOf(ids);
      expect(sent.map((r) => r.payments[0].type)).toEqual(['CASHLESS', 'CASHLESS']);

      const admins = await app.inject({ url: `/api/orders/${cod.id}/receipts`, headers: { cookie: adminCookie } });
      expect(admins.statusCode).toBe(200);
      expect(admins.json()).toMatchObject([{ kind: 'sell', state: 'issued', attempts: 1, lastError: null }]);
    });

    test('Checkbox down for a while: receipts wait with back-off and are all issued once it is back, none twice', async () => {
      const { app, shop } = ctx();
      const orders = [(await placeOrder(shop, 'LiqPay')).order, (await placeOrder(shop, 'LiqPay')).order];
      for (const order of orders) await payByLiqPay(shop, order);
      fakeCheckbox().down = true;
      expect(await app.fiscal!.flush()).toMatchObject({ issued: 0, retried: 2 });
      const waiting = (await Promise.all(orders.map((o) => receiptsOf(app, o.id)))).flat();
      expect(waiting.every((r) => r.state === 'pending' && r.attempts === 1 && r.lastError?.includes('503'))).toBe(true);
      // Not due again until the back-off has passed.
      expect(await app.fiscal!.flush()).toEqual({ issued: 0, failed: 0, retried: 0 });

      fakeCheckbox().down = false;
      expect(await app.fiscal!.flush(new Date(Date.now() + 60 * 60_000))).toMatchObject({ issued: 2 });
      const ids = waiting.map((r) => r.checkboxReceiptId);
      expect(checkboxReceiptsOf(ids).map((r) => r.status)).toEqual(['DONE', 'DONE']);
    });

    test('a timeout after Checkbox made the receipt: the retry finds it by its id instead of issuing another', async () => {
      const { app, shop } = ctx();
      const { order } = await placeOrder(shop, 'LiqPay');
      await payByLiqPay(shop, order);
      const before = fakeCheckbox().receipts.size;
      fakeCheckbox().swallowNextReceiptMs = 1_500;
      expect(await app.fiscal!.flush()).toMatchObject({ retried: 1 });
      const [row] = await receiptsOf(app, order.id);
      expect(row.lastError).toMatch(/in time/);
      expect(await app.fiscal!.flush(new Date(Date.now() + 60 * 60_000))).toMatchObject({ issued: 1 });
      expect(fakeCheckbox().receipts.size).toBe(before + 1);
    });

    test('two app instances on one database: each receipt is issued exactly once', async () => {
      const { app, config, database, shop } = ctx();
      const second = await buildApp(config, { database, logger: false });
      try {
        const orders = [];
        for (let i = 0; i < 4; i++) orders.push((await placeOrder(shop, 'LiqPay')).order);
        for (const order of orders) await payByLiqPay(shop, order);
        const before = fakeCheckbox().receipts.size;
        const [a, b] = await Promise.all([app.fiscal!.flush(), second.fiscal!.flush()]);
        expect(a.issued + b.issued).toBe(4);
        expect(fakeCheckbox().receipts.size).toBe(before + 4);
        const rows = (await Promise.all(orders.map((o) => receiptsOf(app, o.id)))).flat();
        expect(rows.map((r) => r.state)).toEqual(['issued', 'issued', 'issued', 'issued']);
      } finally {
        await second.close();
      }
    });

    test('no shift open: one is opened and waited for; an expired token is renewed by signing in again', async () => {
      const { app, shop } = ctx();
      // Close whatever earlier tests left open.
      const open = fakeCheckbox().currentShift();
      if (open) open.status = 'CLOSED';
      const shifts = fakeCheckbox().shifts.length;
      const { order } = await placeOrder(shop, 'LiqPay');
      await payByLiqPay(shop, order);
      const signIns = fakeCheckbox().signIns;
      fakeCheckbox().revokeTokens();
      expect(await app.fiscal!.flush()).toMatchObject({ issued: 1 });
      expect(fakeCheckbox().shifts.length).toBe(shifts + 1);
      expect(fakeCheckbox().currentShift()?.status).toBe('OPENED');
      expect(fakeCheckbox().signIns).toBe(signIns + 1);
    });

    test('the daily Z-report: closed once the closing hour has come in Kyiv, once a day, by one instance', async () => {
      const { app, config, database } = ctx();
      if (!fakeCheckbox().currentShift()) fakeCheckbox().openShiftNow();
      // 2026-11-25 21:30 UTC is 23:30 in Kyiv (UTC+2 in winter); 20:30 UTC is 22:30.
      expect(kyivClock(new Date('2026-11-25T21:30:00Z'))).toEqual({ day: '2026-11-25', hour: 23 });
      expect(await app.fiscal!.closeShiftIfDue(new Date('2026-11-25T20:30:00Z'))).toBe('not-due');
      const second = await buildApp(config, { database, logger: false });
      try {
        const zReports = fakeCheckbox().zReports;
        const at = new Date('2026-11-25T21:30:00Z');
        const results = await Promise.all([app.fiscal!.closeShiftIfDue(at), second.fiscal!.closeShiftIfDue(at)]);
        expect(results.sort()).toEqual(['closed', 'taken']);
        expect(fakeCheckbox().zReports).toBe(zReports + 1);
        expect(fakeCheckbox().currentShift()).toBeNull();
        expect(await app.fiscal!.closeShiftIfDue(new Date('2026-11-25T21:50:00Z'))).toBe('taken');
      } finally {
        await second.close();
      }
    });

    test('Checkbox refuses a receipt: it is marked failed with the reason, and the admin can send it again', async () => {
      const { app, shop } = ctx();
      const adminCookie = (await shop.admin()).cookie;
      const { order } = await placeOrder(shop, 'LiqPay');
      await payByLiqPay(shop, order);
      fakeCheckbox().failSigning = true;
      expect(await app.fiscal!.flush()).toMatchObject({ failed: 1 });
      const failed = (await app.inject({ url: `/api/orders/${order.id}/receipts`, headers: { cookie: adminCookie } })).json() as AdminFiscalReceipt[];
      expect(failed).toMatchObject([{ state: 'failed', lastError: expect.stringContaining('ERROR') }]);
      const retry = await app.inject({ method: 'POST', url: `/api/orders/${order.id}/receipts/retry`, headers: { cookie: adminCookie } });
      expect(retry.statusCode).toBe(200);
      expect(retry.json()).toMatchObject([{ state: 'pending' }]);
      const again = await app.inject({ method: 'POST', url: `/api/orders/${order.id}/receipts/retry`, headers: { cookie: adminCookie } });
      expect(again.json()).toMatchObject({ code: 'NO_FAILED_RECEIPTS' });
    });

    test('the admin routes: admins only, unknown orders 404, a bad id 400', async () => {
      const { app, shop } = ctx();
      const { cookie, order } = await placeOrder(shop, 'LiqPay');
      const adminCookie = (await shop.admin()).cookie;
      expect((await app.inject({ url: `/api/orders/${order.id}/receipts` })).statusCode).toBe(401);
      expect((await app.inject({ url: `/api/orders/${order.id}/receipts`, headers: { cookie } })).statusCode).toBe(403);
      expect((await app.inject({ url: '/api/orders/00000000-0000-4000-8000-000000000000/receipts', headers: { cookie: adminCookie } })).json()).toMatchObject({
        code: 'ORDER_NOT_FOUND',
      });
      expect((await app.inject({ url: '/api/orders/nope/receipts', headers: { cookie: adminCookie } })).statusCode).toBe(400);
      const status = await app.inject({ url: '/api/fiscal/status', headers: { cookie: adminCookie } });
      expect(status.json()).toEqual({ configured: true, apiUrl: fakeCheckbox().url, shiftCloseHour: 23 });
      expect((await app.inject({ url: '/api/fiscal/status', headers: { cookie } })).statusCode).toBe(403);
    });

    test('issueReturnReceipt: refunded lines get a return receipt after the sale, never more than was sold', async () => {
      const { app, shop } = ctx();
      const { order, products } = await placeOrder(shop, 'LiqPay');
      const hopsLine = order.orderItems.find((item) => item.product === products.hops.id)!;
      // Not sold through a receipt yet: nothing to return.
      await expect(app.db.transaction((tx) => issueReturnReceipt(tx, order.id, [{ orderItemId: hopsLine.id, qty: 1 }]))).rejects.toMatchObject({
        code: 'RECEIPT_NOT_SOLD',
      });
      await payByLiqPay(shop, order);
      const owed = await app.db.transaction((tx) => issueReturnReceipt(tx, order.id, [{ orderItemId: hopsLine.id, qty: 2 }], 'refund-1'));
      expect(owed).toEqual({ kind: 'return', state: 'pending', fiscalCode: null, url: null });
      // The same refund again owes nothing more; more than is left is refused.
      await app.db.transaction((tx) => issueReturnReceipt(tx, order.id, [{ orderItemId: hopsLine.id, qty: 2 }], 'refund-1'));
      await expect(app.db.transaction((tx) => issueReturnReceipt(tx, order.id, [{ orderItemId: hopsLine.id, qty: 2 }], 'refund-2'))).rejects.toMatchObject({
        code: 'RETURN_TOO_MANY',
      });
      await expect(app.db.transaction((tx) => issueReturnReceipt(tx, order.id, [{ orderItemId: order.id, qty: 1 }]))).rejects.toMatchObject({
        code: 'RETURN_LINES_INVALID',
      });

      expect(await app.fiscal!.flush()).toMatchObject({ issued: 2 });
      const rows = await receiptsOf(app, order.id);
      const ret = rows.find((r) => r.kind === 'return')!;
      const sent = fakeCheckbox().receipts.get(ret.checkboxReceiptId)!;
      expect(sent.goods).toEqual([
        { good: { code: await skuOf(app, products.hops.id), name: products.hops.name, price: 120_50 }, quantity: 2000, is_return: true },
      ]);
      expect(sent.payments).toEqual([{ type: 'CASHLESS', value: 241_00 }]);
      expect(ret.state).toBe('issued');
    });
  },
  { env },
);

describeWithApp(
  'fiscal receipts with the cashier’s PIN',
  (ctx) => {
    test('signs in by PIN with the licence key and issues the receipt', async () => {
      const { app, shop } = ctx();
      const { order } = await placeOrder(shop, 'LiqPay');
      await payByLiqPay(shop, order);
      const signIns = fakeCheckbox().signIns;
      expect(await app.fiscal!.flush()).toMatchObject({ issued: 1 });
      expect(fakeCheckbox().signIns).toBe(signIns + 1);
      expect(fakeCheckbox().requests).toContain('POST /api/v1/cashier/signinPinCode');
    });
  },
  { env: pinEnv },
);

describeWithApp(
  'fiscal receipts without Checkbox set up',
  (ctx) => {
    test('nothing is sent; the admin is told it is not set up', async () => {
      const { app, shop } = ctx();
      expect(app.fiscal).toBeNull();
      const requests = fakeCheckbox().requests.length;
      const { order } = await placeOrder(shop, 'LiqPay');
      await payByLiqPay(shop, order);
      expect(fakeCheckbox().requests.length).toBe(requests);
      const status = await app.inject({ url: '/api/fiscal/status', headers: { cookie: (await shop.admin()).cookie } });
      expect(status.json()).toEqual({ configured: false, apiUrl: null, shiftCloseHour: null });
    });
  },
  { env: LIQPAY },
);

describe('receipt bodies', () => {
  test('the receipt id is a UUID derived from what it is for', () => {
    expect(receiptIdFor('a:sell:liqpay:1')).toBe(receiptIdFor('a:sell:liqpay:1'));
    expect(receiptIdFor('a:sell:liqpay:1')).not.toBe(receiptIdFor('a:sell:liqpay:2'));
    expect(receiptIdFor('x')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  test('delivery and tax are lines of their own, so the goods add up to the total; a mismatch is refused', () => {
    const order = { id: 'o', shippingMinor: 80_00, taxMinor: 5_00, totalMinor: 185_00 } as Parameters<typeof sellReceiptBody>[0];
    const item = { id: 'i', productId: 'p', name: 'Хміль', priceMinor: 100_00, qty: 1 } as Parameters<typeof sellReceiptBody>[1][0];
    const { body, totalMinor } = sellReceiptBody(order, [item], null);
    expect(totalMinor).toBe(185_00);
    expect(body.goods.map((g) => g.good.code)).toEqual(['p', 'delivery', 'tax']);
    expect(body.delivery).toBeUndefined();
    // A variant's SKU, once order lines carry one, is the code.
    expect(sellReceiptBody(order, [{ ...item, sku: 'HOP-CAS-50' } as typeof item], 'a@b.ua').body.goods[0].good.code).toBe('HOP-CAS-50');
    expect(() => sellReceiptBody({ ...order, totalMinor: 1 }, [item], null)).toThrow();
  });
});
