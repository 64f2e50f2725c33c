import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { products } from '../../db/schema.js';
import { describeWithApp } from '../../test/database.js';
import { createProduct } from '../../test/factories.js';
import type { ProductList } from '../../../shared/products.js';

describeWithApp('catalogue API', (ctx) => {
  const list = async (query: string, headers: Record<string, string> = {}) => {
    const res = await ctx().app.inject({ method: 'GET', url: `/api/products?${query}`, headers });
    return { status: res.statusCode, body: res.json() as ProductList & { message?: string } };
  };
  const names = (body: ProductList) => body.products.map((p) => p.name);

  test('lists products newest first, 12 a page, with stable pages, sold-out ones after the rest', async () => {
    const { db } = ctx().app;
    const base = Date.now();
    for (let i = 0; i < 26; i++) {
      await createProduct(db, { name: `Товар ${String(i).padStart(2, '0')}`, createdAt: new Date(base - i * 1000) });
    }
    await createProduct(db, { name: 'Розпродано', countInStock: 0, createdAt: new Date(base + 1000) });
    ctx().app.catalogCache.invalidate();

    const pages = await Promise.all([1, 2, 3].map((n) => list(`pageNumber=${n}`)));
    expect(pages.map((p) => p.body.pages)).toEqual([3, 3, 3]);
    expect(pages.map((p) => p.body.products.length)).toEqual([12, 12, 3]);
    const all = pages.flatMap((p) => names(p.body));
    expect(new Set(all).size).toBe(27);
    expect(all[0]).toBe('Товар 00');
    // The newest product of all, but sold out: listed last.
    expect(all.at(-1)).toBe('Розпродано');
    const inStock = await Promise.all([1, 2, 3].map((n) => list(`pageNumber=${n}&inStock=true`)));
    expect(inStock.map((p) => p.body.pages)).toEqual([3, 3, 3]);
    expect(inStock.flatMap((p) => names(p.body))).toEqual(all.slice(0, 26));
    // A page past the last still says how many there are.
    const past = await list('pageNumber=9');
    expect(past.body.products).toEqual([]);
    expect([past.body.total, past.body.pages]).toEqual([27, 3]);
  });

  test('bad page numbers are refused with a Ukrainian message, far pages are empty', async () => {
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999']) {
      const { status, body } = await list(`pageNumber=${bad}`);
      expect(status).toBe(400);
      expect(body.message).toMatch(/сторінки|Некоректні/);
    }
    const far = await list('pageNumber=500');
    expect(far.status).toBe(200);
    expect(far.body.products).toEqual([]);
  });

  test('filters by category group, equipment category, producer and discount', async () => {
    const { db } = ctx().app;
    await createProduct(db, { name: 'Кег Cornelius 19 л', category: 'Kegs', producer: 'Cornelius' });
    await createProduct(db, { name: 'Кран Intertap', category: 'BeerTaps', producer: 'Kegland' });
    await createProduct(db, { name: 'SafAle US-05', category: 'Yeast', producer: 'Fermentis', discount: 10 });
    await createProduct(db, { name: 'Nottingham', category: 'Yeast', producer: 'Lallemand' });
    ctx().app.catalogCache.invalidate();

    expect(names((await list('category=Equipment')).body).sort()).toEqual(['Кег Cornelius 19 л', 'Кран Intertap']);
    expect(names((await list('category=Kegs')).body)).toEqual(['Кег Cornelius 19 л']);
    expect(names((await list('category=Yeast&producer=Lallemand')).body)).toEqual(['Nottingham']);
    expect(names((await list('discount=true')).body)).toEqual(['SafAle US-05']);
    expect((await list('category=Beer')).status).toBe(400);
  });

  test('search forgives alphabet and typos, and takes any keyword safely', async () => {
    const { db } = ctx().app;
    await createProduct(db, { name: 'Хміль Cascade (США), 1 кг', producer: 'USA' });
    await createProduct(db, { name: 'Дріжджі Fermentis SafAle US-05', category: 'Yeast', producer: 'Fermentis' });
    await createProduct(db, { name: 'Знижка 100% на все', category: 'Accessories', producer: 'Україна' });
    ctx().app.catalogCache.invalidate();
    const search = async (keyword: string) => names((await list(`keyword=${encodeURIComponent(keyword)}`)).body);

    expect(await search('каскад')).toContain('Хміль Cascade (США), 1 кг');
    expect(await search('cascde')).toContain('Хміль Cascade (США), 1 кг');
    expect(await search('CASCADE')).toContain('Хміль Cascade (США), 1 кг');
    expect(await search('сафейл')).toContain('Дріжджі Fermentis SafAle US-05');
    expect(await search('ферментис')).toContain('Дріжджі Fermentis SafAle US-05');
    // LIKE wildcards are literal: "%" alone matches nothing, "_" likewise.
    expect(await search('%')).toEqual([]);
    expect(await search('_')).toEqual([]);
    expect(await search("'; drop table products; --")).toEqual([]);
    const long = await list(`keyword=${'я'.repeat(5000)}`);
    expect(long.status).toBe(200);
  });

  test('a product by id or slug; malformed references are 400 and unknown ones 404', async () => {
    const { db } = ctx().app;
    const product = await createProduct(db, { name: 'Хміль Citra' });
    const ok = await ctx().app.inject({ url: `/api/products/${product.id}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ _id: product.id, name: 'Хміль Citra', price: 1000, reviews: [] });
    expect((await ctx().app.inject({ url: `/api/products/${product.slug}` })).json()).toMatchObject({ _id: product.id });
    expect((await ctx().app.inject({ url: '/api/products/Not_a%20slug' })).statusCode).toBe(400);
    expect((await ctx().app.inject({ url: '/api/products/no-such-product' })).statusCode).toBe(404);
    const missing = await ctx().app.inject({ url: '/api/products/00000000-0000-4000-8000-000000000000' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Товар не знайдено');
  });

  test("the admin's list (all=true) is for admins only and keeps every product in one order, newest first", async () => {
    const { db } = ctx().app;
    const base = Date.now();
    await createProduct(db, { name: 'Адмінський старий', createdAt: new Date(base - 2000) });
    await createProduct(db, { name: 'Адмінський розпроданий', countInStock: 0, createdAt: new Date(base - 1000) });
    await createProduct(db, { name: 'Адмінський новий', createdAt: new Date(base) });
    ctx().app.catalogCache.invalidate();
    expect((await list('all=true')).status).toBe(401);
    expect((await list('all=true', { cookie: (await ctx().shop.customer()).cookie })).status).toBe(403);
    const res = await list('all=true&keyword=адмінський', { cookie: (await ctx().shop.admin()).cookie });
    expect(res.status).toBe(200);
    expect(names(res.body)).toEqual(['Адмінський новий', 'Адмінський розпроданий', 'Адмінський старий']);
    // A shopper sees the sold-out one last.
    expect(names((await list('keyword=адмінський')).body)).toEqual(['Адмінський новий', 'Адмінський старий', 'Адмінський розпроданий']);
  });

  test('the cache drops a page as soon as a product changes, even when written elsewhere', async () => {
    const { db, catalogCache } = ctx().app;
    const product = await createProduct(db, { name: 'Хміль Mosaic кеш' });
    catalogCache.invalidate();
    expect(names((await list('keyword=mosaic')).body)).toEqual(['Хміль Mosaic кеш']);
    // A write that bypasses this instance reaches it through the database's NOTIFY.
    await db.update(products).set({ countInStock: 0 }).where(eq(products.id, product.id));
    await expect.poll(async () => (await list('keyword=mosaic')).body.products.map((p) => p.countInStock), { timeout: 3000 }).toEqual([0]);
  });

  test('top products are the best rated ones in stock', async () => {
    const { db } = ctx().app;
    await createProduct(db, { name: 'Найкращий', rating: 4.9, numReviews: 10 });
    await createProduct(db, { name: 'Без відгуків' });
    ctx().app.catalogCache.invalidate();
    const res = await ctx().app.inject({ url: '/api/products/top' });
    expect(res.statusCode).toBe(200);
    const top = res.json() as { name: string }[];
    expect(top.length).toBeLessThanOrEqual(5);
    expect(top[0].name).toBe('Найкращий');
    expect(top.map((p) => p.name)).not.toContain('Без відгуків');
  });

  test('unknown API routes and malformed JSON get JSON errors', async () => {
    const unknown = await ctx().app.inject({ url: '/api/nope' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toContain('не знайдено');
    const send = (headers: Record<string, string>) =>
      ctx().app.inject({ method: 'POST', url: '/api/products', headers: { ...headers, 'content-type': 'application/json' }, payload: '{"name":' });
    // A visitor is turned away before the body is read at all.
    const anonymous = await send({});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('NOT_SIGNED_IN');
    // An admin gets past the guard, so the body is parsed and the parser's error is the answer.
    const malformed = await send({ cookie: (await ctx().shop.admin()).cookie });
    expect(malformed.statusCode).toBe(400);
    expect(typeof malformed.json().message).toBe('string');
  });
});
