import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, test } from 'vitest';
import type { ProductUpdateInput, VariantInput } from '../../../shared/products.js';
import { outboxMessages, stockAlerts, type ProductRow, type ProductVariantRow } from '../../db/schema.js';
import { describeWithApp } from '../../test/database.js';
import { freshIp } from '../../test/driver.js';
import { createProduct, pack, variantsOf } from '../../test/factories.js';
import { unsubscribeSignature } from './service.js';

/** "Повідомити, коли з'явиться" (docs/domain.md, "Stock alerts"). */

const editOf = (product: ProductRow, packs: ProductVariantRow[], stock: Record<string, number>): ProductUpdateInput => ({
  name: product.name,
  image: product.image,
  producer: product.producer,
  category: product.category as ProductUpdateInput['category'],
  description: product.description,
  attributes: product.attributes,
  variants: packs.map((v): VariantInput => ({
    id: v.id,
    sku: v.sku,
    label: v.label,
    price: v.priceMinor / 100,
    discount: v.discount,
    countInStock: stock[v.label] ?? v.countInStock,
    weight: v.weight,
    gtin: v.gtin,
  })),
});

describeWithApp('stock alerts', (ctx) => {
  const subscribe = (app: FastifyInstance, productId: string, payload: object, ip = freshIp()) =>
    app.inject({ method: 'POST', url: `/api/products/${productId}/stock-alerts`, payload, remoteAddress: ip });
  const adminHeaders = async () => ({ cookie: (await ctx().shop.admin()).cookie });
  const lettersTo = async (app: FastifyInstance, email: string) => app.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, email));
  const alertsOf = async (app: FastifyInstance, productId: string) => app.db.select().from(stockAlerts).where(eq(stockAlerts.productId, productId));

  test('a shopper subscribes to a sold-out product or pack; the same subscription twice is one; bad input changes nothing', async () => {
    const { app } = ctx();
    const hop = await createProduct(app.db, { variants: [pack('50 г', 190_00, 0, 0.05), pack('1 кг', 2800_00, 0, 1)] });
    const [small] = await variantsOf(app.db, hop.id);
    expect((await subscribe(app, hop.id, { email: ' Brewer@Example.com ' })).statusCode).toBe(201);
    expect((await subscribe(app, hop.id, { email: 'brewer@example.com' })).statusCode).toBe(201);
    expect((await subscribe(app, hop.id, { email: 'brewer@example.com', variant: small.id })).statusCode).toBe(201);
    expect((await alertsOf(app, hop.id)).map((a) => [a.email, a.variantId]).sort()).toEqual(
      [
        ['brewer@example.com', null],
        ['brewer@example.com', small.id],
      ].sort(),
    );

    const other = await createProduct(app.db);
    const [otherPack] = await variantsOf(app.db, other.id);
    const refused = [
      [{ email: 'not-an-address' }, 400, 'VALIDATION_ERROR'],
      [{ email: 'a@example.com', variant: otherPack.id }, 400, 'VARIANT_UNKNOWN'],
      [{ email: 'a@example.com', variant: 'nope' }, 400, 'VALIDATION_ERROR'],
    ] as const;
    for (const [payload, status, code] of refused) {
      const res = await subscribe(app, hop.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json().code).toBe(code);
    }
    const missing = await subscribe(app, '00000000-0000-4000-8000-000000000000', { email: 'a@example.com' });
    expect([missing.statusCode, missing.json().code]).toEqual([404, 'PRODUCT_NOT_FOUND']);
    const draft = await createProduct(app.db, { status: 'draft' });
    expect((await subscribe(app, draft.id, { email: 'a@example.com' })).statusCode).toBe(404);
    expect(await alertsOf(app, hop.id)).toHaveLength(2);
  });

  test('subscribing is limited per address', async () => {
    const { app } = ctx();
    const hop = await createProduct(app.db, { countInStock: 0 });
    const ip = freshIp();
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) codes.push((await subscribe(app, hop.id, { email: `flood-${i}@example.com` }, ip)).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 201)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });

  test('a restock from 0 sends each subscriber one letter and ends the alert; a pack alert waits for its own pack', async () => {
    const { app } = ctx();
    const headers = await adminHeaders();
    const hop = await createProduct(app.db, { name: `Хміль Citra ${Date.now()}`, variants: [pack('50 г', 190_00, 0, 0.05), pack('1 кг', 2800_00, 0, 1)] });
    const [small] = await variantsOf(app.db, hop.id);
    const stamp = Date.now();
    const anyPack = `any-${stamp}@example.com`;
    const kilo = `kilo-${stamp}@example.com`;
    const fifty = `fifty-${stamp}@example.com`;
    const packs = await variantsOf(app.db, hop.id);
    const kiloPack = packs.find((v) => v.label === '1 кг')!;
    await subscribe(app, hop.id, { email: anyPack });
    await subscribe(app, hop.id, { email: kilo, variant: kiloPack.id, locale: 'en' });
    await subscribe(app, hop.id, { email: fifty, variant: small.id });

    // The kilogram comes back: the product's and the kilogram's subscribers hear, the 50 g one waits.
    const put = (stock: Record<string, number>) => app.inject({ method: 'PUT', url: `/api/products/${hop.id}`, headers, payload: editOf(hop, packs, stock) });
    expect((await put({ '1 кг': 3 })).statusCode).toBe(200);
    const [toAny] = await lettersTo(app, anyPack);
    expect(toAny.subject).toBe(`Знову в наявності: ${hop.name}`);
    expect(toAny.textBody).toContain(`/product/${hop.slug}`);
    const [toKilo] = await lettersTo(app, kilo);
    expect(toKilo.subject).toBe(`Back in stock: ${hop.name}, 1 кг`);
    expect(await lettersTo(app, fifty)).toEqual([]);
    expect((await alertsOf(app, hop.id)).map((a) => a.email)).toEqual([fifty]);

    // More stock of the kilogram sends nothing again; the 50 g pack coming back does.
    expect((await put({ '1 кг': 8 })).statusCode).toBe(200);
    expect((await put({ '1 кг': 8, '50 г': 5 })).statusCode).toBe(200);
    expect(await lettersTo(app, anyPack)).toHaveLength(1);
    expect(await lettersTo(app, kilo)).toHaveLength(1);
    expect(await lettersTo(app, fifty)).toHaveLength(1);
    expect(await alertsOf(app, hop.id)).toEqual([]);
  });

  test('two admins restocking at the same moment send each subscriber exactly one letter', async () => {
    const { app } = ctx();
    const headers = await adminHeaders();
    const hop = await createProduct(app.db, { countInStock: 0 });
    const packs = await variantsOf(app.db, hop.id);
    const email = `race-${Date.now()}@example.com`;
    await subscribe(app, hop.id, { email });
    const put = (n: number) => app.inject({ method: 'PUT', url: `/api/products/${hop.id}`, headers, payload: editOf(hop, packs, { [packs[0].label]: n }) });
    const answers = await Promise.all([put(4), put(6)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(await lettersTo(app, email)).toHaveLength(1);
  });

  test("a letter's unsubscribe link ends every alert of that address; a forged one changes nothing", async () => {
    const { app } = ctx();
    const a = await createProduct(app.db, { countInStock: 0 });
    const b = await createProduct(app.db, { countInStock: 0 });
    const email = `leaving-${Date.now()}@example.com`;
    await subscribe(app, a.id, { email });
    await subscribe(app, b.id, { email });
    const unsubscribe = (payload: object) => app.inject({ method: 'POST', url: '/api/stock-alerts/unsubscribe', payload });
    const forged = await unsubscribe({ email, signature: unsubscribeSignature('another-secret-of-32-characters!!', email) });
    expect([forged.statusCode, forged.json().code]).toEqual([400, 'UNSUBSCRIBE_LINK_INVALID']);
    expect((await unsubscribe({ email, signature: 'short' })).statusCode).toBe(400);
    expect((await alertsOf(app, a.id)).length + (await alertsOf(app, b.id)).length).toBe(2);

    const res = await unsubscribe({ email, signature: unsubscribeSignature(app.config.jwtSecret, email) });
    expect(res.statusCode).toBe(200);
    expect((await alertsOf(app, a.id)).length + (await alertsOf(app, b.id)).length).toBe(0);
  });
});
