import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import type { PackingSlips } from '../../../shared/packing.js';
import { fiscalReceipts, orderItems, orders } from '../../db/schema.js';
import { describeWithApp } from '../../test/database.js';
import { useFakeNovaPoshta } from '../../test/driver.js';
import { createOrder, createProduct, pack } from '../../test/factories.js';

const env: Record<string, string> = {};
const novaPoshta = useFakeNovaPoshta(env);

describeWithApp(
  'packing slips and Nova Poshta labels',
  (ctx) => {
    const admin = async () => ({ cookie: (await ctx().shop.admin()).cookie });

    let made = 0;
    async function maltOrder() {
      const { app } = ctx();
      const n = ++made;
      const { user: buyer } = await ctx().shop.customer();
      const malt = await createProduct(app.db, {
        name: 'Солод Pale Ale',
        category: 'Malt',
        attributes: {},
        variants: [pack('5 кг', 300_00, 20, 5, { sku: `PS-PALE-5-${n}` })],
      });
      const hop = await createProduct(app.db, { name: 'Хміль Cascade', variants: [pack('100 г', 150_00, 20, 0.1, { sku: `PS-CASC-100-${n}` })] });
      const order = await createOrder(app.db, buyer, [
        { product: malt, qty: 2 },
        { product: hop, qty: 3 },
      ]);
      await app.db
        .update(orderItems)
        .set({ options: { milled: true } })
        .where(eq(orderItems.sku, `PS-PALE-5-${n}`));
      return order;
    }

    test('only an admin prints: 401 without a session, 403 for a customer', async () => {
      const { app, shop } = ctx();
      const order = await maltOrder();
      const customer = { cookie: (await shop.customer()).cookie };
      for (const url of [`/api/admin/packing-slips?ids=${order.id}`, `/api/admin/waybill-labels?ids=${order.id}`]) {
        expect((await app.inject({ url })).statusCode).toBe(401);
        expect((await app.inject({ url, headers: customer })).statusCode).toBe(403);
      }
    });

    test('a slip names the shop, the order, each pack with "подрібнити", the recipient, branch, ТТН and receipt', async () => {
      const { app } = ctx();
      const order = await maltOrder();
      const second = await maltOrder();
      await app.db.update(orders).set({ trackingNumber: '20450000000101' }).where(eq(orders.id, order.id));
      await app.db.insert(fiscalReceipts).values({
        orderId: order.id,
        kind: 'sell',
        paymentKey: 'test',
        state: 'issued',
        checkboxReceiptId: '6f0c7f5e-3b1e-4a8e-9a55-4b7d4d6e1c01',
        body: {},
        totalMinor: order.totalMinor,
        publicUrl: 'https://check.example/receipt/6f0c7f5e',
      });
      const res = await app.inject({ url: `/api/admin/packing-slips?ids=${second.id},${order.id}`, headers: await admin() });
      expect(res.statusCode).toBe(200);
      const { shop: seller, slips } = res.json() as PackingSlips;
      expect(seller.name).toBe('Хмільна крамниця');
      expect(slips.map((s) => s.number)).toEqual([second.number, order.number]);
      const slip = slips[1];
      expect(slip).toMatchObject({
        recipientPhone: '+380671234567',
        city: 'Київ',
        delivery: 'branch',
        address: 'Відділення №1',
        trackingNumber: '20450000000101',
        receiptUrl: 'https://check.example/receipt/6f0c7f5e',
        weight: 10.3,
      });
      expect(slip.lines).toEqual([
        { name: 'Солод Pale Ale', label: '5 кг', sku: expect.stringMatching(/^PS-PALE-5-/), qty: 2, options: 'подрібнити', price: 300 },
        { name: 'Хміль Cascade', label: '100 г', sku: expect.stringMatching(/^PS-CASC-100-/), qty: 3, options: null, price: 150 },
      ]);
      expect((await app.inject({ url: '/api/admin/packing-slips?ids=nope', headers: await admin() })).statusCode).toBe(400);
      expect((await app.inject({ url: '/api/admin/packing-slips?ids=00000000-0000-4000-8000-000000000000', headers: await admin() })).statusCode).toBe(404);
    });

    test("Nova Poshta's labels come through the server as one PDF; the key never reaches the browser", async () => {
      const { app } = ctx();
      const first = await maltOrder();
      const second = await maltOrder();
      novaPoshta().waybills.push({ number: '20450000000201', ref: 'a', properties: {} }, { number: '20450000000202', ref: 'b', properties: {} });
      await app.db.update(orders).set({ trackingNumber: '20450000000201' }).where(eq(orders.id, first.id));
      await app.db.update(orders).set({ trackingNumber: '20450000000202' }).where(eq(orders.id, second.id));
      const res = await app.inject({ url: `/api/admin/waybill-labels?ids=${first.id},${second.id}`, headers: await admin() });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.body.startsWith('%PDF-')).toBe(true);
      expect(res.body).not.toContain(novaPoshta().apiKey);
      expect(JSON.stringify(res.headers)).not.toContain(novaPoshta().apiKey);
      expect(novaPoshta().prints.at(-1)).toEqual(['20450000000201', '20450000000202']);

      // An order without a waybill, and a waybill Nova Poshta does not print for this key.
      const bare = await maltOrder();
      const missing = await app.inject({ url: `/api/admin/waybill-labels?ids=${first.id},${bare.id}`, headers: await admin() });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({ code: 'WAYBILL_MISSING' });
      await app.db.update(orders).set({ trackingNumber: '20459999999999' }).where(eq(orders.id, bare.id));
      const refused = await app.inject({ url: `/api/admin/waybill-labels?ids=${bare.id}`, headers: await admin() });
      expect(refused.statusCode).toBe(502);
      expect(refused.json()).toMatchObject({ code: 'WAYBILL_LABELS_UNAVAILABLE' });
      expect(refused.body).not.toContain(novaPoshta().apiKey);
    });
  },
  { env },
);
