import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, test } from 'vitest';
import type { AuditList } from '../../../shared/back-office.js';
import type { PromoCode, PromoCodeInput } from '../../../shared/promo-codes.js';
import { shopDay } from '../../../shared/time-zone.js';
import { orders, promoCodes, promoCodeUses } from '../../db/schema.js';
import { describeWithApp } from '../../test/database.js';
import { freshIp, TYPED_ADDRESS, type OrderLine, type ShopDriver, type SignedIn } from '../../test/driver.js';
import { createProduct } from '../../test/factories.js';
import { ALL_METHODS_ENV, useShopSettings } from '../../test/payment-methods.js';
import { noticeSettingsOf } from '../notifications/index.js';
import { expireUnpaidOrders } from '../../flows/index.js';
import { PROMO_CHECKS_PER_WINDOW } from './routes.js';

/** Promo codes (docs/promo-codes.md): the admin's codes, the shopper's check, and orders counting uses. */

let lastCode = 0;
const freshCode = (prefix = 'BREW') => `${prefix}${++lastCode}${Math.floor(Math.random() * 1e6)}`;
const day = (offsetDays: number) => shopDay(new Date(Date.now() + offsetDays * 24 * 60 * 60_000));

async function createCode(app: FastifyInstance, cookie: string, input: Partial<PromoCodeInput> = {}): Promise<PromoCode> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/admin/promo-codes',
    headers: { cookie },
    payload: { code: freshCode(), kind: 'percent', percent: 10, ...input },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const check = (app: FastifyInstance, payload: object, cookie?: string, ip = freshIp()) =>
  app.inject({ method: 'POST', url: '/api/promo-codes/check', headers: cookie ? { cookie } : {}, payload, remoteAddress: ip });

/** A PayPal order of `lines` with `promoCode`, as `who`, whatever the answer. */
const orderWithCode = (shop: ShopDriver, who: SignedIn, lines: OrderLine[], promoCode?: string, headers?: Record<string, string>) =>
  shop.placeOrder({ as: who, lines, paymentMethod: 'PayPal', headers, extra: { promoCode } });

const usedCountOf = async (app: FastifyInstance, id: string) => (await app.db.select().from(promoCodes).where(eq(promoCodes.id, id)))[0].usedCount;

