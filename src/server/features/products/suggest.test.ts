import { expect, test } from 'vitest';
import type { Suggestions } from '../../../shared/products.js';
import { describeWithApp } from '../../test/database.js';
import { createProduct } from '../../test/factories.js';
import { insertProducts } from './repository.js';

describeWithApp('search suggestions', (ctx) => {
  const suggest = async (query: string) => {
    const res = await ctx().app.inject({ method: 'GET', url: `/api/search/suggest?${query}` });
    return { status: res.statusCode, body: res.json() as Suggestions & { message?: string } };
  };
  const q = (text: string) => suggest(`q=${encodeURIComponent(text)}`);

  test('suggests the categories a word names and the first products a search lists, sold-out last', async () => {
    const { db } = ctx().app;
    const base = Date.now();
    const sold = await createProduct(db, { name: 'Хміль Cascade (США), 1 кг', countInStock: 0, createdAt: new Date(base) });
    const cascade = await createProduct(db, {
      name: 'Хміль Cascade (Нова Зеландія), 1 кг',
      priceMinor: 1305_00,
      discount: 10,
      createdAt: new Date(base - 1000),
    });
    await createProduct(db, { name: 'Кег Cornelius 19 л', category: 'Kegs', producer: 'Cornelius' });
    ctx().app.catalogCache.invalidate();

    const half = await q('каск');
    expect(half.status).toBe(200);
    expect(half.body.categories).toEqual([]);
    expect(half.body.products).toEqual([
      {
        id: cascade.id,
        _id: cascade.id,
        slug: cascade.slug,
        name: 'Хміль Cascade (Нова Зеландія), 1 кг',
        image: '/images/placeholder.svg',
        price: 1305,
        discount: 10,
        category: 'Hops',
        countInStock: 10,
      },
      expect.objectContaining({ _id: sold.id, countInStock: 0 }),
    ]);

    const hops = await q('хм');
    expect(hops.body.categories).toEqual([{ key: 'Hops', name: 'Хміль', path: '/hops' }]);
    expect(hops.body.products.map((p) => p.name)).toEqual(['Хміль Cascade (Нова Зеландія), 1 кг', 'Хміль Cascade (США), 1 кг']);

    const kegs = await q('кеги');
    expect(kegs.body.categories).toEqual([{ key: 'Kegs', name: 'Кеги', path: '/equipment?category=Kegs' }]);
    expect(kegs.body.products.map((p) => p.name)).toEqual(['Кег Cornelius 19 л']);

    // A typo the prefix keys cannot catch still finds the product by trigrams.
    expect((await q('cascdae')).body.products.length).toBeGreaterThan(0);
  });

  test('at most six products', async () => {
    const { db } = ctx().app;
    for (let i = 0; i < 8; i++) await createProduct(db, { name: `Хміль Citra партія ${i}` });
    ctx().app.catalogCache.invalidate();
    expect((await q('citra')).body.products).toHaveLength(6);
  });

  test('empty, odd, long and repeated queries get an answer, never an error', async () => {
    const { db } = ctx().app;
    await createProduct(db, { name: 'Хміль Mosaic' });
    ctx().app.catalogCache.invalidate();
    const empty = { categories: [], products: [] };
    expect((await suggest('')).body).toEqual(empty);
    expect((await suggest('q=')).body).toEqual(empty);
    expect((await q('   ')).body).toEqual(empty);
    for (const odd of ['%', '_', '*', "'; drop table products; --", '\u0000', '😀', 'я']) {
      const res = await q(odd);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(empty);
    }
    const long = await q(`mosaic ${'я'.repeat(5000)}`);
    expect(long.status).toBe(200);
    expect(long.body.products).toEqual([]);
    // Cut to the first 100 characters: a long query that starts with the name still finds it.
    expect((await q(`mosaic ${'x'.repeat(300)}`)).body.products).toEqual([]);
    expect((await q(`${'mosaic '.repeat(20)}`)).body.products.map((p) => p.name)).toEqual(['Хміль Mosaic']);
    const twice = await suggest('q=mosaic&q=citra');
    expect(twice.status).toBe(200);
    expect(twice.body.products.map((p) => p.name)).toEqual(['Хміль Mosaic']);
    expect((await suggest('q[a]=1')).status).toBeLessThan(500);
  });

  test('an answer is cached and dropped when a product changes', async () => {
    const { db } = ctx().app;
    await createProduct(db, { name: 'Хміль Galaxy' });
    ctx().app.catalogCache.invalidate();
    expect((await q('galax')).body.products).toHaveLength(1);
    await createProduct(db, { name: 'Хміль Galaxy свіжий' });
    ctx().app.catalogCache.invalidate();
    expect((await q('GALAX')).body.products).toHaveLength(2);
  });

  test('up to a thousand matches rank whole words first, past that the newest come first, in suggestions and the search alike', async () => {
    const { db } = ctx().app;
    const base = Date.now();
    // The one whole-word match is the oldest product: ranking alone brings it first.
    await createProduct(db, { name: 'Хміль Motueka', createdAt: new Date(base - 10_000_000) });
    const prefixed = (from: number, to: number) =>
      Array.from({ length: to - from }, (_, i) => ({
        name: `Хміль Motuekafresh партія ${from + i}`,
        image: '/images/placeholder.svg',
        description: 'Тестовий товар',
        priceMinor: 1000_00,
        category: 'Hops',
        producer: 'USA',
        weight: 1,
        countInStock: 10,
        createdAt: new Date(base - from - i),
      }));
    await insertProducts(db, prefixed(0, 999));
    const first = async () => {
      ctx().app.catalogCache.invalidate();
      const suggested = (await q('motueka')).body.products[0].name;
      const searched = (await ctx().app.inject({ url: '/api/products?keyword=motueka' })).json() as { products: { name: string }[]; total: number };
      return [suggested, searched.products[0].name, searched.total];
    };
    expect(await first()).toEqual(['Хміль Motueka', 'Хміль Motueka', 1000]);
    await insertProducts(db, prefixed(999, 1000));
    expect(await first()).toEqual(['Хміль Motuekafresh партія 0', 'Хміль Motuekafresh партія 0', 1001]);
  });

  test('a word naming a category counts its shown products alone, and only those: past a thousand the newest match comes first', async () => {
    const { db } = ctx().app;
    const base = Date.now();
    const kegs = (count: number, status: 'published' | 'hidden') =>
      Array.from({ length: count }, (_, i) => ({
        name: `Бочка ${status} ${i}`,
        image: '/images/placeholder.svg',
        description: 'Тестовий товар',
        priceMinor: 2000_00,
        category: 'Kegs',
        producer: 'Kegland',
        weight: 5,
        countInStock: 3,
        status,
        createdAt: new Date(base - 1000 - i),
      }));
    const first = async () => {
      ctx().app.catalogCache.invalidate();
      const suggested = (await q('кеги')).body.products[0].name;
      const searched = (await ctx().app.inject({ url: `/api/products?keyword=${encodeURIComponent('кеги')}` })).json() as {
        products: { name: string }[];
        total: number;
      };
      return [suggested, searched.products[0].name, searched.total];
    };
    // The newest match is no keg: ranked, the kegs come first; listed newest first, it does.
    await createProduct(db, { name: 'Кеги-мийка', category: 'Accessories', createdAt: new Date(base) });
    const [, , before] = await first();
    // Two kegs more than a thousand matches would take, both hidden: 1,000 shown matches, still ranked.
    await insertProducts(db, [...kegs(1000 - Number(before), 'published'), ...kegs(2, 'hidden')]);
    const ranked = await first();
    expect(ranked[2]).toBe(1000);
    expect(ranked[0]).not.toBe('Кеги-мийка');
    expect(ranked[1]).toBe(ranked[0]);
    await insertProducts(
      db,
      kegs(1, 'published').map((keg) => ({ ...keg, name: 'Бочка нова', createdAt: new Date(base - 1) })),
    );
    expect(await first()).toEqual(['Кеги-мийка', 'Кеги-мийка', 1001]);
  });
});
