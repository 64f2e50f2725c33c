import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { products, reviews } from '../../db/schema.js';
import { describeWithApp } from '../../test/database.js';
import type { SignedIn } from '../../test/driver.js';
import { createProduct } from '../../test/factories.js';
import type { Product, ProductDetail } from '../../../shared/products.js';

describeWithApp('reviews API', (ctx) => {
  const review = (productId: string, payload: unknown, who: SignedIn | string | 'signed-out' = 'signed-out') =>
    ctx().shop.review(productId, payload as object, who);
  const customer = (name = 'Олена Пчілка') => ctx().shop.customer({ name });

  test('a signed-in shopper reviews a product; rating and count follow, the review comes with the product', async () => {
    const { app } = ctx();
    const product = await createProduct(app.db, { name: 'Хміль Saaz відгуки' });
    const first = await customer('Олена Пчілка');
    const res = await review(product.id, { rating: 4, comment: '  Класичний богемський аромат.  ' }, first);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ rating: 4, numReviews: 1, review: { name: 'Олена Пчілка', rating: 4, comment: 'Класичний богемський аромат.' } });

    const second = await customer('Іван Франко');
    expect((await review(product.id, { rating: 5, comment: 'Відмінно' }, second)).status).toBe(201);
    const third = await customer('Леся Українка');
    const last = await review(product.id, { rating: 5, comment: 'Свіжий' }, third);
    // (4 + 5 + 5) / 3 = 4.67 → one decimal
    expect(last.body).toMatchObject({ rating: 4.7, numReviews: 3 });

    const detail = (await app.inject({ url: `/api/products/${product.id}` })).json() as ProductDetail;
    expect(detail).toMatchObject({ rating: 4.7, numReviews: 3 });
    expect(detail.reviews.map((r) => r.name).sort()).toEqual(['Іван Франко', 'Леся Українка', 'Олена Пчілка']);
    expect(detail.reviews.every((r) => r.createdAt && r.user)).toBe(true);
  });

  test('the top row follows new ratings at once', async () => {
    const { app } = ctx();
    const product = await createProduct(app.db, { name: 'Новий улюбленець' });
    app.catalogCache.invalidate();
    const before = (await app.inject({ url: '/api/products/top' })).json() as Product[];
    expect(before.map((p) => p.id)).not.toContain(product.id);
    const shopper = await customer();
    expect((await review(product.id, { rating: 5, comment: 'Найкраще' }, shopper)).status).toBe(201);
    const after = (await app.inject({ url: '/api/products/top' })).json() as Product[];
    expect(after.map((p) => p.id)).toContain(product.id);
  });

  test('a second review by the same shopper is a 409 and changes nothing', async () => {
    const { app } = ctx();
    const product = await createProduct(app.db);
    const shopper = await customer();
    expect((await review(product.id, { rating: 5, comment: 'Перший' }, shopper)).status).toBe(201);
    const again = await review(product.id, { rating: 1, comment: 'Другий' }, shopper);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'ALREADY_REVIEWED', message: 'Ви вже залишили відгук на цей товар' });
    // Two at once: still exactly one.
    const racer = await customer();
    const both = await Promise.all([review(product.id, { rating: 3, comment: 'А' }, racer), review(product.id, { rating: 3, comment: 'Б' }, racer)]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    const [row] = await app.db.select().from(products).where(eq(products.id, product.id));
    expect(row).toMatchObject({ rating: 4, numReviews: 2 });
    expect(await app.db.select().from(reviews).where(eq(reviews.productId, product.id))).toHaveLength(2);
  });

  test('anonymous shoppers cannot review (401), even with a bad body; forged sessions neither', async () => {
    const { app } = ctx();
    const product = await createProduct(app.db);
    const res = await review(product.id, { rating: 5, comment: 'Анонім' });
    expect(res.status).toBe(401);
    expect(res.body.message).toMatch(/Увійдіть/);
    expect((await review(product.id, { rating: 9 })).status).toBe(401);
    expect((await review(product.id, { rating: 5, comment: 'x' }, 'jwt=forged.token.value')).status).toBe(401);
    expect(await app.db.select().from(reviews).where(eq(reviews.productId, product.id))).toEqual([]);
  });

  const invalid: [string, unknown, string][] = [
    ['rating 0', { rating: 0, comment: 'Погано' }, 'rating'],
    ['rating 6', { rating: 6, comment: 'Чудово' }, 'rating'],
    ['fractional rating', { rating: 4.5, comment: 'Добре' }, 'rating'],
    ['rating as text', { rating: '5', comment: 'Добре' }, 'rating'],
    ['no rating', { comment: 'Добре' }, 'rating'],
    ['no comment', { rating: 5 }, 'comment'],
    ['blank comment', { rating: 5, comment: '   ' }, 'comment'],
    ['too long comment', { rating: 5, comment: 'я'.repeat(1001) }, 'comment'],
  ];
  test.each(invalid)('refuses %s with 400 and keeps the rating', async (_what, payload, field) => {
    const { app } = ctx();
    const product = await createProduct(app.db, { rating: 0, numReviews: 0 });
    const shopper = await customer();
    const res = await review(product.id, payload, shopper);
    expect(res.status).toBe(400);
    expect(res.body.errors?.map((e) => e.path)).toContain(field);
    const [row] = await app.db.select().from(products).where(eq(products.id, product.id));
    expect(row).toMatchObject({ rating: 0, numReviews: 0 });
  });

  test('unknown products are 404, malformed ids 400', async () => {
    const shopper = await customer();
    const missing = await review('00000000-0000-4000-8000-000000000000', { rating: 5, comment: 'Є?' }, shopper);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Товар не знайдено');
    expect((await review('nope', { rating: 5, comment: 'Є?' }, shopper)).status).toBe(400);
  });
});
