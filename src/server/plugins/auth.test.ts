import { expect, test } from 'vitest';
import { orders, products, users } from '../db/schema.js';
import { describeWithApp } from '../test/database.js';

/**
 * Auth before validation, on every guarded route (docs/deploy.md): whatever the body, the query or
 * the id, an anonymous caller gets 401 and a customer on an admin route 403, and nothing changes.
 */
const ID = '00000000-0000-4000-8000-000000000000';
const GARBAGE = { name: 42, email: ['x'], orderItems: 'none', isAdmin: 'yes', price: -1 };

const signedInRoutes: [string, string][] = [
  ['POST', '/api/orders'],
  ['GET', '/api/orders/mine'],
  ['GET', `/api/orders/${ID}`],
  ['GET', '/api/orders/not-an-id'],
  ['PUT', `/api/orders/${ID}/pay`],
  ['PUT', '/api/orders/not-an-id/cancel'],
  ['GET', '/api/users/profile'],
  ['PUT', '/api/users/profile'],
  ['POST', `/api/products/${ID}/reviews`],
  ['POST', '/api/products/not-an-id/reviews'],
];
const adminRoutes: [string, string][] = [
  ['GET', '/api/orders?page=minus-one'],
  ['PUT', `/api/orders/${ID}/mark-paid`],
  ['PUT', '/api/orders/not-an-id/ship'],
  ['PUT', `/api/orders/${ID}/deliver`],
  ['GET', '/api/users'],
  ['GET', '/api/users/not-an-id'],
  ['PUT', `/api/users/${ID}`],
  ['DELETE', '/api/users/not-an-id'],
  ['POST', '/api/products'],
  ['PUT', '/api/products/not-an-id'],
  ['DELETE', `/api/products/${ID}`],
  ['POST', '/api/upload'],
];

describeWithApp('auth before validation', (ctx) => {
  const send = (method: string, url: string, cookie?: string) =>
    ctx().app.inject({
      method: method as 'GET',
      url,
      headers: cookie ? { cookie } : {},
      ...(method === 'GET' || method === 'DELETE' ? {} : { payload: GARBAGE }),
    });

  const counts = async () => {
    const { db } = ctx().app;
    return [(await db.select().from(users)).length, (await db.select().from(orders)).length, (await db.select().from(products)).length];
  };

  test('anonymous: 401 on every guarded route, whatever was sent', async () => {
    const before = await counts();
    for (const [method, url] of [...signedInRoutes, ...adminRoutes]) {
      const res = await send(method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json(), `${method} ${url}`).toEqual({ message: 'Увійдіть, щоб продовжити', code: 'NOT_SIGNED_IN' });
    }
    expect(await counts()).toEqual(before);
  });

  test('a customer: 403 on every admin route before the body is looked at; signed-in routes validate', async () => {
    const { cookie } = await ctx().shop.customer();
    const before = await counts();
    for (const [method, url] of adminRoutes) {
      const res = await send(method, url, cookie);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json(), `${method} ${url}`).toEqual({ message: 'Лише для адміністраторів', code: 'ADMIN_ONLY' });
    }
    // Signed in, the same garbage now reaches validation (or the id check): a 4xx, never a 401.
    for (const [method, url] of signedInRoutes) {
      const res = await send(method, url, cookie);
      expect(res.statusCode, `${method} ${url}`).not.toBe(401);
      expect(res.statusCode, `${method} ${url}`).toBeLessThan(500);
    }
    expect(await counts()).toEqual(before);
  });
});
