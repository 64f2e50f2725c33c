import { createHash } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, test } from 'vitest';
import type { AuditList, CustomerDetail, CustomerList, Dashboard } from '../../../shared/back-office.js';
import type { Product } from '../../../shared/products.js';
import { shopDay } from '../../../shared/time-zone.js';
import { auditLog, orderItems, orders, outboxMessages, productVariants, type ProductRow, type UserRow } from '../../db/schema.js';
import { describeWithApp } from '../../test/database.js';
import { createOrder, createProduct, pack, variantsOf } from '../../test/factories.js';

const kyivDate = shopDay;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The instant today's Kyiv day began (UTC+2 in winter, +3 in summer). */
function kyivMidnight(now = new Date()): Date {
  const [y, m, d] = kyivDate(now).split('-').map(Number);
  for (const offset of [2, 3]) {
    const candidate = new Date(Date.UTC(y, m - 1, d) - offset * HOUR);
    if (kyivDate(candidate) === kyivDate(now) && kyivDate(new Date(candidate.getTime() - 1)) !== kyivDate(now)) return candidate;
  }
  throw new Error('no Kyiv midnight');
}

/** An order of one product written straight into the database, then dated and priced as the test says. */
async function datedOrder(app: FastifyInstance, user: UserRow, product: ProductRow, qty: number, fields: Partial<typeof orders.$inferInsert>) {
  const order = await createOrder(app.db, user, [{ product, qty }]);
  await app.db.update(orders).set(fields).where(eq(orders.id, order.id));
  return order;
}

describeWithApp('back office: who may ask', (ctx) => {
  test('every back-office route answers 401 without a session and 403 to a customer', async () => {
    const { app, shop } = ctx();
    const { cookie } = await shop.customer();
    for (const url of ['/api/admin/dashboard?days=7', '/api/admin/customers', `/api/admin/customers/${crypto.randomUUID()}`, '/api/admin/audit']) {
      expect([url, (await app.inject({ url })).statusCode]).toEqual([url, 401]);
      expect([url, (await app.inject({ url, headers: { cookie } })).statusCode]).toEqual([url, 403]);
    }
  });

  test('bad input is a coded 400', async () => {
    const { app, shop } = ctx();
    const { cookie } = await shop.admin();
    for (const url of ['/api/admin/dashboard?days=14', '/api/admin/customers/guest:abc', '/api/admin/customers?page=0', '/api/admin/audit?entity=coupon']) {
      const res = await app.inject({ url, headers: { cookie } });
      expect([url, res.statusCode, res.json().code]).toEqual([url, 400, 'VALIDATION_ERROR']);
    }
    const missing = await app.inject({ url: `/api/admin/customers/guest:${'0'.repeat(64)}`, headers: { cookie } });
    expect([missing.statusCode, missing.json().code]).toEqual([404, 'CUSTOMER_NOT_FOUND']);
  });
});

