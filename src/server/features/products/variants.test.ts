import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, test } from 'vitest';
import type { Product, ProductDetail, ProductList, ProductUpdateInput, VariantInput } from '../../../shared/products.js';
import { productVariants, products } from '../../db/schema.js';
import { describeWithApp } from '../../test/database.js';
import { createOrder, createProduct, createUser, pack, variantsOf } from '../../test/factories.js';

type Body = Product & { code?: string; message?: string };

const edit = (variants: Partial<VariantInput>[], extra: Partial<ProductUpdateInput> = {}): ProductUpdateInput => ({
  name: 'Хміль Citra',
  image: '/images/placeholder.svg',
  producer: 'USA',
  category: 'Hops',
  description: 'Цитрусовий аромат.',
  cropYear: 2025,
  alphaAcid: 12,
  fermentationTemperature: null,
  fermentationType: null,
  variants: variants as VariantInput[],
  ...extra,
});

const packInput = (sku: string, label: string, price: number, countInStock: number, weight: number) => ({
  sku,
  label,
  price,
  discount: 0,
  countInStock,
  weight,
});

describeWithApp('product pack sizes (variants)', (ctx) => {
  const admin = async () => ({ cookie: (await ctx().shop.admin()).cookie });
  const put = async (app: FastifyInstance, id: string, payload: unknown, headers: Record<string, string>) => {
    const res = await app.inject({ method: 'PUT', url: `/api/products/${id}`, payload: payload as object, headers });
    return { status: res.statusCode, body: res.json() as Body };
  };
  const rowOf = async (app: FastifyInstance, id: string) => (await app.db.select().from(products).where(eq(products.id, id)))[0];

  test('detail and list carry the packs cheapest first; the product row summarises them', async () => {
    const { app } = ctx();
    const hops = await createProduct(app.db, {
      name: 'Хміль Mosaic пакування',
      variants: [pack('1 кг', 2800_00, 0, 1), pack('50 г', 190_00, 4, 0.05), pack('100 г', 350_00, 6, 0.1, { gtin: '4820000000012' })],
    });
    const detail = (await app.inject({ url: `/api/products/${hops.slug}` })).json() as ProductDetail;
    expect(detail.variants.map((v) => [v.label, v.price, v.countInStock, v.weight])).toEqual([
      ['50 г', 190, 4, 0.05],
      ['100 г', 350, 6, 0.1],
      ['1 кг', 2800, 0, 1],
    ]);
    expect(detail.variants[1]).toMatchObject({ gtin: '4820000000012', sku: expect.stringMatching(/^T-/) });
    // The summary: the cheapest pack in stock, the total stock, that pack's weight.
    expect(detail).toMatchObject({ price: 190, countInStock: 10, weight: 0.05, status: 'published' });
    const list = (await app.inject({ url: '/api/products?keyword=Mosaic пакування' })).json() as ProductList;
    expect(list.products[0].variants).toHaveLength(3);
  });

  test('the admin replaces the packs: ids kept, new ones added, a missing one deleted, an ordered one archived', async () => {
    const { app } = ctx();
    const headers = await admin();
    const product = await createProduct(app.db, { variants: [pack('50 г', 190_00, 4, 0.05), pack('1 кг', 2800_00, 2, 1), pack('100 г', 350_00, 6, 0.1)] });
    const [small, kilo, hundred] = await variantsOf(app.db, product.id);
    await createOrder(app.db, await createUser(app.db), [{ product, qty: 1 }]); // orders the first pack ("50 г")

    const { status, body } = await put(
      app,
      product.id,
      edit([{ id: hundred.id, ...packInput('citra-100', '100 г', 360, 5, 0.1) }, packInput('CITRA-250', '250 г', 800, 3, 0.25)]),
      headers,
    );
    expect(status).toBe(200);
    expect(body.variants.map((v) => [v.sku, v.label, v.price, v.position])).toEqual([
      ['CITRA-100', '100 г', 360, 0],
      ['CITRA-250', '250 г', 800, 1],
    ]);
    expect(body.variants[0].id).toBe(hundred.id);
    const all = await app.db.select().from(productVariants).where(eq(productVariants.productId, product.id));
    // The ordered "50 г" is archived (its SKU freed), the never-ordered "1 кг" is gone.
    expect(all.find((v) => v.id === small.id)).toMatchObject({ archivedAt: expect.any(Date), label: '50 г' });
    expect(all.find((v) => v.id === kilo.id)).toBeUndefined();
    expect(await rowOf(app, product.id)).toMatchObject({ priceMinor: 360_00, countInStock: 8, weight: 0.1 });
    // Shoppers see the active packs only.
    const detail = (await app.inject({ url: `/api/products/${product.id}` })).json() as ProductDetail;
    expect(detail.variants.map((v) => v.label)).toEqual(['100 г', '250 г']);
  });

  test('an unknown pack id or a SKU used twice is a coded 400 that changes nothing', async () => {
    const { app } = ctx();
    const headers = await admin();
    const other = await createProduct(app.db, { variants: [pack('1 шт', 100_00, 1, 1, { sku: 'TAKEN-SKU' })] });
    const product = await createProduct(app.db, { variants: [pack('50 г', 190_00, 4, 0.05)] });
    const [own] = await variantsOf(app.db, product.id);
    const [foreign] = await variantsOf(app.db, other.id);
    const cases: [string, Partial<VariantInput>[], string][] = [
      ['unknown id', [{ id: '00000000-0000-4000-8000-000000000000', ...packInput('NEW-1', '50 г', 1, 1, 0.05) }], 'VARIANT_UNKNOWN'],
      ["another product's pack", [{ id: foreign.id, ...packInput('NEW-2', '50 г', 1, 1, 0.05) }], 'VARIANT_UNKNOWN'],
      ['the same SKU twice', [packInput('dup-1', '50 г', 1, 1, 0.05), packInput('DUP-1', '100 г', 2, 1, 0.1)], 'SKU_DUPLICATE'],
      ["another product's SKU", [{ id: own.id, ...packInput('taken-sku', '50 г', 1, 1, 0.05) }], 'SKU_DUPLICATE'],
    ];
    for (const [what, variants, code] of cases) {
      const { status, body } = await put(app, product.id, edit(variants, { name: 'Не змінено' }), headers);
      expect(status, what).toBe(400);
      expect(body.code, what).toBe(code);
      expect(body.message, what).toMatch(/[а-яіїєґ]/i);
    }
    expect(await rowOf(app, product.id)).toMatchObject({ name: product.name, priceMinor: 190_00 });
    expect((await variantsOf(app.db, product.id)).map((v) => v.sku)).toEqual([own.sku]);
  });

  test('an edit without packs changes the only pack; with several packs it asks for them', async () => {
    const { app } = ctx();
    const headers = await admin();
    const single = await createProduct(app.db);
    const { variants: _v, ...legacy } = edit([]);
    const res = await put(app, single.id, { ...legacy, price: 1234.5, discount: 5, countInStock: 9, weight: 1 }, headers);
    expect(res.status).toBe(200);
    expect(res.body.variants).toEqual([expect.objectContaining({ price: 1234.5, discount: 5, countInStock: 9 })]);
    const several = await createProduct(app.db, { variants: [pack('50 г', 190_00, 4, 0.05), pack('1 кг', 2800_00, 2, 1)] });
    const refused = await put(app, several.id, { ...legacy, price: 1 }, headers);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('VARIANTS_REQUIRED');
  });

  test('a new product is a hidden draft: shoppers never see it; publishing needs a price on every pack', async () => {
    const { app } = ctx();
    const headers = await admin();
    const created = (await app.inject({ method: 'POST', url: '/api/products', headers })).json() as Product;
    const [draftPack] = created.variants;
    const named = edit([{ id: draftPack.id, ...packInput('DRAFT-1', '50 г', 0, 5, 0.05) }], { name: 'Хміль Чернетка Загадка' });
    expect((await put(app, created.id, named, headers)).status).toBe(200);

    const shopperSees = async () => ({
      detail: (await app.inject({ url: `/api/products/${created.id}` })).statusCode,
      search: ((await app.inject({ url: '/api/products?keyword=Чернетка Загадка' })).json() as ProductList).products.length,
      category: ((await app.inject({ url: '/api/products?category=Hops' })).json() as ProductList).products.some((p) => p.id === created.id),
    });
    expect(await shopperSees()).toEqual({ detail: 404, search: 0, category: false });
    // The admin finds it in their list and opens it in the editor.
    const adminList = (await app.inject({ url: '/api/products?all=true&keyword=Чернетка Загадка', headers })).json() as ProductList;
    expect(adminList.products.map((p) => p.status)).toEqual(['draft']);
    expect((await app.inject({ url: `/api/products/${created.id}`, headers })).statusCode).toBe(200);

    const refused = await put(app, created.id, { ...named, status: 'published' }, headers);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('PRICE_REQUIRED_TO_PUBLISH');
    expect((await rowOf(app, created.id)).status).toBe('draft');

    const priced = edit([{ id: draftPack.id, ...packInput('DRAFT-1', '50 г', 150, 5, 0.05) }], { name: 'Хміль Чернетка Загадка', status: 'published' });
    expect((await put(app, created.id, priced, headers)).status).toBe(200);
    expect(await shopperSees()).toEqual({ detail: 200, search: 1, category: true });

    // Hidden: kept, not deleted, and gone from the shop again.
    expect((await put(app, created.id, { ...priced, status: 'hidden' }, headers)).status).toBe(200);
    expect(await shopperSees()).toEqual({ detail: 404, search: 0, category: false });
  });
});