describeWithApp(
  'promo codes',
  (ctx) => {
    useShopSettings(ctx);

    test('admin routes: 401 without a session, 403 for a customer, 400 for forged or garbage bodies, nothing written', async () => {
      const { app, shop } = ctx();
      const shopper = await shop.customer();
      const admin = await shop.admin();
      const id = '00000000-0000-4000-8000-000000000000';
      for (const [method, url] of [
        ['GET', '/api/admin/promo-codes'],
        ['POST', '/api/admin/promo-codes'],
        ['PUT', `/api/admin/promo-codes/${id}`],
        ['DELETE', `/api/admin/promo-codes/${id}`],
      ] as const) {
        expect((await app.inject({ method, url, payload: method === 'GET' || method === 'DELETE' ? undefined : { code: 'X' } })).statusCode, url).toBe(401);
        expect(
          (await app.inject({ method, url, headers: { cookie: shopper.cookie }, payload: method === 'GET' || method === 'DELETE' ? undefined : { code: 'X' } }))
            .statusCode,
        ).toBe(403);
      }
      const before = (await app.db.select().from(promoCodes)).length;
      const bad: object[] = [
        { code: 'OK10', kind: 'percent', percent: 0 },
        { code: 'OK10', kind: 'percent', percent: 101 },
        { code: 'OK10', kind: 'percent' },
        { code: 'OK10', kind: 'fixed', amount: -5 },
        { code: 'OK10', kind: 'fixed' },
        { code: 'OK10', kind: 'gift' },
        { code: 'a b', kind: 'percent', percent: 5 },
        { code: 'X', kind: 'percent', percent: 5 },
        { code: 'OK10', kind: 'percent', percent: 5, validFrom: '2026-02-30' },
        { code: 'OK10', kind: 'percent', percent: 5, validFrom: '2026-12-10', validTo: '2026-12-01' },
        { code: 'OK10', kind: 'percent', percent: 5, totalLimit: 0 },
        { code: 'OK10', kind: 'percent', percent: 5, products: ['nope'] },
        { code: 'OK10', kind: 'percent', percent: 5, usedCount: 0 },
        { code: 'OK10', kind: 'percent', percent: '10' },
      ];
      for (const payload of bad) {
        const res = await app.inject({ method: 'POST', url: '/api/admin/promo-codes', headers: { cookie: admin.cookie }, payload });
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().code).toBe('VALIDATION_ERROR');
      }
      const garbage = await app.inject({
        method: 'POST',
        url: '/api/admin/promo-codes',
        headers: { cookie: admin.cookie, 'content-type': 'application/json' },
        payload: '{"code":',
      });
      expect(garbage.statusCode).toBe(400);
      expect(
        (
          await app.inject({
            method: 'PUT',
            url: '/api/admin/promo-codes/not-an-id',
            headers: { cookie: admin.cookie },
            payload: { code: 'OK10', kind: 'percent', percent: 5 },
          })
        ).statusCode,
      ).toBe(400);
      expect(
        (
          await app.inject({
            method: 'PUT',
            url: `/api/admin/promo-codes/${id}`,
            headers: { cookie: admin.cookie },
            payload: { code: 'OK10', kind: 'percent', percent: 5 },
          })
        ).json().code,
      ).toBe('PROMO_CODE_NOT_FOUND');
      expect((await app.db.select().from(promoCodes)).length).toBe(before);
    });

    test('the admin creates, lists and edits codes; the code is unique whatever its case', async () => {
      const { app, shop } = ctx();
      const admin = await shop.admin();
      const text = freshCode('club');
      const made = await createCode(app, admin.cookie, {
        code: ` ${text} `,
        kind: 'fixed',
        amount: 150.5,
        minOrder: 500,
        validFrom: day(-1),
        validTo: day(30),
        totalLimit: 100,
        perCustomerLimit: 1,
        categories: ['Hops'],
      });
      expect(made).toMatchObject({
        code: text.toUpperCase(),
        kind: 'fixed',
        amount: 150.5,
        percent: null,
        minOrder: 500,
        totalLimit: 100,
        perCustomerLimit: 1,
        categories: ['Hops'],
        active: true,
        usedCount: 0,
      });
      const twin = await app.inject({
        method: 'POST',
        url: '/api/admin/promo-codes',
        headers: { cookie: admin.cookie },
        payload: { code: text.toLowerCase(), kind: 'percent', percent: 5 },
      });
      expect([twin.statusCode, twin.json().code]).toEqual([409, 'PROMO_CODE_TAKEN']);
      const list = (await app.inject({ method: 'GET', url: '/api/admin/promo-codes', headers: { cookie: admin.cookie } })).json().promoCodes as PromoCode[];
      expect(list.map((c) => c.code)).toContain(text.toUpperCase());
      const edited = await app.inject({
        method: 'PUT',
        url: `/api/admin/promo-codes/${made.id}`,
        headers: { cookie: admin.cookie },
        payload: { code: text, kind: 'percent', percent: 15, amount: 99, active: false },
      });
      expect(edited.statusCode).toBe(200);
      expect(edited.json()).toMatchObject({ kind: 'percent', percent: 15, amount: null, active: false, minOrder: 0 });
    });

    test('every write of a code is in the audit trail: who, what, and the changed fields before and after', async () => {
      const { app, shop } = ctx();
      const admin = await shop.admin();
      const shopper = await shop.customer();
      const hops = await createProduct(app.db, { priceMinor: 200_00, countInStock: 5 });
      const trail = async (id: string) =>
        ((await app.inject({ url: `/api/admin/audit?entity=promo_code&id=${id}`, headers: { cookie: admin.cookie } })).json() as AuditList).entries;
      const write = (method: 'PUT' | 'DELETE', id: string, payload?: object) =>
        app.inject({ method, url: `/api/admin/promo-codes/${id}`, headers: { cookie: admin.cookie }, ...(payload ? { payload } : {}) });

      const made = await createCode(app, admin.cookie, { kind: 'fixed', amount: 50, minOrder: 300 });
      expect((await write('PUT', made.id, { code: made.code, kind: 'fixed', amount: 75, minOrder: 300 })).statusCode).toBe(200);
      expect((await write('PUT', made.id, { code: made.code, kind: 'fixed', amount: 75, minOrder: 300 })).statusCode).toBe(200);
      expect((await write('DELETE', made.id)).statusCode).toBe(200);
      const entries = await trail(made.id);
      // The unchanged save leaves no entry.
      expect(entries.map((e) => [e.action, e.subject, e.actor])).toEqual(
        ['delete', 'update', 'create'].map((action) => [action, made.code, expect.objectContaining({ id: admin.user.id, name: admin.user.name })]),
      );
      expect(entries[2]).toMatchObject({ before: {}, after: { code: made.code, kind: 'fixed', amount_minor: 50_00, min_order_minor: 300_00, active: true } });
      expect(entries[1]).toMatchObject({ before: { amount_minor: 50_00 }, after: { amount_minor: 75_00 } });
      expect(Object.keys(entries[1].after)).toEqual(['amount_minor']);
      expect(entries[0]).toMatchObject({ before: { code: made.code, amount_minor: 75_00 }, after: {} });

      // A used code is switched off, not deleted; a shopper's use of it leaves no entry.
      const used = await createCode(app, admin.cookie);
      expect((await orderWithCode(shop, shopper, [{ product: hops.id, qty: 1 }], used.code)).status).toBe(201);
      expect((await write('DELETE', used.id)).statusCode).toBe(200);
      const [off, ...rest] = await trail(used.id);
      expect(off).toMatchObject({ action: 'deactivate', before: { active: true }, after: { active: false } });
      expect(rest.map((e) => e.action)).toEqual(['create']);
    });

    test('the check prices the discount with the shared function; every refusal has its code and words', async () => {
      const { app, shop } = ctx();
      const admin = await shop.admin();
      const hops = await createProduct(app.db, { priceMinor: 333_33, countInStock: 50 });
      const yeast = await createProduct(app.db, { priceMinor: 100_00, category: 'Yeast', countInStock: 50 });
      const lines = [
        { product: hops.id, qty: 3 },
        { product: yeast.id, qty: 1 },
      ];
      const ten = await createCode(app, admin.cookie, { percent: 10 });
      const ok = await check(app, { code: ten.code.toLowerCase(), orderItems: lines });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toMatchObject({ code: ten.code, kind: 'percent', percent: 10, discountPrice: 110, freeDelivery: false });

      const hopsOnly = await createCode(app, admin.cookie, { kind: 'fixed', amount: 2000, categories: ['Hops'] });
      expect((await check(app, { code: hopsOnly.code, orderItems: lines })).json()).toMatchObject({ discountPrice: 999.99, products: [hops.id] });

      const refusals: [Partial<PromoCodeInput> | string, object[], string, object?][] = [
        ['NO-SUCH-CODE', lines, 'PROMO_CODE_UNKNOWN'],
        [{ active: false }, lines, 'PROMO_CODE_UNKNOWN'],
        [{ validTo: day(-2) }, lines, 'PROMO_CODE_EXPIRED', { date: day(-2) }],
        [{ validFrom: day(3) }, lines, 'PROMO_CODE_NOT_YET_VALID', { date: day(3) }],
        [{ minOrder: 1200 }, lines, 'PROMO_CODE_BELOW_MINIMUM', { minimum: 1200, missing: 100.01 }],
        [{ products: [yeast.id] }, [{ product: hops.id, qty: 1 }], 'PROMO_CODE_NOT_APPLICABLE'],
        [{ totalLimit: 1 }, lines, 'PROMO_CODE_USED_UP'],
      ];
      for (const [spec, items, code, params] of refusals) {
        const text = typeof spec === 'string' ? spec : (await createCode(app, admin.cookie, spec)).code;
        if (code === 'PROMO_CODE_USED_UP') await app.db.update(promoCodes).set({ usedCount: 1 }).where(eq(promoCodes.code, text));
        const res = await check(app, { code: text, orderItems: items });
        expect([res.statusCode, res.json().code], text).toEqual([422, code]);
        expect(res.json().message).toMatch(/промокод/i);
        if (params) expect(res.json().params).toMatchObject(params);
      }
      for (const payload of [
        {},
        { code: 'X' },
        { code: 'X', orderItems: [] },
        { code: 5, orderItems: lines },
        { code: 'X', orderItems: [{ product: 'nope', qty: 1 }] },
        { code: 'X'.repeat(65), orderItems: lines },
      ]) {
        const res = await check(app, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      }
    });

    test('an order takes the discount into its total, keeps code and shares, and a refused code refuses the order with nothing taken', async () => {
      const { app, shop } = ctx();
      const admin = await shop.admin();
      const shopper = await shop.customer();
      const hops = await createProduct(app.db, { priceMinor: 333_33, countInStock: 50 });
      const yeast = await createProduct(app.db, { priceMinor: 100_00, category: 'Yeast', countInStock: 50 });
      const code = await createCode(app, admin.cookie, { percent: 10, categories: ['Hops'] });
      const { status, body } = await orderWithCode(
        shop,
        shopper,
        [
          { product: hops.id, qty: 3 },
          { product: yeast.id, qty: 1 },
        ],
        code.code.toLowerCase(),
      );
      expect(status, JSON.stringify(body)).toBe(201);
      expect(body).toMatchObject({ promoCode: code.code, itemsPrice: 1099.99, discountPrice: 100, totalPrice: 999.99 });
      expect(body.orderItems.find((item) => item.product === hops.id)!.promoDiscount).toBe(100);
      expect(body.orderItems.find((item) => item.product === yeast.id)!.promoDiscount).toBe(0);
      expect(await usedCountOf(app, code.id)).toBe(1);

      const expired = await createCode(app, admin.cookie, { validTo: day(-1) });
      const ordersBefore = (await app.db.select().from(orders)).length;
      const refused = await orderWithCode(shop, shopper, [{ product: hops.id, qty: 1 }], expired.code);
      expect([refused.status, refused.body.code]).toEqual([422, 'PROMO_CODE_EXPIRED']);
      expect((await app.db.select().from(orders)).length).toBe(ordersBefore);
    });

    test('per customer: an account, or a guest by e-mail or phone, uses a code only so often', async () => {
      const { app, shop } = ctx();
      const admin = await shop.admin();
      const shopper = await shop.customer();
      const hops = await createProduct(app.db, { countInStock: 50 });
      const once = await createCode(app, admin.cookie, { perCustomerLimit: 1 });
      const items = [{ product: hops.id, qty: 1 }];
      expect((await orderWithCode(shop, shopper, items, once.code)).status).toBe(201);
      const again = await orderWithCode(shop, shopper, items, once.code);
      expect([again.status, again.body.code]).toEqual([422, 'PROMO_CODE_ALREADY_USED']);
      expect((await check(app, { code: once.code, orderItems: items }, shopper.cookie)).json().code).toBe('PROMO_CODE_ALREADY_USED');

      const guest = (email: string, phoneNumber: string) =>
        shop.placeOrder({
          as: 'guest',
          lines: items,
          paymentMethod: 'PayPal',
          email,
          shippingAddress: { ...TYPED_ADDRESS, phoneNumber },
          extra: { promoCode: once.code },
        });
      const first = await guest('guest-promo@example.com', '+380931112233');
      expect(first.status, JSON.stringify(first.body)).toBe(201);
      expect((await guest('other@example.com', '093 111 22 33')).body.code).toBe('PROMO_CODE_ALREADY_USED');
      expect((await guest('Guest-Promo@example.com', '+380931112200')).body.code).toBe('PROMO_CODE_ALREADY_USED');
      expect((await check(app, { code: once.code, orderItems: items, email: 'guest-promo@example.com' })).json().code).toBe('PROMO_CODE_ALREADY_USED');
      expect((await check(app, { code: once.code, orderItems: items, email: 'new@example.com', phone: '+380931112299' })).statusCode).toBe(200);
    });

    test('cancelling gives the use back once; an expired order too; a replayed order counts once', async () => {
      const { app, shop } = ctx();
      const admin = await shop.admin();
      const shopper = await shop.customer();
      const hops = await createProduct(app.db, { countInStock: 50 });
      const items = [{ product: hops.id, qty: 1 }];
      const code = await createCode(app, admin.cookie, { totalLimit: 5 });

      const key = { 'idempotency-key': `promo-replay-${Date.now()}` };
      const first = await orderWithCode(shop, shopper, items, code.code, key);
      const replay = await orderWithCode(shop, shopper, items, code.code, key);
      expect([first.status, replay.status]).toEqual([201, 200]);
      expect(replay.body.id).toBe(first.body.id);
      expect(await usedCountOf(app, code.id)).toBe(1);

      const cancel = () => shop.orderStep(first.body.id, 'cancel', admin);
      expect((await cancel()).status).toBe(200);
      expect(await usedCountOf(app, code.id)).toBe(0);
      expect((await cancel()).status).toBe(409);
      expect(await usedCountOf(app, code.id)).toBe(0);
      const [use] = await app.db.select().from(promoCodeUses).where(eq(promoCodeUses.orderId, first.body.id));
      expect(use.returnedAt).not.toBeNull();

      const unpaid = await orderWithCode(shop, shopper, items, code.code);
      expect(await usedCountOf(app, code.id)).toBe(1);
      const context = { db: app.db, notices: noticeSettingsOf(app.config) };
      const later = new Date(Date.now() + 10 * 24 * 60 * 60_000);
      await expireUnpaidOrders(context, 60_000, later);
      expect((await app.db.select().from(orders).where(eq(orders.id, unpaid.body.id)))[0].status).toBe('cancelled');
      expect(await usedCountOf(app, code.id)).toBe(0);
    });

    test('two orders racing for the last use: exactly one gets it, the other is refused with its stock untouched', async () => {
      const { app, shop } = ctx();
      const admin = await shop.admin();
      const code = await createCode(app, admin.cookie, { totalLimit: 1 });
      // Different products, so that only the code's row lock stands between them.
      const [a, b] = [await createProduct(app.db, { countInStock: 5 }), await createProduct(app.db, { countInStock: 5 })];
      const [alice, bob] = [await shop.customer(), await shop.customer()];
      const results = await Promise.all([
        orderWithCode(shop, alice, [{ product: a.id, qty: 1 }], code.code),
        orderWithCode(shop, bob, [{ product: b.id, qty: 1 }], code.code),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([201, 422]);
      expect(results.find((r) => r.status === 422)!.body.code).toBe('PROMO_CODE_USED_UP');
      expect(await usedCountOf(app, code.id)).toBe(1);
      expect((await app.db.select().from(promoCodeUses).where(eq(promoCodeUses.promoCodeId, code.id))).length).toBe(1);
      expect([await shop.stockOf(a.id), await shop.stockOf(b.id)].sort()).toEqual([4, 5]);
    });

    test('deleting: an unused code is gone; a used one is switched off and its orders keep code and discount', async () => {
      const { app, shop } = ctx();
      const admin = await shop.admin();
      const shopper = await shop.customer();
      const hops = await createProduct(app.db, { priceMinor: 200_00, countInStock: 5 });
      const unused = await createCode(app, admin.cookie);
      const del = (id: string) => app.inject({ method: 'DELETE', url: `/api/admin/promo-codes/${id}`, headers: { cookie: admin.cookie } });
      expect((await del(unused.id)).json()).toEqual({ deleted: true, promoCode: null });
      const used = await createCode(app, admin.cookie, { percent: 50, totalLimit: 3 });
      const order = await orderWithCode(shop, shopper, [{ product: hops.id, qty: 1 }], used.code);
      const gone = (await del(used.id)).json();
      expect(gone).toMatchObject({ deleted: false, promoCode: { active: false, usedCount: 1 } });
      expect(await shop.orderOf(order.body.id, shopper)).toMatchObject({ promoCode: used.code, discountPrice: 100, totalPrice: 100 });
      const lower = await app.inject({
        method: 'PUT',
        url: `/api/admin/promo-codes/${used.id}`,
        headers: { cookie: admin.cookie },
        payload: { code: used.code, kind: 'percent', percent: 5, totalLimit: 1, active: true },
      });
      expect(lower.statusCode).toBe(200);
      expect((await check(app, { code: used.code, orderItems: [{ product: hops.id, qty: 1 }] })).json().code).toBe('PROMO_CODE_USED_UP');
    });

    test('guessing is limited per address and per shopper across addresses', async () => {
      const { app, shop } = ctx();
      const hops = await createProduct(app.db, { countInStock: 5 });
      const guess = { orderItems: [{ product: hops.id, qty: 1 }] };
      const ip = freshIp();
      const fromOneAddress: number[] = [];
      for (let i = 0; i <= PROMO_CHECKS_PER_WINDOW; i++) fromOneAddress.push((await check(app, { ...guess, code: `GUESS${i}` }, undefined, ip)).statusCode);
      expect(fromOneAddress.slice(0, PROMO_CHECKS_PER_WINDOW).every((s) => s === 422)).toBe(true);
      expect(fromOneAddress.at(-1)).toBe(429);

      const shopper = await shop.customer();
      const fromManyAddresses: number[] = [];
      for (let i = 0; i <= PROMO_CHECKS_PER_WINDOW; i++) fromManyAddresses.push((await check(app, { ...guess, code: `GUESS${i}` }, shopper.cookie)).statusCode);
      expect(fromManyAddresses.at(-1)).toBe(429);
      const guestMany: number[] = [];
      for (let i = 0; i <= PROMO_CHECKS_PER_WINDOW; i++)
        guestMany.push((await check(app, { ...guess, code: `GUESS${i}`, email: 'guesser@example.com' })).statusCode);
      expect(guestMany.at(-1)).toBe(429);
    });
  },
  { env: ALL_METHODS_ENV },
);
