import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, test } from 'vitest';
import type { OrderWire as Order } from '../../../shared/wire/orders.js';
import { orders } from '../../db/schema.js';
import { describeWithApp } from '../../test/database.js';
import { useFakeNovaPoshta, type OrderReply, type ShopDriver } from '../../test/driver.js';
import { createProduct } from '../../test/factories.js';
import { fakeSettlements } from '../../test/fakes/nova-poshta.js';

/** Checkout with Nova Poshta's directory and without an account (docs/delivery.md). */

const env: Record<string, string> = { GUEST_ORDER_RATE_LIMIT: '4' };
const novaPoshta = useFakeNovaPoshta(env, {
  settlements() {
    // Полтава gains two closed points: one the directory marks not working, one it denies choosing.
    const settlements = fakeSettlements();
    const poltava = settlements.find((s) => s.MainDescription === 'Полтава')!;
    const open = poltava.warehouses[0];
    poltava.warehouses.push(
      { ...open, Ref: CLOSED_REFS.status, Number: '5', Description: 'Відділення №5: вул. Соборності, 5', WarehouseStatus: 'Temporarily' },
      { ...open, Ref: CLOSED_REFS.deny, Number: '6', Description: 'Відділення №6: вул. Соборності, 6', DenyToSelect: '1' },
    );
    return settlements;
  },
});

const CLOSED_REFS = { status: '0a000000-0000-4000-8000-000000000005', deny: '0a000000-0000-4000-8000-000000000006' };
const KYIV = fakeSettlements().find((s) => s.MainDescription === 'Київ')!;
const BILA = fakeSettlements().find((s) => s.MainDescription === 'Біла Церква')!;
const point = (place: typeof KYIV, number: string) => place.warehouses.find((w) => w.Number === number)!;
const LOCKER = point(BILA, '26081');
const BRANCH_30KG = point(BILA, '3');

const addressAt = (place: typeof KYIV, warehouseRef: string, extra: object = {}) => ({
  address: 'Леся Українка',
  city: place.MainDescription,
  phoneNumber: '067 123 45 67',
  country: 'as the shopper saw it',
  settlementRef: place.Ref,
  warehouseRef,
  ...extra,
});

async function post(app: FastifyInstance, url: string, cookie?: string) {
  const res = await app.inject({ method: 'POST', url, payload: {}, headers: cookie ? { cookie } : {} });
  return { status: res.statusCode, body: res.json() as OrderReply };
}

