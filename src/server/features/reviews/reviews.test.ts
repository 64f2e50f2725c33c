import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { products, reviews } from '../../db/schema.js';
import { describeWithApp } from '../../test/database.js';
import { createProduct, createUser, sessionCookie } from '../../test/factories.js';
import type { Product, ProductDetail } from '../../../shared/products.js';

describeWithApp('reviews API', (ctx) => {
  const review = async (productId: string, payload: unknown, headers: Record<string, string> = {}) =>
    ctx().app.inject({ method: 'POST', url: `/api/products/${productId}/reviews`, payload: payload as object, headers });
  const customer = async (name = 'Олена Пчілка') => {
    const { app } = ctx();
    const user = await createUser(app.db, { name });
    return { user, headers: { cookie: await sessionCookie(user, app.config.jwtSecret) } };
  };

  test('a signed-in shopper reviews a product; rating and count follow, the review comes with the product', async () => {
    const { app } = ctx();
    const product = await createProduct(app.db, { name: 'Хміль Saaz відгуки' });
    const first = await customer('Олена Пчілка');
    const res = await review(product.id, { rating: 4, comment: '  Класичний богемський аромат.  ' }, first.headers);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ rating: 4, numReviews: 1, review: { name: 'Олена Пчілка', rating: 4, comment: 'Класичний богемський аромат.' } });

    const second = await customer('Іван Франко');
    expect((await review(product.id, { rating: 5, comment: 'Відмінно' }, second.headers)).statusCode).toBe(201);
    const third = await customer('Леся Українка');
    const last = await review(product.id, { rating: 5, comment: 'Свіжий' }, third.headers);
    // (4 + 5 + 5) / 3 = 4.67 → one decimal
    expect(last.json()).toMatchObject({ rating: 4.7, numReviews: 3 });

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
    const { headers } = await customer();
    expect((await review(product.id, { rating: 5, comment: 'Найкраще' }, headers)).statusCode).toBe(201);
    const after = (await app.inject({ url: '/api/products/top' })).json() as Product[];
    expect(after.map((p) => p.id)).toContain(product.id);
  });

  test('a second review by the same shopper is a 409 and changes nothing', async () => {
    const { app } = ctx();
    const product = await createProduct(app.db);
    const { headers } = await customer();
    expect((await review(product.id, { rating: 5, comment: 'Перший' }, headers)).statusCode).toBe(201);
    const again = await review(product.id, { rating: 1, comment: 'Другий' }, headers);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_REVIEWED', message: 'Ви вже залишили відгук на цей товар' });
    // Two at once: still exactly one.
    const racer = await customer();
    const both = await Promise.all([
      review(product.id, { rating: 3, comment: 'А' }, racer.headers),
      review(product.id, { rating: 3, comment: 'Б' }, racer.headers),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const [row] = await app.db.select().from(products).where(eq(products.id, product.id));
    expect(row).toMatchObject({ rating: 4, numReviews: 2 });
    expect(await app.db.select().from(reviews).where(eq(reviews.productId, product.id))).toHaveLength(2);
  });

  test('anonymous shoppers cannot review (401), even with a bad body; forged sessions neither', async () => {
    const { app } = ctx();
    const product = await createProduct(app.db);
    const res = await review(product.id, { rating: 5, comment: 'Анонім' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/Увійдіть/);
    expect((await review(product.id, { rating: 9 })).statusCode).toBe(401);
    expect((await review(product.id, { rating: 5, comment: 'x' }, { cookie: 'jwt=forged.token.value' })).statusCode).toBe(401);
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
    const { headers } = await customer();
    const res = await review(product.id, payload, headers);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(field);
    const [row] = await app.db.select().from(products).where(eq(products.id, product.id));
    expect(row).toMatchObject({ rating: 0, numReviews: 0 });
  });

  test('unknown products are 404, malformed ids 400', async () => {
    const { headers } = await customer();
    const missing = await review('00000000-0000-4000-8000-000000000000', { rating: 5, comment: 'Є?' }, headers);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Товар не знайдено');
    expect((await review('nope', { rating: 5, comment: 'Є?' }, headers)).statusCode).toBe(400);
  });
});
