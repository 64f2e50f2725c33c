import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../shared/settings.js';
import { outboxMessages } from '../../db/schema.js';
import { describeWithApp } from '../../test/database.js';
import { TYPED_ADDRESS, type OrderLine, type ShopDriver } from '../../test/driver.js';
import { ALL_METHODS_ENV, useShopSettings } from '../../test/payment-methods.js';
import { createProduct } from '../../test/factories.js';
import { noticeSettingsOf } from '../notifications/index.js';
import { expireUnconfirmedOrders } from '../../flows/index.js';

/** How much stock one unconfirmed order may hold, and for how long (docs/orders.md, "Limits"). */

const TTL = 24 * 60 * 60_000;

/** A guest's cash-on-delivery order from a fresh address, phone and e-mail unless given. */
function guestOrder(shop: ShopDriver, lines: OrderLine[], extra: { phone?: string; email?: string } = {}) {
  return shop.placeOrder({ as: 'guest', lines, email: extra.email, shippingAddress: extra.phone ? { ...TYPED_ADDRESS, phoneNumber: extra.phone } : undefined });
}

describeWithApp(
  'order limits',
  (ctx) => {
    useShopSettings(ctx);

    test('a guest asking for 100 kegs is told the line limit, in Ukrainian, and nothing is held', async () => {
      const { app, shop } = ctx();
      const keg = await createProduct(app.db, { name: 'Кег 30 л', category: 'Kegs', producer: 'Україна', countInStock: 1000 });
      const res = await guestOrder(shop, [{ product: keg.id, qty: 100 }]);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'ORDER_LINE_LIMIT', params: { product: 'Кег 30 л, 1 шт', max: 20 } });
      expect(res.body.message).toMatch(/Не більше 20 од\. товару «Кег 30 л, 1 шт»/);
      expect(await shop.stockOf(keg.id)).toBe(1000);
    });

    test('84 lines of a few units each cannot empty the shop: the order total is capped', async () => {
      const { app, shop } = ctx();
      const many = await Promise.all(Array.from({ length: 84 }, () => createProduct(app.db, { countInStock: 31 })));
      const res = await guestOrder(
        shop,
        many.map((p) => ({ product: p.id, qty: 2 })),
      );
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'ORDER_SIZE_LIMIT', params: { max: 100 } });
      expect(await shop.stockOf(many[0].id)).toBe(31);
    });

    test('more than half of a product’s stock needs the shop: refused with a request to call, small lines pass', async () => {
      const { app, shop } = ctx();
      const yeast = await createProduct(app.db, { countInStock: 10 });
      const greedy = await guestOrder(shop, [{ product: yeast.id, qty: 6 }]);
      expect(greedy.status).toBe(409);
      expect(greedy.body).toMatchObject({ code: 'ORDER_NEEDS_CONFIRMATION' });
      expect(greedy.body.message).toMatch(/зв’яжіться з нами/);
      expect(await shop.stockOf(yeast.id)).toBe(10);
      expect((await guestOrder(shop, [{ product: yeast.id, qty: 5 }])).status).toBe(201);
      // The last two kegs: a line of two units never needs the shop's word.
      const last = await createProduct(app.db, { countInStock: 2 });
      expect((await guestOrder(shop, [{ product: last.id, qty: 2 }])).status).toBe(201);
    });

    test('signed-in customers get the larger limits; the admin sets them in the settings', async () => {
      const { app, shop } = ctx();
      const malt = await createProduct(app.db, { countInStock: 200 });
      const customer = await shop.customer();
      const order = (qty: number) => shop.placeOrder({ as: customer, lines: [{ product: malt.id, qty }] });
      expect((await order(30)).status).toBe(201);
      expect((await order(51)).body).toMatchObject({ code: 'ORDER_LINE_LIMIT', params: { max: 50 } });

      const admin = (await shop.admin()).cookie;
      const current = (await app.inject({ url: '/api/settings/admin', headers: { cookie: admin } })).json();
      expect(current.orderLimits).toEqual(DEFAULT_SETTINGS.orderLimits);
      const saved = await app.inject({
        method: 'PUT',
        url: '/api/settings',
        headers: { cookie: admin },
        payload: { ...current, orderLimits: { ...current.orderLimits, customerLineQty: 5 } },
      });
      expect(saved.statusCode).toBe(200);
      expect((await order(6)).body).toMatchObject({ code: 'ORDER_LINE_LIMIT', params: { max: 5 } });
      // A client that does not know the limits leaves them as they are.
      const { orderLimits: _limits, ...withoutLimits } = current;
      expect(
        (await app.inject({ method: 'PUT', url: '/api/settings', headers: { cookie: admin }, payload: withoutLimits })).json().orderLimits.customerLineQty,
      ).toBe(5);
      // Shoppers see the limits, so the cart can tell them before checkout.
      expect((await app.inject({ url: '/api/settings' })).json().orderLimits.guestLineQty).toBe(20);
      await app.inject({ method: 'PUT', url: '/api/settings', headers: { cookie: admin }, payload: current });
    });

    test('the admin’s guest limits and confirmation share apply at the next order; out-of-bounds values are refused and change nothing', async () => {
      const { app, shop } = ctx();
      const admin = (await shop.admin()).cookie;
      const current = (await app.inject({ url: '/api/settings/admin', headers: { cookie: admin } })).json();
      const put = (orderLimits: object) =>
        app.inject({
          method: 'PUT',
          url: '/api/settings',
          headers: { cookie: admin },
          payload: { ...current, orderLimits: { ...current.orderLimits, ...orderLimits } },
        });
      for (const wrong of [
        { guestLineQty: 0 },
        { guestLineQty: 1001 },
        { guestOrderQty: 2.5 },
        { maxStockSharePercent: 101 },
        { customerOrderQty: 'багато' },
      ]) {
        const refused = await put(wrong);
        expect(refused.statusCode, JSON.stringify(wrong)).toBe(400);
        expect(refused.json().code).toBe('VALIDATION_ERROR');
        expect(refused.json().errors[0].path).toMatch(/^orderLimits\./);
      }
      expect((await app.inject({ url: '/api/settings/admin', headers: { cookie: admin } })).json().orderLimits).toEqual(current.orderLimits);
      // Without a session, or as a customer: nothing saved.
      expect((await app.inject({ method: 'PUT', url: '/api/settings', payload: current })).statusCode).toBe(401);
      const customer = (await shop.customer()).cookie;
      expect((await app.inject({ method: 'PUT', url: '/api/settings', headers: { cookie: customer }, payload: current })).statusCode).toBe(403);

      const hops = await createProduct(app.db, { countInStock: 100 });
      expect((await guestOrder(shop, [{ product: hops.id, qty: 15 }])).status).toBe(201);
      expect((await put({ guestLineQty: 10, maxStockSharePercent: 5 })).statusCode).toBe(200);
      expect((await guestOrder(shop, [{ product: hops.id, qty: 11 }])).body).toMatchObject({ code: 'ORDER_LINE_LIMIT', params: { max: 10 } });
      // 6 of the 85 left is over 5 %: the shop is asked first.
      const share = await guestOrder(shop, [{ product: hops.id, qty: 6 }]);
      expect(share.status).toBe(409);
      expect(share.body.code).toBe('ORDER_NEEDS_CONFIRMATION');
      expect((await guestOrder(shop, [{ product: hops.id, qty: 4 }])).status).toBe(201);
      expect(await shop.stockOf(hops.id)).toBe(81);
      await app.inject({ method: 'PUT', url: '/api/settings', headers: { cookie: admin }, payload: current });
    });

    test('offline orders the shop has not confirmed are cancelled after the TTL, stock returned and the shopper told', async () => {
      const { app, shop } = ctx();
      const context = { db: app.db, notices: noticeSettingsOf(app.config) };
      const hops = await createProduct(app.db, { countInStock: 40 });
      const unconfirmed = (await guestOrder(shop, [{ product: hops.id, qty: 3 }])).body;
      const confirmed = (await guestOrder(shop, [{ product: hops.id, qty: 3 }])).body;
      const paid = (await guestOrder(shop, [{ product: hops.id, qty: 3 }])).body;
      expect(await shop.stockOf(hops.id)).toBe(31);

      const admin = (await shop.admin()).cookie;
      const confirm = await app.inject({ method: 'PUT', url: `/api/orders/${confirmed.id}/confirm`, headers: { cookie: admin } });
      expect(confirm.statusCode).toBe(200);
      expect(confirm.json().confirmedAt).toEqual(expect.any(String));
      expect((await app.inject({ method: 'PUT', url: `/api/orders/${paid.id}/mark-paid`, headers: { cookie: admin } })).json().confirmedAt).toEqual(
        expect.any(String),
      );
      // Only the admin confirms.
      const shopper = (await shop.customer()).cookie;
      expect((await app.inject({ method: 'PUT', url: `/api/orders/${unconfirmed.id}/confirm`, headers: { cookie: shopper } })).statusCode).toBe(403);

      expect(await expireUnconfirmedOrders(context, TTL)).toBe(0);
      const later = new Date(Date.now() + TTL + 60_000);
      const counts = await Promise.all([expireUnconfirmedOrders(context, TTL, later), expireUnconfirmedOrders(context, TTL, later)]);
      expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
      expect(await shop.statusOf(unconfirmed.id)).toBe('cancelled');
      expect(await shop.statusOf(confirmed.id)).toBe('pending');
      expect(await shop.statusOf(paid.id)).toBe('paid');
      expect(await shop.stockOf(hops.id)).toBe(34);
      const notices = await app.db.select().from(outboxMessages).where(eq(outboxMessages.orderId, unconfirmed.id));
      expect(notices.map((n) => n.subject)).toContain(`Замовлення №${unconfirmed.number} скасовано — Хмільна крамниця`);
      // A cancelled order cannot be confirmed back.
      expect((await app.inject({ method: 'PUT', url: `/api/orders/${unconfirmed.id}/confirm`, headers: { cookie: admin } })).json().code).toBe(
        'ORDER_CANCELLED',
      );
    });

    test('guest orders are counted per phone and per e-mail too, whatever the address', async () => {
      const { app, shop } = ctx();
      const hops = await createProduct(app.db, { countInStock: 100 });
      const samePhone = [];
      for (let i = 0; i < 4; i++) samePhone.push((await guestOrder(shop, [{ product: hops.id, qty: 1 }], { phone: '+380679990011' })).status);
      expect(samePhone).toEqual([201, 201, 201, 429]);
      const sameEmail = [];
      for (let i = 0; i < 4; i++) sameEmail.push((await guestOrder(shop, [{ product: hops.id, qty: 1 }], { email: 'bot@example.com' })).status);
      expect(sameEmail).toEqual([201, 201, 201, 429]);
      const refused = await guestOrder(shop, [{ product: hops.id, qty: 1 }], { email: 'bot@example.com' });
      expect(refused.body.code).toBe('TOO_MANY_ATTEMPTS');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    });
  },
  { env: { ...ALL_METHODS_ENV, GUEST_ORDER_RATE_LIMIT: '3' } },
);
