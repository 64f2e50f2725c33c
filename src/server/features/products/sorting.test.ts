import { expect, test } from 'vitest';
import type { ProductList } from '../../../shared/products.js';
import { describeWithApp } from '../../test/database.js';
import { createProduct } from '../../test/factories.js';

describeWithApp('catalogue sorting and sold-out products', (ctx) => {
  const list = async (query: string) => {
    const res = await ctx().app.inject({ method: 'GET', url: `/api/products?${query}` });
    return { status: res.statusCode, body: res.json() as ProductList & { message?: string; code?: string } };
  };
  /** The names without the test's word. */
  const names = (body: ProductList) => body.products.map((p) => p.name.replace(/ \S+$/, ''));

  /**
   * Five hops (one sold out) of a producer of their own and a yeast, all named "Сорт …" with a word
   * of the test's own (the tests of a file share one database).
   */
  async function catalogue(tag: string) {
    const { db } = ctx().app;
    const base = Date.now();
    const hop = (name: string, fields: Parameters<typeof createProduct>[1], age: number) =>
      createProduct(db, { name: `${name} ${tag}`, category: 'Hops', producer: tag, createdAt: new Date(base - age * 1000), ...fields });
    await hop('Сорт Альфа', { priceMinor: 500_00, alphaAcid: 12, numReviews: 3, rating: 4 }, 5);
    await hop('Сорт Бета', { priceMinor: 300_00, alphaAcid: 5.5, numReviews: 10, rating: 4.8 }, 4);
    // 400 грн less 50 %: shown at 200 грн, the cheapest.
    await hop('Сорт Гамма', { priceMinor: 400_00, discount: 50, alphaAcid: 8, numReviews: 0, rating: 0 }, 3);
    await hop('Сорт Дельта', { priceMinor: 900_00, alphaAcid: null, numReviews: 1, rating: 5 }, 2);
    // The cheapest and the most bitter, the best rated and the newest: sold out, so last all the same.
    await hop('Сорт Розпроданий', { priceMinor: 100_00, alphaAcid: 20, numReviews: 50, rating: 5, countInStock: 0 }, 0);
    await createProduct(db, {
      name: `Сорт Дріжджів ${tag}`,
      category: 'Yeast',
      producer: 'Fermentis',
      priceMinor: 250_00,
      alphaAcid: null,
      createdAt: new Date(base - 1000),
    });
    ctx().app.catalogCache.invalidate();
  }

  test('each order sorts a category, sold-out products last', async () => {
    await catalogue('Упорядкований');
    const hops = async (sort?: string) => {
      const res = await list(`category=Hops&producer=Упорядкований${sort ? `&sort=${sort}` : ''}`);
      expect(res.status).toBe(200);
      return names(res.body);
    };
    expect(await hops()).toEqual(['Сорт Дельта', 'Сорт Гамма', 'Сорт Бета', 'Сорт Альфа', 'Сорт Розпроданий']);
    expect(await hops('newest')).toEqual(['Сорт Дельта', 'Сорт Гамма', 'Сорт Бета', 'Сорт Альфа', 'Сорт Розпроданий']);
    expect(await hops('price_asc')).toEqual(['Сорт Гамма', 'Сорт Бета', 'Сорт Альфа', 'Сорт Дельта', 'Сорт Розпроданий']);
    expect(await hops('price_desc')).toEqual(['Сорт Дельта', 'Сорт Альфа', 'Сорт Бета', 'Сорт Гамма', 'Сорт Розпроданий']);
    expect(await hops('popular')).toEqual(['Сорт Бета', 'Сорт Альфа', 'Сорт Дельта', 'Сорт Гамма', 'Сорт Розпроданий']);
    // 4.8 from ten reviews outranks a single 5, which outranks 4 from three; none at all reads 3.5.
    expect(await hops('rating')).toEqual(['Сорт Бета', 'Сорт Дельта', 'Сорт Альфа', 'Сорт Гамма', 'Сорт Розпроданий']);
    // Highest alpha acids first; a hop without a figure after those with one.
    expect(await hops('alpha_desc')).toEqual(['Сорт Альфа', 'Сорт Гамма', 'Сорт Бета', 'Сорт Дельта', 'Сорт Розпроданий']);
  });

  test('a search and the whole catalogue take the same orders', async () => {
    await catalogue('Шуканий');
    expect(names((await list('keyword=шуканий&sort=price_asc')).body)).toEqual([
      'Сорт Гамма',
      'Сорт Дріжджів',
      'Сорт Бета',
      'Сорт Альфа',
      'Сорт Дельта',
      'Сорт Розпроданий',
    ]);
    // Neither of the last two has an alpha figure: they come after the others, in either order.
    const bitter = names((await list('keyword=шуканий&sort=alpha_desc&inStock=true')).body);
    expect(bitter.slice(0, 3)).toEqual(['Сорт Альфа', 'Сорт Гамма', 'Сорт Бета']);
    expect(bitter.slice(3).sort()).toEqual(['Сорт Дельта', 'Сорт Дріжджів']);
  });

  test('"in stock only" leaves sold-out products out, pages counted without them', async () => {
    await catalogue('Наявний');
    const all = await list('category=Hops&producer=Наявний');
    const inStock = await list('category=Hops&producer=Наявний&inStock=true');
    expect(all.body.products.map((p) => p.countInStock > 0)).toEqual([true, true, true, true, false]);
    expect(names(inStock.body)).toEqual(names(all.body).slice(0, 4));
    expect((await list('category=Hops&producer=Наявний&inStock=false')).body.products).toHaveLength(5);
    const bad = await list('inStock=yes');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('Тільки в наявності');
  });

  test('an unknown order is refused in Ukrainian and changes nothing', async () => {
    for (const sort of ['cheapest', 'PRICE_ASC', '', 'price_asc;drop table products']) {
      const res = await list(`sort=${encodeURIComponent(sort)}`);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
      expect(res.body.message).toContain('Невідомий порядок сортування');
    }
    expect((await list('sort=price_asc&sort=price_desc')).status).toBe(400);
  });

  test('a price a million гривень sorts without overflowing', async () => {
    const { db } = ctx().app;
    await createProduct(db, { name: 'Сорт Дорогий мільйонний', priceMinor: 1_000_000_00 });
    await createProduct(db, { name: 'Сорт Дешевий мільйонний', priceMinor: 1_00 });
    ctx().app.catalogCache.invalidate();
    const res = await list('keyword=мільйонний&sort=price_desc');
    expect(res.status).toBe(200);
    expect(names(res.body)).toEqual(['Сорт Дорогий', 'Сорт Дешевий']);
  });
});
