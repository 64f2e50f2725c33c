import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { orderItems, orders, products, reviews } from '../../db/schema.js';
import { describeWithApp } from '../../test/database.js';
import { createOrder, createProduct, createUser } from '../../test/factories.js';
import type { Product, ProductList, ProductUpdateInput } from '../../../shared/products.js';

const validUpdate = (): ProductUpdateInput => ({
  name: 'Хміль Nelson Sauvin (Нова Зеландія), 100 г',
  price: 1249.5,
  discount: 10,
  image: '/uploads/nelson-800.webp',
  producer: 'New Zealand',
  category: 'Hops',
  description: 'Винний, агрусовий аромат.',
  countInStock: 7,
  weight: 0.1,
  cropYear: 2025,
  alphaAcid: 12.5,
  fermentationTemperature: null,
  fermentationType: null,
});

describeWithApp('product administration API', (ctx) => {
  const asAdmin = async () => ({ cookie: (await ctx().shop.admin()).cookie });
  const asCustomer = async () => ({ cookie: (await ctx().shop.customer()).cookie });
  const put = (id: string, payload: unknown, headers: Record<string, string>) =>
    ctx().app.inject({ method: 'PUT', url: `/api/products/${id}`, payload: payload as object, headers });

  test('an admin creates a product with the documented defaults; it is listed for admins at once', async () => {
    const { app } = ctx();
    const headers = await asAdmin();
    // Warm the cache first: the create must empty it.
    await app.inject({ url: '/api/products?all=true', headers });
    const res = await app.inject({ method: 'POST', url: '/api/products', headers });
    expect(res.statusCode).toBe(201);
    const created = res.json() as Product;
    // A hidden draft at 0 грн with no stock: nobody can see or buy it until it is priced and published.
    expect(created).toMatchObject({ status: 'draft', price: 0, countInStock: 0, discount: 0, category: 'Hops', name: 'Новий товар' });
    expect(created.variants).toEqual([expect.objectContaining({ price: 0, countInStock: 0, label: '1 кг' })]);
    const list = (await app.inject({ url: '/api/products?all=true', headers })).json() as ProductList;
    expect(list.products[0].id).toBe(created.id);
  });

  test('a second draft after the first was renamed gets a SKU of its own', async () => {
    const { app } = ctx();
    const headers = await asAdmin();
    const first = (await app.inject({ method: 'POST', url: '/api/products', headers })).json() as Product;
    expect((await put(first.id, { ...validUpdate(), name: 'Хміль перейменований' }, headers)).statusCode).toBe(200);
    const second = await app.inject({ method: 'POST', url: '/api/products', headers });
    expect(second.statusCode).toBe(201);
    expect((second.json() as Product).variants[0].sku).not.toBe(first.variants[0].sku);
  });

  test('only admins may create, edit or delete products', async () => {
    const { app } = ctx();
    const product = await createProduct(app.db);
    const customer = await asCustomer();
    for (const [headers, status] of [
      [{}, 401],
      [customer, 403],
    ] as const) {
      expect((await app.inject({ method: 'POST', url: '/api/products', headers })).statusCode).toBe(status);
      expect((await put(product.id, validUpdate(), headers)).statusCode).toBe(status);
      // Even an invalid body is refused for the role first.
      expect((await put(product.id, { price: -1 }, headers)).statusCode).toBe(status);
      expect((await app.inject({ method: 'DELETE', url: `/api/products/${product.id}`, headers })).statusCode).toBe(status);
    }
    const [row] = await app.db.select().from(products).where(eq(products.id, product.id));
    expect(row.name).toBe(product.name);
  });

  test('an admin edits every field; the shop shows the change at once', async () => {
    const { app } = ctx();
    const headers = await asAdmin();
    const product = await createProduct(app.db, { name: 'Хміль старий', countInStock: 1 });
    app.catalogCache.invalidate();
    await app.inject({ url: '/api/products?keyword=nelson' }); // cached: nothing yet
    const res = await put(product.id, { ...validUpdate(), productId: product.id }, headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ...validUpdate(), id: product.id });

    const detail = (await app.inject({ url: `/api/products/${product.id}` })).json() as Product;
    expect(detail).toMatchObject({ price: 1249.5, discount: 10, weight: 0.1, alphaAcid: 12.5, cropYear: 2025, producer: 'New Zealand' });
    const search = (await app.inject({ url: '/api/products?keyword=nelson' })).json() as ProductList;
    expect(search.products.map((p) => p.id)).toEqual([product.id]);

    // Yeast fields, and text fields trimmed.
    const yeast = await put(
      product.id,
      {
        ...validUpdate(),
        name: '  SafLager W-34/70  ',
        category: 'Yeast',
        producer: 'Fermentis',
        fermentationTemperature: '12–15 °C',
        fermentationType: 'bottom',
        cropYear: null,
        alphaAcid: null,
      },
      headers,
    );
    expect(yeast.statusCode).toBe(200);
    expect(yeast.json()).toMatchObject({ name: 'SafLager W-34/70', fermentationType: 'bottom', fermentationTemperature: '12–15 °C', alphaAcid: null });
  });

  test('stock 0 lists a product as sold out (left out of what is in stock) and keeps it in the admin list', async () => {
    const { app } = ctx();
    const headers = await asAdmin();
    const product = await createProduct(app.db, { name: 'Хміль Zeus склад' });
    app.catalogCache.invalidate();
    expect(((await app.inject({ url: '/api/products?keyword=zeus' })).json() as ProductList).products).toHaveLength(1);
    expect((await put(product.id, { ...validUpdate(), name: 'Хміль Zeus склад', countInStock: 0 }, headers)).statusCode).toBe(200);
    expect(((await app.inject({ url: '/api/products?keyword=zeus' })).json() as ProductList).products.map((p) => p.countInStock)).toEqual([0]);
    expect(((await app.inject({ url: '/api/products?keyword=zeus&inStock=true' })).json() as ProductList).products).toHaveLength(0);
    const admin = (await app.inject({ url: '/api/products?keyword=zeus&all=true', headers })).json() as ProductList;
    expect(admin.products.map((p) => p.id)).toEqual([product.id]);
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ['negative price', { price: -0.01 }, 'price'],
    ['price as text', { price: '100' }, 'price'],
    ['fractional discount', { discount: 10.5 }, 'discount'],
    ['discount above 100', { discount: 101 }, 'discount'],
    ['negative discount', { discount: -5 }, 'discount'],
    ['fractional stock', { countInStock: 1.5 }, 'countInStock'],
    ['negative stock', { countInStock: -1 }, 'countInStock'],
    ['zero weight', { weight: 0 }, 'weight'],
    ['negative weight', { weight: -1 }, 'weight'],
    ['alpha acids above 25', { alphaAcid: 25.1 }, 'alphaAcid'],
    ['negative alpha acids', { alphaAcid: -1 }, 'alphaAcid'],
    ['crop year too old', { cropYear: 1899 }, 'cropYear'],
    ['crop year in the far future', { cropYear: new Date().getFullYear() + 5 }, 'cropYear'],
    ['fractional crop year', { cropYear: 2024.5 }, 'cropYear'],
    ['unknown category', { category: 'Beer' }, 'category'],
    ['the filter group instead of a category', { category: 'Equipment' }, 'category'],
    ['hop from an unknown country', { producer: 'France' }, 'producer'],
    ['yeast from a hop country', { category: 'Yeast', producer: 'USA' }, 'producer'],
    ['empty producer', { category: 'Kegs', producer: '  ' }, 'producer'],
    ['empty name', { name: '   ' }, 'name'],
    ['too long name', { name: 'х'.repeat(201) }, 'name'],
    ['empty description', { description: '' }, 'description'],
    ['too long description', { description: 'х'.repeat(5001) }, 'description'],
    ['image from another site', { image: 'https://evil.example/x.png' }, 'image'],
    ['protocol-relative image', { image: '//evil.example/x.png' }, 'image'],
    ['script image', { image: 'javascript:alert(1)' }, 'image'],
    ['unknown fermentation type', { fermentationType: 'middle' }, 'fermentationType'],
    ['a pack without a SKU', { variants: [{ label: '50 г', price: 1, discount: 0, countInStock: 1, weight: 0.05 }] }, 'variants.0.sku'],
    [
      'a pack with a malformed GTIN',
      { variants: [{ sku: 'X-1', label: '50 г', price: 1, discount: 0, countInStock: 1, weight: 0.05, gtin: '12' }] },
      'variants.0.gtin',
    ],
    ['no packs at all', { variants: [] }, 'variants'],
    ['an unknown status', { status: 'archived' }, 'status'],
  ];
  test.each(invalid)('refuses %s with 400, a Ukrainian message and no change', async (_what, change, field) => {
    const { app } = ctx();
    const headers = await asAdmin();
    const product = await createProduct(app.db, { name: 'Незмінний товар' });
    const res = await put(product.id, { ...validUpdate(), ...change }, headers);
    expect(res.statusCode).toBe(400);
    const body = res.json() as { message: string; code: string; errors: { path: string; message: string }[] };
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.errors.map((e) => e.path)).toContain(field);
    expect(body.message).toMatch(/[а-яіїєґ]/i);
    const [row] = await app.db.select().from(products).where(eq(products.id, product.id));
    expect(row).toMatchObject({ name: 'Незмінний товар', priceMinor: product.priceMinor, updatedAt: product.updatedAt });
  });

  test('unknown or malformed ids: 404 and 400', async () => {
    const { app } = ctx();
    const headers = await asAdmin();
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await put(missing, validUpdate(), headers)).statusCode).toBe(404);
    expect((await app.inject({ method: 'DELETE', url: `/api/products/${missing}`, headers })).statusCode).toBe(404);
    expect((await put('nope', validUpdate(), headers)).statusCode).toBe(400);
    expect((await app.inject({ method: 'DELETE', url: '/api/products/nope', headers })).statusCode).toBe(400);
  });

  test('deleting a product removes it and its reviews; orders that hold it keep their line snapshot', async () => {
    const { app } = ctx();
    const headers = await asAdmin();
    const customer = await createUser(app.db);
    const product = await createProduct(app.db, { name: 'Кег на видалення', priceMinor: 2500_00, image: '/uploads/keg-800.webp' });
    await app.db.insert(reviews).values({ productId: product.id, userId: customer.id, name: customer.name, rating: 5, comment: 'Гарний' });
    const order = await createOrder(app.db, customer, [{ product, qty: 2 }]);
    app.catalogCache.invalidate();
    await app.inject({ url: '/api/products?keyword=видалення' }); // cached before the delete

    const res = await app.inject({ method: 'DELETE', url: `/api/products/${product.id}`, headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Товар видалено');
    expect((await app.inject({ url: `/api/products/${product.id}` })).statusCode).toBe(404);
    expect(((await app.inject({ url: '/api/products?keyword=видалення' })).json() as ProductList).products).toEqual([]);
    expect(await app.db.select().from(reviews).where(eq(reviews.productId, product.id))).toEqual([]);

    const lines = await app.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(lines).toEqual([
      expect.objectContaining({ productId: null, name: 'Кег на видалення', image: '/uploads/keg-800.webp', priceMinor: 2500_00, qty: 2 }),
    ]);
    const [kept] = await app.db.select().from(orders).where(eq(orders.id, order.id));
    // Default pricing: shelf prices are final and delivery is free from 2 000 грн.
    expect(kept.totalMinor).toBe(5000_00);
  });
});
