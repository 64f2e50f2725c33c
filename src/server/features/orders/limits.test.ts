import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, test } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../shared/settings.js';
import { orders, outboxMessages, products } from '../../db/schema.js';
import { describeWithApp } from '../../test/database.js';
import { ALL_METHODS_ENV, useShopSettings } from '../../test/payment-methods.js';
import { createProduct, createUser, sessionCookie } from '../../test/factories.js';
import { noticeSettingsOf } from '../notifications/index.js';
import { expireUnconfirmedOrders } from './service.js';

/** How much stock one unconfirmed order may hold, and for how long (docs/orders.md, "Limits"). */

const ADDRESS = { address: 'Іван Франко', city: 'Львів', phoneNumber: '+380501234567', country: 'Відділення №1' };
const TTL = 24 * 60 * 60_000;
let lastIp = 0;
const freshIp = () => `10.88.${Math.floor(++lastIp / 250)}.${lastIp % 250}`;

const stockOf = async (app: FastifyInstance, id: string) => (await app.db.select({ n: products.countInStock }).from(products).where(eq(products.id, id)))[0].n;
const statusOf = async (app: FastifyInstance, id: string) => (await app.db.select({ s: orders.status }).from(orders).where(eq(orders.id, id)))[0].s;

function guestOrder(app: FastifyInstance, lines: { product: string; qty: number }[], extra: { phone?: string; email?: string; ip?: string } = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/orders/guest',
    remoteAddress: extra.ip ?? freshIp(),
    payload: {
      orderItems: lines,
      shippingAddress: { ...ADDRESS, phoneNumber: extra.phone ?? `+38050${String(1_000_000 + lastIp).slice(-7)}` },
      paymentMethod: 'NovaPoshta',
      email: extra.email ?? `guest-${lastIp}@example.com`,
    },
  });
}