describeWithApp('back office: the dashboard', (ctx) => {
  test('revenue per Kyiv day, average, statuses, tops and payment mix match the hand-computed figures', async () => {
    const { app, shop } = ctx();
    const { cookie } = await shop.admin();
    const { user: buyer } = await shop.customer();
    const hops = await createProduct(app.db, { name: 'Хміль Citra', priceMinor: 50_25 });
    const yeast = await createProduct(app.db, { name: 'Дріжджі US-05', priceMinor: 10_00, category: 'Yeast', producer: 'Fermentis' });
    const midnight = kyivMidnight();
    const today = kyivDate(midnight);
    const yesterday = kyivDate(new Date(midnight.getTime() - HOUR));
    // 00:30 in Kyiv is still yesterday in UTC, and 23:30 yesterday in Kyiv is today's date nowhere: the day is Kyiv's.
    const justAfter = new Date(midnight.getTime() + 30 * 60_000);
    const justBefore = new Date(midnight.getTime() - 30 * 60_000);
    await datedOrder(app, buyer, hops, 2, {
      createdAt: justAfter,
      paidAt: justAfter,
      status: 'paid',
      totalMinor: 100_50,
      paymentMethodId: 'liqpay',
    });
    const yesterdays = await datedOrder(app, buyer, yeast, 3, { createdAt: justBefore, totalMinor: 200_00, paymentMethodId: 'cash_on_delivery' });
    await datedOrder(app, buyer, hops, 1, { createdAt: justAfter, status: 'cancelled', totalMinor: 999_00, paymentMethodId: 'liqpay' });
    await datedOrder(app, buyer, yeast, 1, { createdAt: new Date(midnight.getTime() - 8 * DAY), totalMinor: 50_00, paymentMethodId: 'cash_on_delivery' });
    const threeDaysAgo = new Date(midnight.getTime() - 3 * DAY + 12 * HOUR);
    await datedOrder(app, buyer, yeast, 1, {
      createdAt: threeDaysAgo,
      paidAt: justAfter,
      status: 'paid',
      totalMinor: 30_00,
      paymentMethodId: 'monobank',
    });
    const low = await createProduct(app.db, { name: 'Хміль Mosaic', variants: [pack('50 г', 150_00, 3, 0.05), pack('100 г', 280_00, 9, 0.1)] });

    const week = (await app.inject({ url: '/api/admin/dashboard?days=7', headers: { cookie } })).json() as Dashboard;
    expect(week.revenue).toHaveLength(7);
    expect(week.revenue.at(-1)).toEqual({ date: today, paid: 130.5, placed: 100.5, orders: 1 });
    expect(week.revenue.at(-2)).toEqual({ date: yesterday, paid: 0, placed: 200, orders: 1 });
    expect(week.revenue.find((d) => d.date === kyivDate(threeDaysAgo))).toEqual({ date: kyivDate(threeDaysAgo), paid: 0, placed: 30, orders: 1 });
    expect(week.revenue.filter((d) => d.orders === 0)).toHaveLength(4);
    // (100.50 + 200 + 30) / 3 = 110.1666… → 110.17
    expect(week.averageOrder).toBe(110.17);
    expect(week.byStatus).toEqual([
      { status: 'paid', orders: 2 },
      { status: 'cancelled', orders: 1 },
      { status: 'pending', orders: 1 },
    ]);
    expect(week.paymentMethods).toEqual([
      { method: 'cash_on_delivery', orders: 1, total: 200 },
      { method: 'liqpay', orders: 1, total: 100.5 },
      { method: 'monobank', orders: 1, total: 30 },
    ]);
    // Lines at the product's price: hops 2 × 50.25 = 100.50, yeast 3 × 10 + 1 × 10 = 40.
    expect(week.topProducts).toEqual([
      { productId: hops.id, name: 'Хміль Citra', qty: 2, revenue: 100.5 },
      { productId: yeast.id, name: 'Дріжджі US-05', qty: 4, revenue: 40 },
    ]);
    expect(week.topCategories.map((c) => [c.category, c.qty, c.revenue])).toEqual([
      ['Hops', 2, 100.5],
      ['Yeast', 4, 40],
    ]);
    expect(week.lowStock).toContainEqual(expect.objectContaining({ product: expect.objectContaining({ id: low.id }), countInStock: 3, threshold: 5 }));
    expect(week.lowStock.some((row) => row.variant.label === '100 г')).toBe(false);

    const month = (await app.inject({ url: '/api/admin/dashboard?days=30', headers: { cookie } })).json() as Dashboard;
    expect(month.revenue).toHaveLength(30);
    expect(month.revenue.reduce((n, d) => n + d.orders, 0)).toBe(4);
    expect(month.revenue.find((d) => d.date === kyivDate(new Date(midnight.getTime() - 8 * DAY)))?.placed).toBe(50);
    const quarter = (await app.inject({ url: '/api/admin/dashboard?days=90', headers: { cookie } })).json() as Dashboard;
    expect([quarter.revenue.length, quarter.revenue[0].date < quarter.revenue[89].date]).toEqual([90, true]);

    // The summary follows every later write: yesterday's order cancelled, the cancelled one paid today after all.
    await app.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, yesterdays.id));
    const again = (await app.inject({ url: '/api/admin/dashboard?days=7', headers: { cookie } })).json() as Dashboard;
    expect(again.revenue.at(-2)).toEqual({ date: yesterday, paid: 0, placed: 0, orders: 0 });
    expect(again.byStatus).toEqual([
      { status: 'cancelled', orders: 2 },
      { status: 'paid', orders: 2 },
    ]);
    expect(again.topProducts.find((p) => p.productId === yeast.id)).toEqual({ productId: yeast.id, name: 'Дріжджі US-05', qty: 1, revenue: 10 });
    expect(again.paymentMethods.map((m) => m.method)).toEqual(['liqpay', 'monobank']);
  });
});

