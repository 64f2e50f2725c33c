import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import type { Order, OrderList, OrderSummary } from '../../../shared/orders.js';
import type { ProductList } from '../../../shared/products.js';
import { orderItems, orders, products } from '../../db/schema.js';
import { describeWithApp } from '../../test/database.js';
import type { OrderLine, PlaceOrder } from '../../test/driver.js';
import { createProduct } from '../../test/factories.js';
import { ALL_METHODS_ENV, useShopSettings } from '../../test/payment-methods.js';

const ADDRESS = {
  address: 'Іван Франко',
  city: 'Київ',
  phoneNumber: '+380671234567',
  country: 'Відділення №1: вул. Пирогівський шлях, 135',
  postalCode: '03115',
};

/** An order paid online to this file's address; `as` says who places it. */
const orderOf = (lines: OrderLine[], order: Omit<PlaceOrder, 'lines'> = {}): PlaceOrder => ({
  lines,
  shippingAddress: ADDRESS,
  paymentMethod: 'PayPal',
  ...order,
});

/** The seed shop's rules: 15 % tax, 10 грн delivery unless the items are above 100 грн. */
const SEED_PRICING = { taxRatePercent: 15, shippingFee: 10, freeShippingFrom: 100.01 };

describeWithApp(
  'orders API',
  (ctx) => {
    useShopSettings(ctx, SEED_PRICING);
    test('prices come from the database and the shared rules; forged prices and names are ignored', async () => {
      const { app, shop } = ctx();
      const hops = await createProduct(app.db, { name: 'Хміль Citra', priceMinor: 120_50, discount: 10, countInStock: 7 });
      const yeast = await createProduct(app.db, { name: 'SafAle US-05', priceMinor: 5_00, category: 'Yeast', countInStock: 3 });
      const { user, cookie } = await shop.customer();

      const { status, body } = await shop.placeOrder(
        orderOf([{ product: hops.id, qty: 2, price: 0.01, name: 'Безкоштовно', image: 'http://evil/x.png' } as never, { product: yeast.id, qty: 1 }], {
          as: cookie,
          extra: { itemsPrice: 0.01, shippingPrice: 0, taxPrice: 0, totalPrice: 0.01, isPaid: true },
        }),
      );
      expect(status).toBe(201);
      // 120.50 − 10 % = 108.45; 2 × 108.45 + 5 = 221.90 → free delivery; tax 15 % = 33.285 → 33.29.
      expect(body).toMatchObject({
        itemsPrice: 221.9,
        shippingPrice: 0,
        taxPrice: 33.29,
        totalPrice: 255.19,
        isPaid: false,
        paidAt: null,
        isDelivered: false,
        deliveredAt: null,
        paymentMethod: 'PayPal',
        status: 'pending',
        trackingNumber: null,
        tracking: null,
        user: { id: user.id, name: user.name, email: user.email },
        shippingAddress: ADDRESS,
      });
      const lines = Object.fromEntries(body.orderItems.map((line) => [line.name, line]));
      expect(lines['Хміль Citra']).toMatchObject({ qty: 2, price: 108.45, image: hops.image, product: hops.id });
      expect(lines['SafAle US-05']).toMatchObject({ qty: 1, price: 5, product: yeast.id });

      expect(await shop.stockOf(hops.id)).toBe(5);
      expect(await shop.stockOf(yeast.id)).toBe(2);
    });

    test('a small order pays 10 for delivery, and the same product twice counts once', async () => {
      const { app, shop } = ctx();
      const product = await createProduct(app.db, { priceMinor: 25_00, countInStock: 5 });
      const { cookie } = await shop.customer();
      const { status, body } = await shop.placeOrder(
        orderOf(
          [
            { product: product.id, qty: 1 },
            { product: product.id, qty: 1 },
          ],
          { as: cookie },
        ),
      );
      expect(status).toBe(201);
      expect(body).toMatchObject({ itemsPrice: 50, shippingPrice: 10, taxPrice: 7.5, totalPrice: 67.5 });
      expect(body.orderItems).toHaveLength(1);
      expect(body.orderItems[0].qty).toBe(2);
      expect(await shop.stockOf(product.id)).toBe(3);
    });

    test('the catalogue shows the new stock at once: a sold-out product stays listed, and leaves a list of what is in stock', async () => {
      const { app, shop } = ctx();
      const product = await createProduct(app.db, { name: `Останній кег ${Date.now()}`, countInStock: 1 });
      app.catalogCache.invalidate();
      const search = async () => (await app.inject({ url: `/api/products?keyword=${encodeURIComponent(product.name)}` })).json() as ProductList;
      expect((await search()).products.map((p) => p.name)).toContain(product.name);

      const { cookie } = await shop.customer();
      expect((await shop.placeOrder(orderOf([{ product: product.id, qty: 1 }], { as: cookie }))).status).toBe(201);
      expect((await search()).products.find((p) => p.name === product.name)?.countInStock).toBe(0);
      const inStock = (await app.inject({ url: `/api/products?inStock=true&keyword=${encodeURIComponent(product.name)}` })).json() as ProductList;
      expect(inStock.products.map((p) => p.name)).not.toContain(product.name);
      const detail = (await app.inject({ url: `/api/products/${product.id}` })).json() as { countInStock: number };
      expect(detail.countInStock).toBe(0);
    });

    test('not enough stock: 409 naming the product, and nothing changes', async () => {
      const { app, shop } = ctx();
      const plenty = await createProduct(app.db, { name: 'Кег 19 л', countInStock: 10 });
      const scarce = await createProduct(app.db, { name: 'Дріжджі Nottingham', countInStock: 2, category: 'Yeast' });
      const { user, cookie } = await shop.customer();

      const { status, body } = await shop.placeOrder(
        orderOf(
          [
            { product: plenty.id, qty: 4 },
            { product: scarce.id, qty: 3 },
          ],
          { as: cookie },
        ),
      );
      expect(status).toBe(409);
      expect(body.code).toBe('OUT_OF_STOCK');
      expect(body.message).toContain('Дріжджі Nottingham');
      expect(await shop.stockOf(plenty.id)).toBe(10);
      expect(await shop.stockOf(scarce.id)).toBe(2);
      expect(await app.db.select().from(orders).where(eq(orders.userId, user.id))).toEqual([]);

      const soldOut = await createProduct(app.db, { name: 'Розпродано', countInStock: 0 });
      const again = await shop.placeOrder(orderOf([{ product: soldOut.id, qty: 1 }], { as: cookie }));
      expect(again.status).toBe(409);
      expect(again.body.message).toContain('Розпродано');
    });

    test('a product deleted from the catalogue cannot be ordered', async () => {
      const { app, shop } = ctx();
      const product = await createProduct(app.db);
      await app.db.delete(products).where(eq(products.id, product.id));
      const { cookie } = await shop.customer();
      const { status, body } = await shop.placeOrder(orderOf([{ product: product.id, qty: 1 }], { as: cookie }));
      expect(status).toBe(409);
      expect(body.code).toBe('PRODUCT_GONE');
    });

    // Only PostgreSQL races here: PGlite is one connection and runs one transaction at a time, so
    // on it this checks the count only. CI always has PostgreSQL (test/global-setup.ts).
    test('20 shoppers at once for 5 units: exactly 5 orders, stock 0 (a real race on PostgreSQL only)', async () => {
      const { app, shop } = ctx();
      const product = await createProduct(app.db, { name: 'Рідкісний хміль Nelson Sauvin', countInStock: 5 });
      const shoppers = await Promise.all(Array.from({ length: 20 }, () => shop.customer()));
      const results = await Promise.all(shoppers.map(({ cookie }) => shop.placeOrder(orderOf([{ product: product.id, qty: 1 }], { as: cookie }))));
      const statuses = results.map((r) => r.status).sort();
      expect(statuses.filter((s) => s === 201)).toHaveLength(5);
      expect(statuses.filter((s) => s === 409)).toHaveLength(15);
      expect(await shop.stockOf(product.id)).toBe(0);
      const sold = await app.db.select().from(orderItems).where(eq(orderItems.productId, product.id));
      expect(sold.reduce((n, line) => n + line.qty, 0)).toBe(5);
    });

    test('bad input is refused with Ukrainian messages', async () => {
      const { app, shop } = ctx();
      const product = await createProduct(app.db);
      const { cookie } = await shop.customer();
      const line = { product: product.id, qty: 1 };
      const cases: [string, PlaceOrder, RegExp][] = [
        ['phone of another country', orderOf([line], { shippingAddress: { ...ADDRESS, phoneNumber: '+48601234567' } }), /український номер/],
        ['phone too short', orderOf([line], { shippingAddress: { ...ADDRESS, phoneNumber: '+38067123' } }), /український номер/],
        ['phone with letters', orderOf([line], { shippingAddress: { ...ADDRESS, phoneNumber: '+380abcdefghi' } }), /український номер/],
        ['no recipient', orderOf([line], { shippingAddress: { ...ADDRESS, address: '  ' } }), /отримувача/],
        ['no city', orderOf([line], { shippingAddress: { ...ADDRESS, city: '' } }), /населений пункт/],
        ['no branch', orderOf([line], { shippingAddress: { ...ADDRESS, country: '' } }), /відділення/],
        // An undefined field is left out of the JSON body.
        ['no shipping address', orderOf([line], { extra: { shippingAddress: undefined } }), /Некоректні дані/],
        ['empty cart', orderOf([]), /Кошик порожній/],
        ['zero quantity', orderOf([{ product: product.id, qty: 0 }]), /щонайменше 1/],
        ['fractional quantity', orderOf([{ product: product.id, qty: 1.5 }]), /цілим/],
        ['malformed product id', orderOf([{ product: 'abc', qty: 1 }]), /ідентифікатор/],
        ['unknown payment method', orderOf([line], { paymentMethod: 'Bitcoin' }), /спосіб оплати/],
      ];
      for (const [name, payload, message] of cases) {
        const { status, body } = await shop.placeOrder({ ...payload, as: cookie });
        expect(status, name).toBe(400);
        expect(body.message, name).toMatch(message);
      }
      expect(await shop.stockOf(product.id)).toBe(10);
      // A number written the usual ways is stored in one form.
      for (const phoneNumber of ['067 123 45 67', '+38 (067) 123-45-67']) {
        const spaced = await shop.placeOrder(orderOf([line], { as: cookie, shippingAddress: { ...ADDRESS, phoneNumber } }));
        expect(spaced.status).toBe(201);
        expect(spaced.body.shippingAddress.phoneNumber).toBe('+380671234567');
      }
    });

    test('the payment method defaults to cash on delivery; every method of the issue is accepted', async () => {
      const { app, shop } = ctx();
      const product = await createProduct(app.db);
      const { cookie } = await shop.customer();
      const withoutMethod = orderOf([{ product: product.id, qty: 1 }], { as: cookie, extra: { paymentMethod: undefined } });
      expect((await shop.placeOrder(withoutMethod)).body.paymentMethod).toBe('NovaPoshta');
      for (const method of ['PrivatBank', 'NovaPoshta', 'Card', 'PayPal', 'LiqPay']) {
        const { status, body } = await shop.placeOrder(orderOf([{ product: product.id, qty: 1 }], { as: cookie, paymentMethod: method }));
        expect(status).toBe(201);
        expect(body.paymentMethod).toBe(method);
      }
    });

    test('orders are for signed-in shoppers; others’ orders do not exist for them; admins see all', async () => {
      const { app, shop } = ctx();
      const product = await createProduct(app.db);
      const alice = await shop.customer();
      const bob = await shop.customer();
      const admin = await shop.admin();

      expect((await shop.placeOrder(orderOf([{ product: product.id, qty: 1 }], { as: 'signed-out' }))).status).toBe(401);
      const { body: order } = await shop.placeOrder(orderOf([{ product: product.id, qty: 1 }], { as: alice.cookie }));

      const get = (url: string, cookie?: string) => app.inject({ url, headers: cookie ? { cookie } : {} });
      expect((await get(`/api/orders/${order.id}`, alice.cookie)).statusCode).toBe(200);
      expect((await get(`/api/orders/${order.id}`, bob.cookie)).statusCode).toBe(404);
      expect((await get(`/api/orders/${order.id}`)).statusCode).toBe(401);
      const asAdmin = await get(`/api/orders/${order.id}`, admin.cookie);
      expect(asAdmin.statusCode).toBe(200);
      expect((asAdmin.json() as Order).user?.email).toBe(alice.user.email);
      expect((await get('/api/orders/00000000-0000-4000-8000-000000000000', alice.cookie)).statusCode).toBe(404);
      expect((await get('/api/orders/not-an-id', alice.cookie)).statusCode).toBe(400);

      const mine = (await get('/api/orders/mine', alice.cookie)).json() as OrderSummary[];
      expect(mine.map((o) => o.id)).toEqual([order.id]);
      expect((await get('/api/orders/mine', bob.cookie)).json()).toEqual([]);
      expect((await get('/api/orders/mine')).statusCode).toBe(401);

      expect((await get('/api/orders', alice.cookie)).statusCode).toBe(403);
      expect((await get('/api/orders')).statusCode).toBe(401);
      const all = (await get('/api/orders', admin.cookie)).json() as OrderList;
      expect(all.orders.find((o) => o.id === order.id)?.user?.name).toBe(alice.user.name);
    });

    test('test payment pays once, only the owner’s order; delivery only after payment, by an admin, once', async () => {
      const { app, shop } = ctx();
      const product = await createProduct(app.db);
      const alice = await shop.customer();
      const bob = await shop.customer();
      const admin = await shop.admin();
      const { body: order } = await shop.placeOrder(orderOf([{ product: product.id, qty: 1 }], { as: alice.cookie }));

      const put = (url: string, cookie: string | undefined, payload?: object) =>
        app.inject({ method: 'PUT', url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

      const early = await put(`/api/orders/${order.id}/deliver`, admin.cookie);
      expect(early.statusCode).toBe(409);
      expect(early.json().code).toBe('ORDER_NOT_PAID');

      expect((await put(`/api/orders/${order.id}/pay`, bob.cookie, { test: true })).statusCode).toBe(404);
      expect((await put(`/api/orders/${order.id}/pay`, admin.cookie, { test: true })).statusCode).toBe(403);
      expect((await put(`/api/orders/${order.id}/pay`, undefined, { test: true })).statusCode).toBe(401);
      expect((await put(`/api/orders/${order.id}/pay`, alice.cookie, { test: false })).statusCode).toBe(400);

      const paid = await put(`/api/orders/${order.id}/pay`, alice.cookie, { test: true });
      expect(paid.statusCode).toBe(200);
      const paidOrder = paid.json() as Order;
      expect(paidOrder).toMatchObject({ isPaid: true, status: 'paid' });
      expect(Date.parse(paidOrder.paidAt!)).toBeGreaterThan(Date.now() - 60_000);
      expect(paidOrder.paymentResult).toMatchObject({ status: 'COMPLETED', email_address: alice.user.email });

      const twice = await put(`/api/orders/${order.id}/pay`, alice.cookie, { test: true });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().code).toBe('ORDER_ALREADY_PAID');

      expect((await put(`/api/orders/${order.id}/deliver`, alice.cookie)).statusCode).toBe(403);
      const delivered = await put(`/api/orders/${order.id}/deliver`, admin.cookie);
      expect(delivered.statusCode).toBe(200);
      expect(delivered.json()).toMatchObject({ isPaid: true, isDelivered: true, status: 'delivered' });
      expect((delivered.json() as Order).deliveredAt).toBeTruthy();
      expect((await put(`/api/orders/${order.id}/deliver`, admin.cookie)).statusCode).toBe(409);
      expect((await put('/api/orders/00000000-0000-4000-8000-000000000000/deliver', admin.cookie)).statusCode).toBe(404);

      const mine = (await app.inject({ url: '/api/orders/mine', headers: { cookie: alice.cookie } })).json() as OrderSummary[];
      expect(mine[0]).toMatchObject({ isPaid: true, isDelivered: true });
    });
  },
  { env: ALL_METHODS_ENV },
);

describeWithApp(
  'orders API with test payments off',
  (ctx) => {
    test('a test payment is refused and the order stays unpaid', async () => {
      const { app, shop } = ctx();
      const product = await createProduct(app.db);
      const { cookie } = await shop.customer();
      const { body: order } = await shop.placeOrder(orderOf([{ product: product.id, qty: 1 }], { as: cookie }));
      const res = await app.inject({ method: 'PUT', url: `/api/orders/${order.id}/pay`, headers: { cookie }, payload: { test: true } });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('TEST_PAYMENTS_DISABLED');
      const after = (await app.inject({ url: `/api/orders/${order.id}`, headers: { cookie } })).json() as Order;
      expect(after.isPaid).toBe(false);
    });
  },
  { env: { ...ALL_METHODS_ENV, PAYMENTS_TEST_MODE: 'false' } },
);
