import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import type { Order, OrderList } from '../../../shared/orders.js';
import { orders, products } from '../../db/schema.js';
import { describeWithApp } from '../../test/database.js';
import { TYPED_ADDRESS, type OrderLine, type ShopDriver } from '../../test/driver.js';
import { createProduct } from '../../test/factories.js';
import { ALL_METHODS_ENV, useShopSettings } from '../../test/payment-methods.js';

const TTN = '20450123456789';

/** The shop's steps as these tests take them: a signed-in shopper pays online unless told otherwise. */
function api(shop: ShopDriver) {
  return {
    place: (cookie: string, lines: OrderLine[], paymentMethod = 'PayPal', headers: Record<string, string> = {}) =>
      shop.placeOrder({ as: cookie, lines, paymentMethod, headers }),
    step: shop.orderStep,
    get: async (url: string, cookie?: string) => {
      const res = await shop.app.inject({ url, headers: cookie ? { cookie } : {} });
      return { status: res.statusCode, body: res.json() as unknown };
    },
  };
}

/** Ten units of a product, a shopper and an admin: who races in the concurrency tests. */
async function raceCast(shop: ShopDriver) {
  return { product: await createProduct(shop.app.db, { countInStock: 10 }), shopper: await shop.customer(), admin: await shop.admin() };
}