describeWithApp(
  'back office: low-stock notices',
  (ctx) => {
    const lowStockLetters = async (app: FastifyInstance) =>
      app.db
        .select()
        .from(outboxMessages)
        .where(and(eq(outboxMessages.channel, 'email'), like(outboxMessages.subject, 'Закінчу%')));
    const setStock = async (app: FastifyInstance, cookie: string, product: Product, countInStock: number, lowStockThreshold?: number) => {
      const [v] = product.variants;
      const res = await app.inject({
        method: 'PUT',
        url: `/api/products/${product.id}`,
        headers: { cookie },
        payload: {
          name: product.name,
          image: product.image,
          description: product.description,
          category: product.category,
          producer: product.producer,
          variants: [{ id: v.id, sku: v.sku, label: v.label, price: v.price, discount: v.discount, weight: v.weight, countInStock, lowStockThreshold }],
        },
      });
      expect(res.statusCode).toBe(200);
      return res.json() as Product;
    };

    test('told once when orders racing for a pack cross its threshold, again only after a restock', async () => {
      const { app, shop } = ctx();
      const { cookie: admin } = await shop.admin();
      const shoppers = await Promise.all(Array.from({ length: 6 }, () => shop.customer()));
      const row = await createProduct(app.db, { name: 'Хміль Galaxy', variants: [pack('100 г', 300_00, 8, 0.1)] });
      const [variant] = await variantsOf(app.db, row.id);
      const results = await Promise.all(shoppers.map((shopper) => shop.placeOrder({ as: shopper, lines: [{ product: row.id, variant: variant.id, qty: 1 }] })));
      expect(results.map((r) => r.status)).toEqual(Array(6).fill(201));
      // 8 → 2: it crossed 5 once, whichever order did it.
      const letters = await lowStockLetters(app);
      expect(letters).toHaveLength(1);
      expect(letters[0].textBody).toContain('Хміль Galaxy, 100 г');

      let product = (await app.inject({ url: `/api/products/${row.id}`, headers: { cookie: admin } })).json() as Product;
      product = await setStock(app, admin, product, 6);
      expect((await app.db.select().from(productVariants).where(eq(productVariants.id, variant.id)))[0].lowStockNotified).toBe(false);
      expect(await lowStockLetters(app)).toHaveLength(1);
      expect((await shop.placeOrder({ as: shoppers[0], lines: [{ product: row.id, variant: variant.id, qty: 1 }] })).status).toBe(201);
      expect(await lowStockLetters(app)).toHaveLength(2);
      expect((await shop.placeOrder({ as: shoppers[1], lines: [{ product: row.id, variant: variant.id, qty: 1 }] })).status).toBe(201);
      expect(await lowStockLetters(app)).toHaveLength(2);

      // An admin's write counts too: a restock, then a threshold raised above the stock.
      product = await setStock(app, admin, product, 9);
      product = await setStock(app, admin, product, 9, 10);
      expect(product.variants[0].lowStockThreshold).toBe(10);
      expect(await lowStockLetters(app)).toHaveLength(3);
      const bad = await app.inject({
        method: 'PUT',
        url: `/api/products/${row.id}`,
        headers: { cookie: admin },
        payload: { ...product, variants: [{ ...product.variants[0], lowStockThreshold: -1 }] },
      });
      expect([bad.statusCode, bad.json().code]).toEqual([400, 'VALIDATION_ERROR']);
    }, 120_000);
  },
  { env: { SHOP_NOTIFY_EMAIL: 'owner@example.com' } },
);