describeWithApp(
  'checkout with the Nova Poshta directory',
  (ctx) => {
    test('the order keeps the settlement, city and branch refs, named as the directory names them', async () => {
      const { app, shop } = ctx();
      const hops = await createProduct(app.db, { weight: 1 });
      const { cookie } = await shop.customer();
      const { status, body } = await shop.placeOrder({ as: cookie, lines: [{ product: hops.id, qty: 2 }], shippingAddress: addressAt(BILA, LOCKER.Ref) });
      expect(status).toBe(201);
      expect(body.shippingAddress).toMatchObject({
        city: 'Біла Церква',
        country: LOCKER.Description,
        phoneNumber: '+380671234567',
        settlementRef: BILA.Ref,
        warehouseRef: LOCKER.Ref,
      });
      const [row] = await app.db.select().from(orders).where(eq(orders.id, body.id));
      expect([row.settlementRef, row.cityRef, row.warehouseRef]).toEqual([BILA.Ref, BILA.DeliveryCity, LOCKER.Ref]);
    });

    test('a branch of another city, a made-up ref, or a branch without its settlement is refused; nothing is sold', async () => {
      const { app, shop } = ctx();
      const hops = await createProduct(app.db, { countInStock: 5 });
      const { cookie } = await shop.customer();
      const lines = [{ product: hops.id, qty: 1 }];
      // The order of the issue: Lviv chosen, a Kyiv branch kept.
      const kyivBranch = point(KYIV, '2').Ref;
      for (const [name, shippingAddress, code] of [
        ['a Kyiv branch in Біла Церква', addressAt(BILA, kyivBranch), 'BRANCH_NOT_IN_SETTLEMENT'],
        ['a ref no branch has', addressAt(BILA, '11111111-2222-3333-4444-555555555555'), 'BRANCH_NOT_IN_SETTLEMENT'],
        ['an unknown settlement', addressAt({ ...BILA, Ref: '99999999-2222-3333-4444-555555555555' }, LOCKER.Ref), 'BRANCH_NOT_IN_SETTLEMENT'],
        ['a branch without its settlement', addressAt(BILA, LOCKER.Ref, { settlementRef: undefined }), 'VALIDATION_ERROR'],
        ['a ref that is not a ref', addressAt(BILA, "1' OR '1'='1"), 'VALIDATION_ERROR'],
      ] as const) {
        const { status, body } = await shop.placeOrder({ as: cookie, lines, shippingAddress });
        expect(status, name).toBe(400);
        if (code !== 'VALIDATION_ERROR') expect(body.code, name).toBe(code);
        expect(body.message, name).toBeTruthy();
      }
      expect(await shop.stockOf(hops.id)).toBe(5);
    });

    test('closed points are neither offered nor accepted: a 400 BRANCH_CLOSED in Ukrainian, and nothing is sold', async () => {
      const { app, shop } = ctx();
      const poltava = fakeSettlements().find((s) => s.MainDescription === 'Полтава')!;
      const listed = await app.inject({ method: 'GET', url: `/api/delivery/branches?cityRef=${poltava.Ref}` });
      expect(listed.statusCode).toBe(200);
      const offered = (listed.json() as { branches: { ref: string }[]; total: number }).branches.map((b) => b.ref);
      expect(offered).toEqual([poltava.warehouses[0].Ref]);
      // The web asks again for a saved branch by its ref: a closed one comes back as gone.
      for (const ref of Object.values(CLOSED_REFS)) {
        const saved = await app.inject({ method: 'GET', url: `/api/delivery/branches?cityRef=${poltava.Ref}&ref=${ref}` });
        expect(saved.json()).toMatchObject({ branches: [], total: 0 });
      }

      const hops = await createProduct(app.db, { countInStock: 5 });
      const { cookie } = await shop.customer();
      for (const ref of Object.values(CLOSED_REFS)) {
        const { status, body } = await shop.placeOrder({ as: cookie, lines: [{ product: hops.id, qty: 1 }], shippingAddress: addressAt(poltava, ref) });
        expect(status, ref).toBe(400);
        expect(body.code).toBe('BRANCH_CLOSED');
        expect(body.message).toMatch(/не приймає посилки/);
      }
      const guest = await shop.placeOrder({ as: 'guest', lines: [{ product: hops.id, qty: 1 }], shippingAddress: addressAt(poltava, CLOSED_REFS.status) });
      expect([guest.status, guest.body.code]).toEqual([400, 'BRANCH_CLOSED']);
      expect(await shop.stockOf(hops.id)).toBe(5);
      const fine = await shop.placeOrder({ as: cookie, lines: [{ product: hops.id, qty: 1 }], shippingAddress: addressAt(poltava, poltava.warehouses[0].Ref) });
      expect(fine.status).toBe(201);
    });

    test('the order keeps the shopper’s language: the explicit field, else Accept-Language, else Ukrainian', async () => {
      const { app, shop } = ctx();
      const hops = await createProduct(app.db, { countInStock: 10 });
      const { cookie } = await shop.customer();
      const order = (extra: object, headers: Record<string, string> = {}) =>
        shop.placeOrder({ as: cookie, lines: [{ product: hops.id, qty: 1 }], shippingAddress: addressAt(BILA, LOCKER.Ref), extra, headers });
      expect((await order({ locale: 'en' })).body.locale).toBe('en');
      expect((await order({}, { 'accept-language': 'en-GB,en;q=0.9,uk;q=0.8' })).body.locale).toBe('en');
      expect((await order({}, { 'accept-language': 'uk-UA,uk;q=0.9,en;q=0.5' })).body.locale).toBe('uk');
      expect((await order({ locale: 'uk' }, { 'accept-language': 'en' })).body.locale).toBe('uk');
      expect((await order({})).body.locale).toBe('uk');
      expect((await order({ locale: 'de' })).status).toBe(400);
    });

    test('a parcel heavier than the point takes is refused with the reason; a branch that takes it accepts', async () => {
      const { app, shop } = ctx();
      const malt = await createProduct(app.db, { name: 'Солод Pilsen, мішок 25 кг', category: 'Malt', weight: 25, countInStock: 3 });
      const { cookie } = await shop.customer();
      const lines = [{ product: malt.id, qty: 1 }];
      const locker = await shop.placeOrder({ as: cookie, lines, shippingAddress: addressAt(BILA, LOCKER.Ref) });
      expect(locker.status).toBe(409);
      expect(locker.body.code).toBe('PARCEL_TOO_HEAVY');
      expect(locker.body.message).toMatch(/25 кг.*до 20 кг/);
      const two = await shop.placeOrder({ as: cookie, lines: [{ product: malt.id, qty: 2 }], shippingAddress: addressAt(BILA, BRANCH_30KG.Ref) });
      expect(two.status).toBe(409);
      expect(await shop.stockOf(malt.id)).toBe(3);
      const branch = await shop.placeOrder({ as: cookie, lines, shippingAddress: addressAt(BILA, BRANCH_30KG.Ref) });
      expect(branch.status).toBe(201);
      expect(await shop.stockOf(malt.id)).toBe(2);
    });

    test('Nova Poshta down while ordering: a clear 502 and nothing sold; a branch typed by hand still goes', async () => {
      const { app, shop } = ctx();
      const hops = await createProduct(app.db, { countInStock: 5 });
      const { cookie } = await shop.customer();
      novaPoshta().mode = 'refuse';
      const vinnytsia = fakeSettlements().find((s) => s.MainDescription === 'Вінниця')!;
      const down = await shop.placeOrder({
        as: cookie,
        lines: [{ product: hops.id, qty: 1 }],
        shippingAddress: addressAt(vinnytsia, vinnytsia.warehouses[0].Ref),
      });
      expect(down.status).toBe(502);
      expect(down.body.code).toBe('NOVA_POSHTA_UNAVAILABLE');
      expect(await shop.stockOf(hops.id)).toBe(5);
      const byHand = await shop.placeOrder({
        as: cookie,
        lines: [{ product: hops.id, qty: 1 }],
        shippingAddress: addressAt(vinnytsia, '', { warehouseRef: undefined, settlementRef: undefined, country: 'Відділення №1: вул. Келецька, 57' }),
      });
      expect(byHand.status).toBe(201);
      expect(byHand.body.shippingAddress).toMatchObject({ country: 'Відділення №1: вул. Келецька, 57', settlementRef: null, warehouseRef: null });
    });
  },
  { env },
);