describeWithApp(
  'order life cycle',
  (ctx) => {
    useShopSettings(ctx);
    test('cash on delivery: pending → shipped with a ТТН → delivered, and delivery marks it paid', async () => {
      const { app, shop } = ctx();
      const { place, step } = api(shop);
      const product = await createProduct(app.db);
      const shopper = await shop.customer();
      const admin = await shop.admin();
      const { body: order } = await place(shopper.cookie, [{ product: product.id, qty: 1 }], 'NovaPoshta');
      expect(order).toMatchObject({ status: 'pending', isPaid: false, trackingNumber: null });
      expect(order.number).toBeGreaterThanOrEqual(1001);

      expect((await step(order.id, 'deliver', admin.cookie)).body.code).toBe('ORDER_NOT_SHIPPED');
      for (const bad of [
        {},
        { trackingNumber: '123' },
        { trackingNumber: '2045012345678x' },
        { trackingNumber: 20450123456789 },
        { trackingNumber: '204501234567890' },
      ]) {
        const refused = await step(order.id, 'ship', admin.cookie, bad);
        expect(refused.status, JSON.stringify(bad)).toBe(400);
      }
      expect((await step(order.id, 'ship', shopper.cookie, { trackingNumber: TTN })).status).toBe(403);

      const shipped = await step(order.id, 'ship', admin.cookie, { trackingNumber: '2045 0123 4567 89' });
      expect(shipped.status).toBe(200);
      expect(shipped.body).toMatchObject({ status: 'shipped', trackingNumber: TTN, isPaid: false });
      expect(shipped.body.shippedAt).toBeTruthy();
      expect((await step(order.id, 'ship', admin.cookie, { trackingNumber: TTN })).body.code).toBe('ORDER_ALREADY_SHIPPED');
      expect((await step(order.id, 'cancel', admin.cookie)).body.code).toBe('ORDER_ALREADY_SHIPPED');

      const delivered = await step(order.id, 'deliver', admin.cookie);
      expect(delivered.body).toMatchObject({ status: 'delivered', isDelivered: true, isPaid: true });
      expect(delivered.body.paidAt).toBe(delivered.body.deliveredAt);
      expect((await step(order.id, 'deliver', admin.cookie)).body.code).toBe('ORDER_ALREADY_DELIVERED');
      expect((await step(order.id, 'mark-paid', admin.cookie)).body.code).toBe('ORDER_ALREADY_PAID');
    });

    test('bank transfer: the admin confirms the payment, ships, delivers; online payments are not the admin’s to confirm', async () => {
      const { app, shop } = ctx();
      const { place, step } = api(shop);
      const product = await createProduct(app.db);
      const shopper = await shop.customer();
      const admin = await shop.admin();

      const { body: transfer } = await place(shopper.cookie, [{ product: product.id, qty: 1 }], 'PrivatBank');
      const early = await step(transfer.id, 'ship', admin.cookie, { trackingNumber: TTN });
      expect(early).toMatchObject({ status: 409, body: { code: 'ORDER_NOT_PAID' } });
      expect((await step(transfer.id, 'mark-paid', shopper.cookie)).status).toBe(403);
      expect((await step(transfer.id, 'mark-paid')).status).toBe(401);
      const paid = await step(transfer.id, 'mark-paid', admin.cookie);
      expect(paid.body).toMatchObject({ status: 'paid', isPaid: true, paymentResult: null });
      expect((await step(transfer.id, 'mark-paid', admin.cookie)).body.code).toBe('ORDER_ALREADY_PAID');
      expect((await step(transfer.id, 'ship', admin.cookie, { trackingNumber: TTN })).body.status).toBe('shipped');
      expect((await step(transfer.id, 'deliver', admin.cookie)).body.status).toBe('delivered');

      const { body: paypal } = await place(shopper.cookie, [{ product: product.id, qty: 1 }], 'PayPal');
      expect((await step(paypal.id, 'mark-paid', admin.cookie)).body.code).toBe('ORDER_PAID_ONLINE');
      expect((await step('00000000-0000-4000-8000-000000000000', 'mark-paid', admin.cookie)).status).toBe(404);
      expect((await step('not-an-id', 'cancel', admin.cookie)).status).toBe(400);
    });

    test('paid and delivered outlive the status: cancelled or returned after payment stays paid, a refused parcel was never paid', async () => {
      const { app, shop } = ctx();
      const { place, step } = api(shop);
      const product = await createProduct(app.db);
      const shopper = await shop.customer();
      const admin = await shop.admin();
      const flags = (order: Order) => ({ status: order.status, isPaid: order.isPaid, isDelivered: order.isDelivered });

      const { body: transfer } = await place(shopper.cookie, [{ product: product.id, qty: 1 }], 'PrivatBank');
      const paid = (await step(transfer.id, 'mark-paid', admin.cookie)).body;
      const cancelled = (await step(transfer.id, 'cancel', admin.cookie)).body;
      expect(flags(cancelled)).toEqual({ status: 'cancelled', isPaid: true, isDelivered: false });
      expect(cancelled.paidAt).toBe(paid.paidAt);

      const { body: kept } = await place(shopper.cookie, [{ product: product.id, qty: 1 }], 'NovaPoshta');
      await step(kept.id, 'ship', admin.cookie, { trackingNumber: TTN });
      const delivered = (await step(kept.id, 'deliver', admin.cookie)).body;
      const sentBack = (await step(kept.id, 'return', admin.cookie)).body;
      expect(flags(sentBack)).toEqual({ status: 'returned', isPaid: true, isDelivered: true });
      expect([sentBack.paidAt, sentBack.deliveredAt]).toEqual([delivered.paidAt, delivered.deliveredAt]);

      const { body: refused } = await place(shopper.cookie, [{ product: product.id, qty: 1 }], 'NovaPoshta');
      await step(refused.id, 'ship', admin.cookie, { trackingNumber: TTN });
      const back = (await step(refused.id, 'return', admin.cookie)).body;
      expect(flags(back)).toEqual({ status: 'returned', isPaid: false, isDelivered: false });
      expect([back.paidAt, back.deliveredAt]).toEqual([null, null]);
    });

    test('the shopper cancels their own pending order: the stock comes back; not others’ orders, not once paid', async () => {
      const { app, shop } = ctx();
      const { place, step, get } = api(shop);
      const product = await createProduct(app.db, { countInStock: 6 });
      const alice = await shop.customer();
      const bob = await shop.customer();
      const admin = await shop.admin();

      const { body: order } = await place(alice.cookie, [{ product: product.id, qty: 3 }], 'PrivatBank');
      expect(await shop.stockOf(product.id)).toBe(3);
      expect((await step(order.id, 'cancel', bob.cookie)).status).toBe(404);
      expect((await step(order.id, 'cancel')).status).toBe(401);
      const cancelled = await step(order.id, 'cancel', alice.cookie);
      expect(cancelled.body).toMatchObject({ status: 'cancelled' });
      expect(cancelled.body.cancelledAt).toBeTruthy();
      expect(await shop.stockOf(product.id)).toBe(6);
      expect((await step(order.id, 'cancel', alice.cookie)).body.code).toBe('ORDER_CANCELLED');
      expect((await step(order.id, 'cancel', admin.cookie)).body.code).toBe('ORDER_CANCELLED');
      expect((await step(order.id, 'mark-paid', admin.cookie)).body.code).toBe('ORDER_CANCELLED');
      expect((await step(order.id, 'pay', alice.cookie, { test: true })).body.code).toBe('ORDER_CANCELLED');
      expect(await shop.stockOf(product.id)).toBe(6);
      // The catalogue shows the returned units at once.
      expect(((await get(`/api/products/${product.id}`)).body as { countInStock: number }).countInStock).toBe(6);

      const { body: paidOrder } = await place(alice.cookie, [{ product: product.id, qty: 1 }], 'PrivatBank');
      await step(paidOrder.id, 'mark-paid', admin.cookie);
      expect((await step(paidOrder.id, 'cancel', alice.cookie)).body.code).toBe('ORDER_NOT_CANCELLABLE');
      expect(await shop.stockOf(product.id)).toBe(5);
      // The shop may still cancel a paid order (a refund is arranged with the shopper).
      expect((await step(paidOrder.id, 'cancel', admin.cookie)).body.status).toBe('cancelled');
      expect(await shop.stockOf(product.id)).toBe(6);
    });

    test('a deleted product’s line has nowhere to return; the other lines do', async () => {
      const { app, shop } = ctx();
      const { place, step } = api(shop);
      const kept = await createProduct(app.db, { countInStock: 4 });
      const deleted = await createProduct(app.db, { countInStock: 4 });
      const shopper = await shop.customer();
      const { body: order } = await place(shopper.cookie, [
        { product: kept.id, qty: 2 },
        { product: deleted.id, qty: 1 },
      ]);
      await app.db.delete(products).where(eq(products.id, deleted.id));
      expect((await step(order.id, 'cancel', shopper.cookie)).body.status).toBe('cancelled');
      expect(await shop.stockOf(kept.id)).toBe(4);
    });

    test('two cancels at once return the stock once', async () => {
      const { shop } = ctx();
      const { place, step } = api(shop);
      const { product, shopper, admin } = await raceCast(shop);
      for (let round = 0; round < 3; round++) {
        const { body: order } = await place(shopper.cookie, [{ product: product.id, qty: 4 }]);
        expect(await shop.stockOf(product.id)).toBe(6);
        const results = await Promise.all([step(order.id, 'cancel', shopper.cookie), step(order.id, 'cancel', admin.cookie)]);
        expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
        expect(await shop.stockOf(product.id)).toBe(10);
      }
    });

    test('cancel racing ship: exactly one wins, and the stock matches the winner', async () => {
      const { app, shop } = ctx();
      const { place, step } = api(shop);
      const { product, shopper, admin } = await raceCast(shop);
      for (let round = 0; round < 4; round++) {
        const { body: order } = await place(shopper.cookie, [{ product: product.id, qty: 2 }], 'NovaPoshta');
        const before = await shop.stockOf(product.id);
        const [cancel, ship] = await Promise.all([
          step(order.id, 'cancel', round % 2 ? admin.cookie : shopper.cookie),
          step(order.id, 'ship', admin.cookie, { trackingNumber: TTN }),
        ]);
        expect([cancel.status, ship.status].sort()).toEqual([200, 409]);
        const [stored] = await app.db.select().from(orders).where(eq(orders.id, order.id));
        if (cancel.status === 200) {
          expect(stored).toMatchObject({ status: 'cancelled', trackingNumber: null });
          expect(await shop.stockOf(product.id)).toBe(before + 2);
        } else {
          expect(stored).toMatchObject({ status: 'shipped', trackingNumber: TTN });
          expect(await shop.stockOf(product.id)).toBe(before);
        }
      }
    });

    test('one Idempotency-Key, one order: repeated and concurrent submits take the stock once', async () => {
      const { app, shop } = ctx();
      const { place } = api(shop);
      const product = await createProduct(app.db, { countInStock: 10 });
      const alice = await shop.customer();
      const bob = await shop.customer();
      const key = 'checkout-6f1c2a9e-0d1b-4c55-9b7e-1f2a3b4c5d6e';
      const submits = await Promise.all(
        Array.from({ length: 5 }, () => place(alice.cookie, [{ product: product.id, qty: 2 }], 'PayPal', { 'idempotency-key': key })),
      );
      expect(new Set(submits.map((s) => s.body.id)).size).toBe(1);
      expect(submits.map((s) => s.status).sort()).toEqual([200, 200, 200, 200, 201]);
      expect(await shop.stockOf(product.id)).toBe(8);

      const later = await place(alice.cookie, [{ product: product.id, qty: 2 }], 'PayPal', { 'idempotency-key': key });
      expect(later).toMatchObject({ status: 200, body: { id: submits[0].body.id } });
      expect(later.headers['idempotent-replayed']).toBe('true');
      // Another shopper's key is theirs alone, and a new key is a new order.
      expect((await place(bob.cookie, [{ product: product.id, qty: 1 }], 'PayPal', { 'idempotency-key': key })).status).toBe(201);
      expect((await place(alice.cookie, [{ product: product.id, qty: 1 }], 'PayPal', { 'idempotency-key': `${key}-2` })).status).toBe(201);
      expect(await shop.stockOf(product.id)).toBe(6);

      for (const bad of ['short', 'with spaces in it', 'x'.repeat(101), 'ключ-замовлення']) {
        const refused = await place(alice.cookie, [{ product: product.id, qty: 1 }], 'PayPal', { 'idempotency-key': bad });
        expect(refused.status, bad).toBe(400);
        expect(refused.body.code).toBe('BAD_IDEMPOTENCY_KEY');
      }
      expect(await shop.stockOf(product.id)).toBe(6);
    });

    test('a failed order with a key can be retried with the same key', async () => {
      const { app, shop } = ctx();
      const { place } = api(shop);
      const product = await createProduct(app.db, { countInStock: 1 });
      const shopper = await shop.customer();
      const key = 'retry-after-stock-0001';
      expect((await place(shopper.cookie, [{ product: product.id, qty: 2 }], 'PayPal', { 'idempotency-key': key })).status).toBe(409);
      const again = await place(shopper.cookie, [{ product: product.id, qty: 1 }], 'PayPal', { 'idempotency-key': key });
      expect(again.status).toBe(201);
      expect(await shop.stockOf(product.id)).toBe(0);
    });

    test('the admin list: 20 a page, newest first, filtered by status and found by number, phone, name, e-mail or ТТН', async () => {
      const { app, shop } = ctx();
      const { place, step, get } = api(shop);
      const product = await createProduct(app.db, { countInStock: 1000 });
      const admin = await shop.admin();
      const shopper = await shop.customer({ name: 'Марко Вовчок', email: `marko-${Date.now()}@example.com` });
      const placed: Order[] = [];
      for (let i = 0; i < 23; i++) placed.push((await place(shopper.cookie, [{ product: product.id, qty: 1 }], 'NovaPoshta')).body);
      const named = await shop.orderPlaced({
        as: shopper,
        lines: [{ product: product.id, qty: 1 }],
        shippingAddress: { ...TYPED_ADDRESS, address: 'Ольга Кобилянська', phoneNumber: '+380509876543' },
      });
      const ttn = '59000123456789';
      await step(placed[0].id, 'ship', admin.cookie, { trackingNumber: ttn });

      const list = async (query: string) => (await get(`/api/orders${query}`, admin.cookie)).body as OrderList;
      const everyone = await list('');
      expect(everyone.orders).toHaveLength(20);
      expect(everyone.orders[0].id).toBe(named.id);
      const numbers = everyone.orders.map((o) => o.number);
      expect(numbers).toEqual([...numbers].sort((a, b) => b - a));

      const email = encodeURIComponent(shopper.user.email.toUpperCase());
      const first = await list(`?q=${email}`);
      expect(first).toMatchObject({ page: 1, pages: 2 });
      expect(first.orders[0].id).toBe(named.id);
      const second = await list(`?q=${email}&pageNumber=2`);
      expect(second.orders.map((o) => o.id)).toEqual(
        placed
          .slice(0, 4)
          .map((o) => o.id)
          .reverse(),
      );
      expect((await list(`?q=${email}&pageNumber=9`)).orders).toEqual([]);

      expect((await list(`?q=${email}&status=shipped`)).orders.map((o) => o.id)).toEqual([placed[0].id]);
      expect((await list(`?q=${ttn}`)).orders.map((o) => o.id)).toEqual([placed[0].id]);
      expect((await list(`?q=${named.number}`)).orders.map((o) => o.id)).toEqual([named.id]);
      expect((await list(`?q=${encodeURIComponent('кобилянськ')}`)).orders.map((o) => o.id)).toEqual([named.id]);
      expect((await list('?q=050%20987%2065%2043')).orders.map((o) => o.id)).toEqual([named.id]);
      expect((await list('?q=%25')).orders).toEqual([]);
      expect((await list(`?q=${email}&status=delivered`)).pages).toBe(0);

      for (const bad of ['?pageNumber=0', '?pageNumber=abc', '?status=lost', `?q=${'x'.repeat(101)}`]) {
        expect((await get(`/api/orders${bad}`, admin.cookie)).status, bad).toBe(400);
      }
      expect((await get('/api/orders', shopper.cookie)).status).toBe(403);
    });
  },
  { env: ALL_METHODS_ENV },
);