describeWithApp('back office: customers', (ctx) => {
  test('accounts and guests grouped by e-mail or phone, searched by name, e-mail and phone, with their orders', async () => {
    const { app, shop } = ctx();
    const { cookie } = await shop.admin();
    const product = await createProduct(app.db, { priceMinor: 100_00 });
    const { user: olena } = await shop.customer({ name: 'Олена Пчілка', email: 'olena@example.com' });
    const paid = await datedOrder(app, olena, product, 2, { paidAt: new Date(), status: 'paid', totalMinor: 200_00 });
    await datedOrder(app, olena, product, 1, { totalMinor: 100_00 });
    const guest = async (fields: Partial<typeof orders.$inferInsert>) => {
      const [row] = await app.db
        .insert(orders)
        .values({
          recipientName: 'Гість',
          cityName: 'Львів',
          branchDescription: 'Відділення №3',
          paymentMethodId: 'cash_on_delivery',
          itemsMinor: 0,
          shippingMinor: 0,
          taxMinor: 0,
          totalMinor: 0,
          ...fields,
        })
        .returning();
      await app.db.insert(orderItems).values({ orderId: row.id, productId: product.id, name: product.name, image: product.image, priceMinor: 100_00, qty: 1 });
      return row;
    };
    await guest({
      guestEmail: 'Marko@Example.com',
      recipientName: 'Марко Вовчок',
      recipientPhone: '+380501112233',
      totalMinor: 150_00,
      paidAt: new Date(),
      status: 'paid',
    });
    await guest({ guestEmail: 'marko@example.com', recipientName: 'Марко Вовчок', recipientPhone: '+380501112233', totalMinor: 70_00 });
    await guest({ recipientName: 'Леся Українка', recipientPhone: '+380677654321', totalMinor: 40_00 });

    const search = async (q: string) =>
      ((await app.inject({ url: `/api/admin/customers?q=${encodeURIComponent(q)}`, headers: { cookie } })).json() as CustomerList).customers;
    const [byName] = await search('пчілка');
    expect(byName).toMatchObject({ id: olena.id, kind: 'registered', orders: 2, totalSpent: 200, email: 'olena@example.com' });
    const marko = await search('marko@EXAMPLE');
    expect(marko).toEqual([expect.objectContaining({ kind: 'guest', name: 'Марко Вовчок', email: 'marko@example.com', orders: 2, totalSpent: 150 })]);
    expect(marko[0].id).toBe(`guest:${createHash('sha256').update('email:marko@example.com').digest('hex')}`);
    const lesya = await search('067 765 43');
    expect(lesya).toEqual([expect.objectContaining({ kind: 'guest', name: 'Леся Українка', phone: '+380677654321', email: null, orders: 1, totalSpent: 0 })]);
    expect(await search('нікого-такого')).toEqual([]);

    const all = (await app.inject({ url: '/api/admin/customers', headers: { cookie } })).json() as CustomerList;
    expect(all.total).toBeGreaterThanOrEqual(4);
    expect(all.customers.slice(0, 3).every((c) => c.lastOrderAt !== null)).toBe(true);

    const detail = (await app.inject({ url: `/api/admin/customers/${olena.id}`, headers: { cookie } })).json() as CustomerDetail;
    expect(detail.orders.map((o) => o.id)).toContain(paid.id);
    expect(detail.orders).toHaveLength(2);
    const guestDetail = (await app.inject({ url: `/api/admin/customers/${marko[0].id}`, headers: { cookie } })).json() as CustomerDetail;
    expect(guestDetail.orders.map((o) => o.totalPrice).sort()).toEqual([150, 70]);
  });
});

