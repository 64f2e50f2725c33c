import { expect, test } from 'vitest';
import type { ProductList } from '../../../shared/products.js';
import { seedDemoCatalog } from '../../seed/index.js';
import { describeWithApp } from '../../test/database.js';

/** Searches as a shopper types them, on the demo catalogue (docs/decisions/001-search.md). */
describeWithApp('search relevance on the demo catalogue', (ctx) => {
  const search = async (keyword: string, pageNumber = 1) => {
    const { app } = ctx();
    if (!seeded) {
      await seedDemoCatalog(app.db);
      app.catalogCache.invalidate();
      seeded = true;
    }
    const res = await app.inject({ url: `/api/products?keyword=${encodeURIComponent(keyword)}&pageNumber=${pageNumber}` });
    expect(res.statusCode).toBe(200);
    return res.json() as ProductList;
  };
  let seeded = false;

  test('a category\'s own name lists that category first, and nothing that merely weighs a "кг"', async () => {
    for (const keyword of ['кеги', 'kegs', 'кег']) {
      const { products } = await search(keyword);
      expect(products.length, keyword).toBeGreaterThan(0);
      const firstOther = products.findIndex((p) => p.category !== 'Kegs');
      const lastKeg = products.map((p) => p.category).lastIndexOf('Kegs');
      expect(lastKeg, keyword).toBeGreaterThanOrEqual(0);
      if (firstOther >= 0) expect(firstOther, keyword).toBeGreaterThan(lastKeg);
      expect(
        products.some((p) => p.category === 'Hops' || p.category === 'Malt'),
        keyword,
      ).toBe(false);
    }
    const heads = await search('заправні головки');
    expect(heads.products.length).toBeGreaterThan(0);
    expect(heads.products.every((p) => p.category === 'Heads')).toBe(true);
    const yeast = await search('дріжджі');
    expect(yeast.products[0].category).toBe('Yeast');
  });

  test('nonsense finds nothing', async () => {
    for (const keyword of ['xyzzy', 'qwzx', 'ъъъ']) {
      expect((await search(keyword)).products, keyword).toEqual([]);
    }
  });

  test('punctuation and spaces inside model names do not matter', async () => {
    for (const keyword of ['us05', 'US-05', 'us 05', 'safale us05']) {
      const names = (await search(keyword)).products.map((p) => p.name);
      expect(names[0], keyword).toContain('US-05');
    }
    for (const keyword of ['w3470', 'W-34/70', 'w34/70']) {
      expect((await search(keyword)).products[0]?.name, keyword).toContain('W-34/70');
    }
  });

  test('Cyrillic, Latin and typos still find a hop', async () => {
    for (const keyword of ['каскад', 'cascade', 'cascde']) {
      expect(
        (await search(keyword)).products.some((p) => p.name.includes('Cascade')),
        keyword,
      ).toBe(true);
    }
  });
});