describeWithApp('a phone on the profile', (ctx) => {
  test('the profile keeps one phone in the stored form; empty removes it, a foreign number is refused', async () => {
    const { app, shop } = ctx();
    const { user, cookie } = await shop.customer();
    const put = async (body: object) => {
      const res = await app.inject({ method: 'PUT', url: '/api/users/profile', headers: { cookie }, payload: { name: user.name, email: user.email, ...body } });
      return { status: res.statusCode, body: res.json() as { phone: string | null; message?: string } };
    };
    expect((await put({ phone: '067 123 45 67' })).body.phone).toBe('+380671234567');
    // Left out: the phone stays.
    expect((await put({})).body.phone).toBe('+380671234567');
    const refused = await put({ phone: '+48 601 234 567' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/український номер/);
    const me = (await app.inject({ url: '/api/users/profile', headers: { cookie } })).json() as { phone: string | null };
    expect(me.phone).toBe('+380671234567');
    expect((await put({ phone: '' })).body.phone).toBeNull();
  });
});

describeWithApp(
  'checkout without an account',
  (ctx) => {
    // Each test orders from its own address: the limit is per client address (and per phone and
    // e-mail: each order has its own unless a test says otherwise).
    let guests = 0;
    const guestOrder = (shop: ShopDriver, from: string, product: string, extra: object = {}) =>
      shop.placeOrder({
        as: 'guest',
        lines: [{ product, qty: 1 }],
        shippingAddress: addressAt(BILA, BRANCH_30KG.Ref, ++guests === 1 ? {} : { phoneNumber: `067 123 ${String(1000 + guests).slice(-4)}` }),
        email: guests === 1 ? ' Guest@Example.com ' : `guest-${guests}@example.com`,
        extra,
        remoteAddress: from,
      });

    test('a guest orders with name, phone and e-mail; the order opens through its link only, never by id', async () => {
      const { app, shop } = ctx();
      const hops = await createProduct(app.db, { countInStock: 5 });
      const { status, body } = await guestOrder(shop, '10.0.0.1', hops.id);
      expect(status).toBe(201);
      expect(body.user).toBeNull();
      expect(body.guestEmail).toBe('guest@example.com');
      expect(body.shippingAddress).toMatchObject({ address: 'Леся Українка', phoneNumber: '+380671234567', warehouseRef: BRANCH_30KG.Ref });
      expect(body.accessToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(await shop.stockOf(hops.id)).toBe(4);

      // The database keeps only the hash of the link's secret.
      const [row] = await app.db.select().from(orders).where(eq(orders.id, body.id));
      expect(row.userId).toBeNull();
      expect(row.accessTokenHash).not.toContain(body.accessToken!);
      expect(JSON.stringify(row)).not.toContain(body.accessToken!);

      const byLink = await app.inject({ url: `/api/orders/guest/${body.accessToken}` });
      expect(byLink.statusCode).toBe(200);
      expect((byLink.json() as Order).id).toBe(body.id);

      // The admin finds the guest's order by the guest's e-mail (a part of it) and phone.
      const { cookie: admin } = await shop.admin();
      for (const q of ['guest@example', 'GUEST@EXAMPLE.COM', '0671234567', '067 123 45 67']) {
        const found = await app.inject({ url: `/api/orders?q=${encodeURIComponent(q)}`, headers: { cookie: admin } });
        expect(
          (found.json() as { orders: Order[] }).orders.map((o) => o.id),
          q,
        ).toContain(body.id);
      }
      // By id: only a signed-in owner or an admin; a guest has neither, a stranger is not the owner.
      expect((await app.inject({ url: `/api/orders/${body.id}` })).statusCode).toBe(401);
      const stranger = await shop.customer();
      expect((await app.inject({ url: `/api/orders/${body.id}`, headers: { cookie: stranger.cookie } })).statusCode).toBe(404);
      // A wrong or malformed secret finds nothing.
      const wrong = body.accessToken!.slice(0, -1) + (body.accessToken!.endsWith('A') ? 'B' : 'A');
      expect((await app.inject({ url: `/api/orders/guest/${wrong}` })).statusCode).toBe(404);
      expect((await app.inject({ url: `/api/orders/guest/${body.id}` })).statusCode).toBe(400);
    });

    test('a guest who signs up takes the order into the account; nobody else can take it afterwards', async () => {
      const { app, shop } = ctx();
      const hops = await createProduct(app.db, { countInStock: 5 });
      const { body } = await guestOrder(shop, '10.0.0.2', hops.id);
      const token = body.accessToken!;
      const registered = await app.inject({
        method: 'POST',
        url: '/api/users',
        payload: { name: 'Леся Українка', email: 'lesia@example.com', password: 'correct-horse-42' },
      });
      expect(registered.statusCode).toBe(201);
      const cookie = registered.headers['set-cookie'] as string;

      expect((await post(app, `/api/orders/guest/${token}/claim`)).status).toBe(401);
      const claimed = await post(app, `/api/orders/guest/${token}/claim`, cookie);
      expect(claimed.status).toBe(200);
      expect(claimed.body.user).toMatchObject({ email: 'lesia@example.com' });
      // Now the account sees it by id and in its list; claiming twice changes nothing.
      expect((await app.inject({ url: `/api/orders/${body.id}`, headers: { cookie } })).statusCode).toBe(200);
      const mine = (await app.inject({ url: '/api/orders/mine', headers: { cookie } })).json() as Order[];
      expect(mine.map((o) => o.id)).toEqual([body.id]);
      expect((await post(app, `/api/orders/guest/${token}/claim`, cookie)).status).toBe(200);

      const other = await shop.customer();
      const taken = await post(app, `/api/orders/guest/${token}/claim`, other.cookie);
      expect(taken.status).toBe(409);
      expect(taken.body.code).toBe('ORDER_ALREADY_CLAIMED');
      const [row] = await app.db.select().from(orders).where(eq(orders.id, body.id));
      expect(row.userId).not.toBe(other.user.id);
    });

    test('a guest order is checked like any other: e-mail (optional, but valid when given), phone, branch of the settlement', async () => {
      const { app, shop } = ctx();
      const hops = await createProduct(app.db, { countInStock: 5 });
      for (const [name, extra, status] of [
        // The phone is enough: the order's link is then shown on screen (docs/delivery.md).
        ['no e-mail', { email: undefined }, 201],
        ['a bad e-mail', { email: 'not-an-email' }, 400],
        ['a foreign phone', { shippingAddress: addressAt(BILA, BRANCH_30KG.Ref, { phoneNumber: '+48601234567' }) }, 400],
        ['a branch of another city', { shippingAddress: addressAt(BILA, point(KYIV, '2').Ref) }, 400],
        ['forged totals are ignored, not refused', { totalPrice: 0.01, isPaid: true }, 201],
      ] as const) {
        const { status: got, body } = await guestOrder(shop, `10.0.1.${name.length}`, hops.id, extra);
        expect(got, name).toBe(status);
        if (status === 201) expect(body.isPaid, name).toBe(false);
      }
      expect(await shop.stockOf(hops.id)).toBe(3);
    });

    test('guest orders are limited per client address; signed-in customers are not', async () => {
      const { app, shop } = ctx();
      const hops = await createProduct(app.db, { countInStock: 100 });
      const statuses = [];
      for (let i = 0; i < 6; i++) statuses.push((await guestOrder(shop, '10.0.0.9', hops.id)).status);
      // 4 an hour here.
      expect(statuses).toEqual([201, 201, 201, 201, 429, 429]);
      expect((await guestOrder(shop, '10.0.0.10', hops.id)).status).toBe(201);
      expect(await shop.stockOf(hops.id)).toBe(95);
      const { cookie } = await shop.customer();
      const signedIn = await shop.placeOrder({ as: cookie, lines: [{ product: hops.id, qty: 1 }], shippingAddress: addressAt(BILA, BRANCH_30KG.Ref) });
      expect(signedIn.status).toBe(201);
    });
  },
  { env },
);