describeWithApp(
  'order limits',
  (ctx) => {
    useShopSettings(ctx);

    test('a guest asking for 100 kegs is told the line limit, in Ukrainian, and nothing is held', async () => {
      const { app } = ctx();
      const keg = await createProduct(app.db, { name: 'Кег 30 л', category: 'Kegs', origin: 'Україна', countInStock: 1000 });
      const res = await guestOrder(app, [{ product: keg.id, qty: 100 }]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'ORDER_LINE_LIMIT', params: { product: 'Кег 30 л, 1 шт', max: 20 } });
      expect(res.json().message).toMatch(/Не більше 20 од\. товару «Кег 30 л, 1 шт»/);
      expect(await stockOf(app, keg.id)).toBe(1000);
    });

    test('84 lines of a few units each cannot empty the shop: the order total is capped', async () => {
      const { app } = ctx();
      const many = await Promise.all(Array.from({ length: 84 }, () => createProduct(app.db, { countInStock: 31 })));
      const res = await guestOrder(
        app,
        many.map((p) => ({ product: p.id, qty: 2 })),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'ORDER_SIZE_LIMIT', params: { max: 100 } });
      expect(await stockOf(app, many[0].id)).toBe(31);
    });

    test('more than half of a product’s stock needs the shop: refused with a request to call, small lines pass', async () => {
      const { app } = ctx();
      const yeast = await createProduct(app.db, { countInStock: 10 });
      const greedy = await guestOrder(app, [{ product: yeast.id, qty: 6 }]);
      expect(greedy.statusCode).toBe(409);
      expect(greedy.json()).toMatchObject({ code: 'ORDER_NEEDS_CONFIRMATION' });
      expect(greedy.json().message).toMatch(/зв’яжіться з нами/);
      expect(await stockOf(app, yeast.id)).toBe(10);
      expect((await guestOrder(app, [{ product: yeast.id, qty: 5 }])).statusCode).toBe(201);
      // The last two kegs: a line of two units never needs the shop's word.
      const last = await createProduct(app.db, { countInStock: 2 });
      expect((await guestOrder(app, [{ product: last.id, qty: 2 }])).statusCode).toBe(201);
    });

    test('signed-in customers get the larger limits; the admin sets them in the settings', async () => {
      const { app } = ctx();
      const malt = await createProduct(app.db, { countInStock: 200 });
      const cookie = await sessionCookie(await createUser(app.db), app.config.jwtSecret);
      const order = (qty: number) =>
        app.inject({
          method: 'POST',
          url: '/api/orders',
          headers: { cookie },
          payload: { orderItems: [{ product: malt.id, qty }], shippingAddress: ADDRESS, paymentMethod: 'NovaPoshta' },
        });
      expect((await order(30)).statusCode).toBe(201);
      expect((await order(51)).json()).toMatchObject({ code: 'ORDER_LINE_LIMIT', params: { max: 50 } });

      const admin = await sessionCookie(await createUser(app.db, { isAdmin: true }), app.config.jwtSecret);
      const current = (await app.inject({ url: '/api/settings/admin', headers: { cookie: admin } })).json();
      expect(current.orderLimits).toEqual(DEFAULT_SETTINGS.orderLimits);
      const saved = await app.inject({
        method: 'PUT',
        url: '/api/settings',
        headers: { cookie: admin },
        payload: { ...current, orderLimits: { ...current.orderLimits, customerLineQty: 5 } },
      });
      expect(saved.statusCode).toBe(200);
      expect((await order(6)).json()).toMatchObject({ code: 'ORDER_LINE_LIMIT', params: { max: 5 } });
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
      const { app } = ctx();
      const admin = await sessionCookie(await createUser(app.db, { isAdmin: true }), app.config.jwtSecret);
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
      const customer = await sessionCookie(await createUser(app.db), app.config.jwtSecret);
      expect((await app.inject({ method: 'PUT', url: '/api/settings', headers: { cookie: customer }, payload: current })).statusCode).toBe(403);

      const hops = await createProduct(app.db, { countInStock: 100 });
      expect((await guestOrder(app, [{ product: hops.id, qty: 15 }])).statusCode).toBe(201);
      expect((await put({ guestLineQty: 10, maxStockSharePercent: 5 })).statusCode).toBe(200);
      expect((await guestOrder(app, [{ product: hops.id, qty: 11 }])).json()).toMatchObject({ code: 'ORDER_LINE_LIMIT', params: { max: 10 } });
      // 6 of the 85 left is over 5 %: the shop is asked first.
      const share = await guestOrder(app, [{ product: hops.id, qty: 6 }]);
      expect(share.statusCode).toBe(409);
      expect(share.json().code).toBe('ORDER_NEEDS_CONFIRMATION');
      expect((await guestOrder(app, [{ product: hops.id, qty: 4 }])).statusCode).toBe(201);
      expect(await stockOf(app, hops.id)).toBe(81);
      await app.inject({ method: 'PUT', url: '/api/settings', headers: { cookie: admin }, payload: current });
    });

    test('offline orders the shop has not confirmed are cancelled after the TTL, stock returned and the shopper told', async () => {
      const { app } = ctx();
      const context = { db: app.db, notices: noticeSettingsOf(app.config) };
      const hops = await createProduct(app.db, { countInStock: 40 });
      const unconfirmed = (await guestOrder(app, [{ product: hops.id, qty: 3 }])).json();
      const confirmed = (await guestOrder(app, [{ product: hops.id, qty: 3 }])).json();
      const paid = (await guestOrder(app, [{ product: hops.id, qty: 3 }])).json();
      expect(await stockOf(app, hops.id)).toBe(31);

      const admin = await sessionCookie(await createUser(app.db, { isAdmin: true }), app.config.jwtSecret);
      const confirm = await app.inject({ method: 'PUT', url: `/api/orders/${confirmed._id}/confirm`, headers: { cookie: admin } });
      expect(confirm.statusCode).toBe(200);
      expect(confirm.json().confirmedAt).toEqual(expect.any(String));
      expect((await app.inject({ method: 'PUT', url: `/api/orders/${paid._id}/mark-paid`, headers: { cookie: admin } })).json().confirmedAt).toEqual(
        expect.any(String),
      );
      // Only the admin confirms.
      const shopper = await sessionCookie(await createUser(app.db), app.config.jwtSecret);
      expect((await app.inject({ method: 'PUT', url: `/api/orders/${unconfirmed._id}/confirm`, headers: { cookie: shopper } })).statusCode).toBe(403);

      expect(await expireUnconfirmedOrders(context, TTL)).toBe(0);
      const later = new Date(Date.now() + TTL + 60_000);
      const counts = await Promise.all([expireUnconfirmedOrders(context, TTL, later), expireUnconfirmedOrders(context, TTL, later)]);
      expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
      expect(await statusOf(app, unconfirmed._id)).toBe('cancelled');
      expect(await statusOf(app, confirmed._id)).toBe('pending');
      expect(await statusOf(app, paid._id)).toBe('paid');
      expect(await stockOf(app, hops.id)).toBe(34);
      const notices = await app.db.select().from(outboxMessages).where(eq(outboxMessages.orderId, unconfirmed._id));
      expect(notices.map((n) => n.subject)).toContain(`Замовлення №${unconfirmed.number} скасовано — Хмільна крамниця`);
      // A cancelled order cannot be confirmed back.
      expect((await app.inject({ method: 'PUT', url: `/api/orders/${unconfirmed._id}/confirm`, headers: { cookie: admin } })).json().code).toBe(
        'ORDER_CANCELLED',
      );
    });

    test('guest orders are counted per phone and per e-mail too, whatever the address', async () => {
      const { app } = ctx();
      const hops = await createProduct(app.db, { countInStock: 100 });
      const samePhone = [];
      for (let i = 0; i < 4; i++) samePhone.push((await guestOrder(app, [{ product: hops.id, qty: 1 }], { phone: '+380679990011' })).statusCode);
      expect(samePhone).toEqual([201, 201, 201, 429]);
      const sameEmail = [];
      for (let i = 0; i < 4; i++) sameEmail.push((await guestOrder(app, [{ product: hops.id, qty: 1 }], { email: 'bot@example.com' })).statusCode);
      expect(sameEmail).toEqual([201, 201, 201, 429]);
      const refused = await guestOrder(app, [{ product: hops.id, qty: 1 }], { email: 'bot@example.com' });
      expect(refused.json().code).toBe('TOO_MANY_ATTEMPTS');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    });
  },
  { env: { ...ALL_METHODS_ENV, GUEST_ORDER_RATE_LIMIT: '3' } },
);