describeWithApp('back office: the audit trail', (ctx) => {
  const trail = async (app: FastifyInstance, cookie: string, query: string) =>
    ((await app.inject({ url: `/api/admin/audit?${query}`, headers: { cookie } })).json() as AuditList).entries;

  test('each kind of admin write leaves one entry with who, what and the changed fields only', async () => {
    const { app, shop } = ctx();
    const { user: admin, cookie } = await shop.admin({ name: 'Оксана Адмін' });
    const call = async (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
      const res = await app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
      expect([url, res.statusCode]).toEqual([url, method === 'POST' && !url.includes('/waybill') ? res.statusCode : 200]);
      return res.json();
    };

    // A product: created, priced, published, hidden, deleted.
    const created = (await call('POST', '/api/products')) as Product;
    const [v] = created.variants;
    const edit = { name: 'Хміль Simcoe', image: created.image, description: 'Смолистий', category: 'Hops', origin: 'USA' };
    const packOf = (price: number, countInStock: number) => [{ id: v.id, sku: v.sku, label: v.label, price, discount: 0, weight: 1, countInStock }];
    await call('PUT', `/api/products/${created.id}`, { ...edit, variants: packOf(420.5, 12) });
    await call('PUT', `/api/products/${created.id}`, { ...edit, status: 'published', variants: packOf(420.5, 12) });
    await call('PUT', `/api/products/${created.id}`, { ...edit, status: 'hidden', variants: packOf(399, 12) });
    const product = await trail(app, cookie, `entity=product&id=${created.id}`);
    expect(product.map((e) => e.action)).toEqual(['pack.update', 'hide', 'publish', 'pack.update', 'update', 'pack.create', 'create']);
    expect(product.at(-1)!.actor).toMatchObject({ id: admin.id, name: 'Оксана Адмін' });
    const priced = product.find((e) => e.action === 'pack.update' && e.after.price_minor === 42050)!;
    expect(priced).toMatchObject({ subject: v.sku, before: { price_minor: 0, count_in_stock: 0 }, after: { price_minor: 42050, count_in_stock: 12 } });
    expect(product[0]).toMatchObject({ before: { price_minor: 42050 }, after: { price_minor: 39900 } });
    expect(Object.keys(product[4].after).sort()).toEqual(['description', 'name', 'slug']);
    await call('DELETE', `/api/products/${created.id}`);
    expect((await trail(app, cookie, `entity=product&id=${created.id}`))[0].action).toBe('delete');

    // Categories with their attributes, producers.
    const category = await call('POST', '/api/admin/categories', { slug: 'Kits', name: 'Набори', nameEn: 'Kits', attributes: [] });
    await call('PUT', `/api/admin/categories/${category.id}`, {
      slug: 'Kits',
      name: 'Набори для пива',
      nameEn: 'Kits',
      attributes: [{ key: 'volume', name: 'Обʼєм', nameEn: 'Volume', type: 'number', unit: 'л' }],
    });
    expect((await trail(app, cookie, `entity=category&id=${category.id}`)).map((e) => [e.action, e.subject])).toEqual([
      ['attribute.create', 'volume'],
      ['update', null],
      ['create', null],
    ]);
    const producer = await call('POST', '/api/admin/producers', { name: 'Brewferm', country: 'BE' });
    expect((await trail(app, cookie, `entity=producer&id=${producer.id}`)).map((e) => e.action)).toEqual(['create']);

    // Settings: only the changed section.
    const settings = (await app.inject({ url: '/api/settings/admin', headers: { cookie } })).json();
    // A new shop keeps the defaults until its first save, which is recorded whole.
    await call('PUT', '/api/settings', settings);
    await call('PUT', '/api/settings', { ...settings, shop: { ...settings.shop, phone: '+380441234567' } });
    const [settingsEntry] = await trail(app, cookie, 'entity=settings');
    expect(Object.keys(settingsEntry.after)).toEqual(['shop']);

    // Orders: confirmed, paid, shipped, delivered; another cancelled.
    const { user: buyer } = await shop.customer();
    const stock = await createProduct(app.db);
    const cod = await createOrder(app.db, buyer, [{ product: stock, qty: 1 }]);
    await app.db.update(orders).set({ paymentMethodId: 'card_transfer' }).where(eq(orders.id, cod.id));
    await call('PUT', `/api/orders/${cod.id}/confirm`);
    await call('PUT', `/api/orders/${cod.id}/mark-paid`);
    await call('PUT', `/api/orders/${cod.id}/ship`, { trackingNumber: '20450000000001' });
    await call('PUT', `/api/orders/${cod.id}/deliver`);
    const other = await createOrder(app.db, buyer, [{ product: stock, qty: 1 }]);
    await call('PUT', `/api/orders/${other.id}/cancel`);
    expect((await trail(app, cookie, `entity=order&id=${cod.id}`)).map((e) => e.action)).toEqual(['delivered', 'shipped', 'paid', 'confirmed']);
    const [cancelled] = await trail(app, cookie, `entity=order&id=${other.id}`);
    expect(cancelled).toMatchObject({ action: 'cancelled', before: { status: 'pending' }, after: { status: 'cancelled' } });

    // A refund of the paid order.
    const [line] = await app.db.select().from(orderItems).where(eq(orderItems.orderId, cod.id));
    const refund = await shop.refund(cod.id, cookie, [{ item: line.id, qty: 1 }], 'Брак');
    expect(refund.status).toBeLessThan(300);
    expect((await trail(app, cookie, `entity=order&id=${cod.id}`)).map((e) => e.action)).toContain('refund');

    // Users: a role change, a delete; the password never enters the trail.
    const { user: target } = await shop.customer({ name: 'Іван' });
    await call('PUT', `/api/users/${target.id}`, { name: 'Іван', email: target.email, isAdmin: false });
    await call('PUT', `/api/users/${target.id}`, { name: 'Іван Нечуй', email: target.email, isAdmin: false });
    await call('DELETE', `/api/users/${target.id}`);
    const user = await trail(app, cookie, `entity=user&id=${target.id}`);
    expect(user.map((e) => e.action)).toEqual(['delete', 'update']);
    expect(JSON.stringify(user)).not.toContain('password');

    // A legal page: the new version.
    await call('PUT', '/api/admin/legal/privacy', { title: 'Політика конфіденційності', body: 'Нова редакція.' });
    const [legal] = await trail(app, cookie, 'entity=legal&id=privacy');
    expect(legal).toMatchObject({ action: 'create', after: { title: 'Політика конфіденційності', body: 'Нова редакція.' } });

    // By the admin, and nobody else's writes: a shopper's order leaves nothing.
    expect((await trail(app, cookie, `actor=${admin.id}`)).length).toBeGreaterThan(15);
    const before = (await trail(app, cookie, '')).length;
    const shopper = await shop.customer();
    await app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: { cookie: shopper.cookie },
      payload: { name: 'Тарас Новий', email: shopper.user.email },
    });
    expect((await trail(app, cookie, '')).length).toBe(before);
  }, 120_000);

  test('the trail cannot be changed: no route, and the database refuses', async () => {
    const { app, shop } = ctx();
    const { cookie } = await shop.admin();
    await app.inject({ method: 'POST', url: '/api/products', headers: { cookie } });
    for (const method of ['PUT', 'DELETE', 'POST'] as const) {
      expect((await app.inject({ method, url: '/api/admin/audit', headers: { cookie } })).statusCode).toBe(404);
    }
    await expect(app.db.update(auditLog).set({ actorName: 'x' })).rejects.toThrow();
    await expect(app.db.delete(auditLog)).rejects.toThrow();
  });
});
