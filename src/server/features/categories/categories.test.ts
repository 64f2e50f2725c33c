import { expect, test } from 'vitest';
import type { Category, CategoryList } from '../../../shared/categories.js';
import type { Product, ProductList } from '../../../shared/products.js';
import { describeWithApp } from '../../test/database.js';
import { createProduct } from '../../test/factories.js';

const maltExtract = (slug: string) => ({
  slug,
  name: 'Екстракт солоду',
  nameEn: 'Malt extract',
  parent: null,
  position: 5,
  attributes: [
    { key: 'colour', name: 'Колір', nameEn: 'Colour', type: 'number', unit: 'EBC', filterable: true },
    {
      key: 'form',
      name: 'Форма',
      nameEn: 'Form',
      type: 'enum',
      filterable: true,
      options: [
        { value: 'liquid', name: 'Рідкий', nameEn: 'Liquid' },
        { value: 'dry', name: 'Сухий', nameEn: 'Dry' },
      ],
    },
  ],
});

describeWithApp('categories, producers and attribute filters', (ctx) => {
  const admin = async () => ({ cookie: (await ctx().shop.admin()).cookie });
  const customer = async () => ({ cookie: (await ctx().shop.customer()).cookie });
  const list = async (query: string) => {
    const res = await ctx().app.inject({ url: `/api/products?${query}` });
    return { status: res.statusCode, body: res.json() as ProductList & { code?: string; message?: string } };
  };

  test('the public tree holds the seeded taxonomy with counts, attributes and producers', async () => {
    const { app } = ctx();
    await createProduct(app.db, { name: 'Кег для лічби', category: 'Kegs', producer: 'Cornelius' });
    app.catalogCache.invalidate();
    const res = await app.inject({ url: '/api/categories' });
    expect(res.statusCode).toBe(200);
    const { categories } = res.json() as CategoryList;
    const bySlug = new Map(categories.map((c) => [c.slug, c]));
    expect(bySlug.get('Hops')).toMatchObject({ name: 'Хміль', path: '/hops', parent: null });
    expect(bySlug.get('Kegs')).toMatchObject({ name: 'Кеги', parent: 'Equipment', path: '/equipment?category=Kegs' });
    expect(bySlug.get('Kegs')!.count).toBeGreaterThanOrEqual(1);
    expect(bySlug.get('Equipment')!.count).toBeGreaterThanOrEqual(bySlug.get('Kegs')!.count);
    expect(bySlug.get('Hops')!.attributes.map((a) => a.key)).toEqual(['alpha', 'beta', 'purpose', 'cropYear', 'aroma']);
    expect(bySlug.get('Hops')!.producers.map((p) => p.name)).toContain('Czech Republic');
    expect(
      bySlug
        .get('Yeast')!
        .attributes.find((a) => a.key === 'fermentation')!
        .options.map((o) => o.value),
    ).toEqual(['top', 'bottom']);
  });

  test('the owner adds a category with attributes; a product filed in it carries them; the old fields stay in its JSON', async () => {
    const { app } = ctx();
    const headers = await admin();
    expect(
      (await app.inject({ method: 'POST', url: '/api/admin/categories', payload: maltExtract('malt-extract'), headers: await customer() })).statusCode,
    ).toBe(403);
    const created = await app.inject({ method: 'POST', url: '/api/admin/categories', payload: maltExtract('malt-extract'), headers });
    expect(created.statusCode).toBe(201);
    const category = created.json() as Category;
    expect(category).toMatchObject({ slug: 'malt-extract', path: '/catalog/malt-extract', count: 0 });
    expect((await app.inject({ method: 'POST', url: '/api/admin/categories', payload: maltExtract('Malt-Extract'), headers })).json()).toMatchObject({
      code: 'CATEGORY_SLUG_TAKEN',
    });

    const draft = (await app.inject({ method: 'POST', url: '/api/products', headers })).json() as Product;
    const edit = {
      name: 'Екстракт Muntons світлий',
      image: '/images/placeholder.svg',
      description: 'Рідкий екстракт',
      origin: 'Muntons',
      category: 'malt-extract',
      status: 'published',
      attributes: { colour: 8, form: 'liquid' },
      variants: [{ sku: 'MUNTONS-LIGHT', label: '1,5 кг', price: 420, discount: 0, countInStock: 5, weight: 1.5 }],
    };
    const saved = await app.inject({ method: 'PUT', url: `/api/products/${draft.id}`, payload: edit, headers });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      category: 'malt-extract',
      producer: 'Muntons',
      origin: 'Muntons',
      attributes: { colour: 8, form: 'liquid' },
      alfa: null,
    });

    for (const [attributes, path] of [
      [{ colour: '8' }, 'attributes.colour'],
      [{ form: 'powder' }, 'attributes.form'],
      [{ alpha: 12 }, 'attributes.alpha'],
    ] as const) {
      const refused = await app.inject({ method: 'PUT', url: `/api/products/${draft.id}`, payload: { ...edit, attributes }, headers });
      expect(refused.statusCode).toBe(400);
      expect((refused.json() as { errors: { path: string }[] }).errors[0].path).toBe(path);
    }

    const listed = await list('category=malt-extract&attr.form=liquid');
    expect(listed.body.products.map((p) => p.name)).toEqual(['Екстракт Muntons світлий']);
    // Deleting a category with products is refused and changes nothing.
    const refused = await app.inject({ method: 'DELETE', url: `/api/admin/categories/${category.id}`, headers });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CATEGORY_IN_USE' });
    expect(refused.json().message).toMatch(/товари/);
    // Removing an attribute that products carry is refused too.
    const dropped = await app.inject({
      method: 'PUT',
      url: `/api/admin/categories/${category.id}`,
      payload: { ...maltExtract('malt-extract'), attributes: [] },
      headers,
    });
    expect(dropped.json()).toMatchObject({ code: 'ATTRIBUTE_IN_USE' });

    expect((await app.inject({ method: 'DELETE', url: `/api/products/${draft.id}`, headers })).statusCode).toBe(200);
    expect((await app.inject({ method: 'DELETE', url: `/api/admin/categories/${category.id}`, headers })).statusCode).toBe(200);
    const after = (await app.inject({ url: '/api/categories' })).json() as CategoryList;
    expect(after.categories.map((c) => c.slug)).not.toContain('malt-extract');
  });

  test('a group with categories is not deleted; a product is never filed under a group', async () => {
    const { app } = ctx();
    const headers = await admin();
    const { categories } = (await app.inject({ url: '/api/admin/categories', headers })).json() as CategoryList;
    const equipment = categories.find((c) => c.slug === 'Equipment')!;
    const res = await app.inject({ method: 'DELETE', url: `/api/admin/categories/${equipment.id}`, headers });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CATEGORY_HAS_CHILDREN' });
    expect((await app.inject({ method: 'DELETE', url: '/api/admin/categories/00000000-0000-4000-8000-000000000000', headers })).statusCode).toBe(404);
  });

  test('producers: the owner adds Ukraine for hops, a hop grown there can be saved; one in use is not deleted', async () => {
    const { app } = ctx();
    const headers = await admin();
    const product = await createProduct(app.db, { name: 'Хміль Слов’янка' });
    const update = { name: 'Хміль Слов’янка', image: '/images/placeholder.svg', description: 'Український хміль', origin: 'Україна', category: 'Hops' };
    expect((await app.inject({ method: 'PUT', url: `/api/products/${product.id}`, payload: update, headers })).statusCode).toBe(400);
    const added = await app.inject({
      method: 'POST',
      url: '/api/admin/producers',
      payload: { name: 'Україна', country: 'Україна', category: 'Hops' },
      headers,
    });
    expect(added.statusCode).toBe(201);
    expect((await app.inject({ method: 'POST', url: '/api/admin/producers', payload: { name: 'україна', category: 'Hops' }, headers })).statusCode).toBe(409);
    expect((await app.inject({ method: 'PUT', url: `/api/products/${product.id}`, payload: update, headers })).statusCode).toBe(200);
    const refused = await app.inject({ method: 'DELETE', url: `/api/admin/producers/${added.json().id}`, headers });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'PRODUCER_IN_USE' });
  });

  test('hops filter by alpha range and purpose, with counts per value under the other filters', async () => {
    const { app } = ctx();
    const tag = 'Фасетний';
    const hop = (name: string, alpha: number, purpose: string) =>
      createProduct(app.db, { name: `${name} ${tag}`, producer: tag, attributes: { alpha, purpose, cropYear: 2025 } });
    await hop('Citra', 12.5, 'aroma');
    await hop('Galaxy', 14, 'aroma');
    await hop('Magnum', 13, 'bittering');
    await hop('Saaz', 3.5, 'aroma');
    app.catalogCache.invalidate();

    const res = await list(`category=Hops&producer=${encodeURIComponent(tag)}&attr.alpha=12..14&attr.purpose=aroma`);
    expect(res.status).toBe(200);
    expect(res.body.products.map((p) => p.name.split(' ')[0]).sort()).toEqual(['Citra', 'Galaxy']);
    expect(res.body.total).toBe(2);
    const purpose = res.body.facets!.find((f) => f.key === 'purpose')!;
    // Under alpha 12–14 alone: two aroma hops and one bittering.
    expect(Object.fromEntries(purpose.values.map((v) => [v.value, v.count]))).toEqual({ aroma: 2, bittering: 1 });
    expect(purpose.values.find((v) => v.value === 'aroma')!.name).toBe('Ароматичний');
    const alpha = res.body.facets!.find((f) => f.key === 'alpha')!;
    // Under purpose=aroma alone: from Saaz's 3.5 to Galaxy's 14.
    expect([alpha.min, alpha.max]).toEqual([3.5, 14]);
    // The spelling of a range and open ends work as well.
    expect((await list(`category=Hops&producer=${encodeURIComponent(tag)}&attr.alpha=12-14`)).body.total).toBe(3);
    expect((await list(`category=Hops&producer=${encodeURIComponent(tag)}&attr.alpha=13..`)).body.total).toBe(2);
    expect((await list(`category=Hops&producer=${encodeURIComponent(tag)}&attr.purpose=aroma,bittering`)).body.total).toBe(4);
    // A page past the last is empty and still says how many there are.
    const past = await list(`category=Hops&producer=${encodeURIComponent(tag)}&attr.alpha=12-14&pageNumber=2`);
    expect([past.body.products, past.body.total, past.body.pages]).toEqual([[], 3, 1]);
    // A range matches numbers only: an alpha written as text, or none at all, is outside every range.
    await createProduct(app.db, { name: `Nugget ${tag}`, producer: tag, attributes: { alpha: '13', purpose: 'aroma' } });
    await createProduct(app.db, { name: `Ella ${tag}`, producer: tag, attributes: { purpose: 'aroma' } });
    app.catalogCache.invalidate();
    expect((await list(`category=Hops&producer=${encodeURIComponent(tag)}&attr.alpha=..14`)).body.total).toBe(4);
    expect((await list(`category=Hops&producer=${encodeURIComponent(tag)}&attr.purpose=aroma`)).body.total).toBe(5);
  });

  test('an unknown filter, a malformed range or an injection attempt is a coded 400, never a 500', async () => {
    for (const [query, code] of [
      ['category=Hops&attr.colour=5..10', 'FILTER_UNKNOWN'],
      ['attr.alpha=1..2', 'FILTER_UNKNOWN'],
      ['category=Hops&attr.alpha=14..12', 'FILTER_INVALID'],
      ['category=Hops&attr.alpha=abc', 'FILTER_INVALID'],
      ['category=Hops&attr.purpose=aroma%27)%20or%201=1--', 'FILTER_INVALID'],
      [`category=Hops&attr.alpha%27%3B%20drop%20table%20products--=1`, 'FILTER_UNKNOWN'],
      ['category=Nope', 'VALIDATION_ERROR'],
    ]) {
      const res = await list(query);
      expect(res.status, query).toBe(400);
      expect(res.body.code, query).toBe(code);
      expect(res.body.message).toMatch(/[а-яіїєґ]/i);
    }
  });
});
