import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import type { BulkChangeResult, ProductDetail } from '../../../shared/products.js';
import { outboxMessages } from '../../db/schema.js';
import { describeWithApp } from '../../test/database.js';
import { createProduct, pack, variantsOf } from '../../test/factories.js';

/** The admin product list's bulk edit of packs (PATCH /api/admin/variants, docs/api.md). */
describeWithApp('bulk price and stock changes per pack', (ctx) => {
  const admin = async () => ({ cookie: (await ctx().shop.admin()).cookie });
  const patch = (payload: unknown, headers: Record<string, string>) =>
    ctx().app.inject({ method: 'PATCH', url: '/api/admin/variants', payload: payload as object, headers });

  test('several packs of several products change in one request; a restock from 0 wakes its alert; the summary follows', async () => {
    const { app } = ctx();
    const headers = await admin();
    const hop = await createProduct(app.db, { variants: [pack('50 г', 120_00, 0, 0.05), pack('1 кг', 1305_00, 0, 1)] });
    const yeast = await createProduct(app.db, { category: 'Yeast', producer: 'Fermentis', attributes: {}, variants: [pack('11,5 г', 95_00, 4, 0.012)] });
    const [fifty, kilo] = await variantsOf(app.db, hop.id);
    const [sachet] = await variantsOf(app.db, yeast.id);
    const email = `bulk-${Date.now()}@example.com`;
    expect((await app.inject({ method: 'POST', url: `/api/products/${hop.id}/stock-alerts`, payload: { email }, remoteAddress: '10.88.0.1' })).statusCode).toBe(
      201,
    );
    // Warm the cache: the change must empty it.
    await app.inject({ url: `/api/products/${hop.slug}` });

    const res = await patch(
      [
        { id: fifty.id, countInStock: 12 },
        { id: kilo.id, price: 1250, discount: 10 },
        { id: sachet.id, price: 99.5, countInStock: 40 },
      ],
      headers,
    );
    expect(res.statusCode).toBe(200);
    const { products } = res.json() as BulkChangeResult;
    expect(products).toHaveLength(2);
    const detail = (await app.inject({ url: `/api/products/${hop.slug}` })).json() as ProductDetail;
    expect(detail.countInStock).toBe(12);
    expect(detail.variants.map((v) => [v.label, v.price, v.discount, v.countInStock])).toEqual([
      ['50 г', 120, 0, 12],
      ['1 кг', 1250, 10, 0],
    ]);
    expect((await variantsOf(app.db, yeast.id))[0]).toMatchObject({ priceMinor: 99_50, countInStock: 40 });
    const letters = await app.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, email));
    expect(letters).toHaveLength(1);
    expect(letters[0].subject).toContain(hop.name);
  });

  test('an unknown pack refuses the whole change: nothing is changed', async () => {
    const { app } = ctx();
    const headers = await admin();
    const hop = await createProduct(app.db, { variants: [pack('100 г', 300_00, 5, 0.1)] });
    const [only] = await variantsOf(app.db, hop.id);
    const unknown = '00000000-0000-4000-8000-000000000000';
    const res = await patch(
      [
        { id: only.id, countInStock: 99, price: 1 },
        { id: unknown, countInStock: 1 },
      ],
      headers,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VARIANT_UNKNOWN', params: { variant: unknown } });
    expect((await variantsOf(app.db, hop.id))[0]).toMatchObject({ countInStock: 5, priceMinor: 300_00 });

    // A published product at 0 грн is refused after the writes: the transaction leaves nothing behind either.
    const zero = await patch(
      [
        { id: only.id, countInStock: 50 },
        { id: only.id, price: 0 },
      ],
      headers,
    );
    expect([zero.statusCode, zero.json().code]).toEqual([400, 'VARIANT_REPEATED']);
    const free = await patch([{ id: only.id, countInStock: 50, price: 0 }], headers);
    expect([free.statusCode, free.json().code]).toEqual([400, 'PRICE_REQUIRED_TO_PUBLISH']);
    expect((await variantsOf(app.db, hop.id))[0]).toMatchObject({ countInStock: 5, priceMinor: 300_00 });
  });

  test('bad bodies are 400 VALIDATION_ERROR; only admins may change packs', async () => {
    const { app } = ctx();
    const headers = await admin();
    const hop = await createProduct(app.db);
    const [only] = await variantsOf(app.db, hop.id);
    for (const body of [
      [],
      [{ id: only.id }],
      [{ id: 'nope', price: 1 }],
      [{ id: only.id, countInStock: -1 }],
      [{ id: only.id, discount: 101 }],
      { id: only.id },
    ]) {
      const res = await patch(body, headers);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    const customer = { cookie: (await ctx().shop.customer()).cookie };
    expect((await patch([{ id: only.id, countInStock: 1 }], {})).statusCode).toBe(401);
    expect((await patch([{ id: only.id, countInStock: 1 }], customer)).statusCode).toBe(403);
    expect((await variantsOf(app.db, hop.id))[0].countInStock).toBe(10);
  });
});
