import { expect, test } from 'vitest';
import type { Category } from '../../../shared/categories.js';
import type { ProductList, Suggestions } from '../../../shared/products.js';
import { describeWithApp } from '../../test/database.js';
import { createProduct, pack } from '../../test/factories.js';

describeWithApp('price range filter and search by category name', (ctx) => {
  const list = async (query: string) => {
    const res = await ctx().app.inject({ url: `/api/products?${query}` });
    return { status: res.statusCode, body: res.json() as ProductList & { code?: string; message?: string } };
  };
  const names = (body: ProductList) => body.products.map((p) => p.name).sort();

  test('price=min-max matches a product when any pack costs that after its discount, with attribute filters and a sort', async () => {
    const { app } = ctx();
    // 50 г at 120 грн, 1 кг at 1 305 грн: in 100–500 by its small pack.
    await createProduct(app.db, {
      name: 'Ціна Citra',
      attributes: { alpha: 13, purpose: 'aroma' },
      variants: [pack('50 г', 120_00, 5, 0.05), pack('1 кг', 1305_00, 5, 1)],
    });
    // 600 грн less 20 % is 480 грн: in range only after its discount.
    await createProduct(app.db, {
      name: 'Ціна Mosaic',
      attributes: { alpha: 12.5, purpose: 'aroma' },
      variants: [pack('100 г', 600_00, 5, 0.1, { discount: 20 })],
    });
    await createProduct(app.db, { name: 'Ціна Magnum', attributes: { alpha: 14, purpose: 'bittering' }, variants: [pack('100 г', 300_00, 5, 0.1)] });
    await createProduct(app.db, { name: 'Ціна Galaxy', attributes: { alpha: 13.5, purpose: 'aroma' }, variants: [pack('1 кг', 2000_00, 5, 1)] });
    app.catalogCache.invalidate();

    const inRange = await list('category=Hops&keyword=ціна&price=100-500');
    expect(inRange.status).toBe(200);
    expect(names(inRange.body)).toEqual(['Ціна Citra', 'Ціна Magnum', 'Ціна Mosaic']);

    const combined = await list('category=Hops&keyword=ціна&attr.purpose=aroma&attr.alpha=12-14&price=100,5-500&sort=price_asc');
    expect(combined.status).toBe(200);
    // Sorted by the product's price (its cheapest pack in stock after the discount).
    expect(combined.body.products.map((p) => p.name)).toEqual(['Ціна Citra', 'Ціна Mosaic']);
    expect(names((await list('category=Hops&keyword=ціна&price=1500-')).body)).toEqual(['Ціна Galaxy']);
    expect(names((await list('category=Hops&keyword=ціна&price=-150')).body)).toEqual(['Ціна Citra']);
    // The other filters' facets are counted under the price too.
    const facets = combined.body.facets!.find((f) => f.key === 'alpha')!;
    expect([facets.min, facets.max]).toEqual([12.5, 13]);
  });

  test('a malformed price range or an injection attempt is a 400 FILTER_INVALID with a Ukrainian message', async () => {
    for (const bad of ['abc', '500-100', '-', "100-500' or '1'='1", '1;drop table products', '100-500-', '1e9-', '-5--1']) {
      const res = await list(`category=Hops&price=${encodeURIComponent(bad)}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.code).toBe('FILTER_INVALID');
      expect(res.body.message).toMatch(/Діапазон ціни/);
    }
    // The table is still there and answers.
    expect((await list('category=Hops&price=1-2')).status).toBe(200);
  });

  test('a search finds products by their category name, also a category the owner adds and renames', async () => {
    const { app } = ctx();
    const cookie = (await ctx().shop.admin()).cookie;
    const input = { slug: 'caps', name: 'Кронкорки', nameEn: 'Bottle caps', parent: null, position: 9 };
    const created = await app.inject({ method: 'POST', url: '/api/admin/categories', headers: { cookie }, payload: input });
    expect(created.statusCode).toBe(201);
    const category = created.json() as Category;
    await createProduct(app.db, { name: 'Золоті 26 мм, 100 шт', category: 'caps', producer: 'Generic', attributes: {} });
    await createProduct(app.db, { name: 'Кег Cornelius 19 л', category: 'Kegs', producer: 'Cornelius', attributes: {} });
    app.catalogCache.invalidate();

    expect(names((await list('keyword=кронкорки')).body)).toEqual(['Золоті 26 мм, 100 шт']);
    expect(names((await list('keyword=bottle%20caps')).body)).toEqual(['Золоті 26 мм, 100 шт']);
    // A group's name finds its categories' products.
    expect(names((await list('keyword=обладнання')).body)).toContain('Кег Cornelius 19 л');

    const renamed = await app.inject({
      method: 'PUT',
      url: `/api/admin/categories/${category.id}`,
      headers: { cookie },
      payload: { ...input, name: 'Кришечки для пляшок', nameEn: 'Crown caps' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(names((await list('keyword=кришечки')).body)).toEqual(['Золоті 26 мм, 100 шт']);
    expect(names((await list('keyword=crown')).body)).toEqual(['Золоті 26 мм, 100 шт']);
    expect((await list('keyword=кронкорки')).body.products).toEqual([]);

    const suggested = (await app.inject({ url: `/api/search/suggest?q=${encodeURIComponent('кришеч')}` })).json() as Suggestions;
    expect(suggested.categories).toEqual([{ key: 'caps', name: 'Кришечки для пляшок', path: '/catalog/caps' }]);
    expect(suggested.products.map((p) => p.name)).toEqual(['Золоті 26 мм, 100 шт']);
  });
});
