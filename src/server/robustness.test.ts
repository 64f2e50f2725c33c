import { expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { users as usersTable, type UserRow } from './db/schema.js';
import { describeWithApp } from './test/database.js';
import { createProduct, createUser, sessionCookie } from './test/factories.js';

/**
 * Bad input of every kind, sent to every route as a visitor, a customer and an admin: the answer
 * is always a clear 4xx (or a 2xx where the input happens to be acceptable), never a 5xx.
 */
const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const bodies: [string, string][] = [
  ['malformed JSON', '{"name":'],
  ['a JSON array', '[1,2,3]'],
  ['JSON null', 'null'],
  ['a JSON string', '"hello"'],
  ['wrong types', JSON.stringify({ name: 42, email: [], password: {}, price: 'free', countInStock: -1, orderItems: 'x', rating: 'five', qty: 1e308 })],
  ['huge numbers', JSON.stringify({ price: 1e308, discount: 1e9, countInStock: 2 ** 53, orderItems: [{ product: UNKNOWN, qty: 2 ** 40 }] })],
  ['prototype pollution', '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"isAdmin":true}}}'],
  ['NUL bytes', JSON.stringify({ name: 'a\u0000b', email: 'nul\u0000@example.com', password: 'pass\u0000word1', confirmPassword: 'pass\u0000word1', comment: '\u0000', rating: 5, description: '\u0000', origin: '\u0000' })],
  ['long strings', JSON.stringify({ name: 'я'.repeat(100_000), email: `${'a'.repeat(5000)}@x.ua`, comment: 'x'.repeat(100_000) })],
];

describeWithApp('robustness', (ctx) => {
  test('no route answers a 5xx, whatever it is sent and by whom', async () => {
    const { app } = ctx();
    const product = await createProduct(app.db);
    const customer = await createUser(app.db);
    const admin = await createUser(app.db, { isAdmin: true });
    const as = async (user: UserRow | null) => (user ? { cookie: await sessionCookie(user, app.config.jwtSecret) } : {});
    const ids = [product.id, UNKNOWN, 'not-a-uuid', '%00', '..%2F..%2Fetc%2Fpasswd', '1'.repeat(500)];
    const routes: [string, string][] = [
      ['POST', '/api/users'],
      ['POST', '/api/users/auth'],
      ['POST', '/api/users/logout'],
      ['PUT', '/api/users/profile'],
      ['GET', '/api/users'],
      ['POST', '/api/products'],
      ['POST', '/api/orders'],
      ['GET', '/api/orders/mine'],
      ['GET', '/api/orders'],
      ['POST', '/api/upload'],
      ...ids.flatMap((id): [string, string][] => [
        ['GET', `/api/users/${id}`],
        ['PUT', `/api/users/${id}`],
        ['DELETE', `/api/users/${id}`],
        ['GET', `/api/products/${id}`],
        ['PUT', `/api/products/${id}`],
        ['DELETE', `/api/products/${id}`],
        ['POST', `/api/products/${id}/reviews`],
        ['GET', `/api/orders/${id}`],
        ['PUT', `/api/orders/${id}/pay`],
        ['PUT', `/api/orders/${id}/deliver`],
      ]),
    ];
    const failures: string[] = [];
    for (const user of [null, customer, admin]) {
      const headers = await as(user);
      for (const [method, url] of routes) {
        for (const [what, payload] of bodies) {
          const res = await app.inject({
            method: method as 'GET',
            url,
            headers: { ...headers, 'content-type': 'application/json' },
            payload: method === 'GET' || method === 'DELETE' ? undefined : payload,
          });
          if (res.statusCode >= 500) failures.push(`${user?.isAdmin ? 'admin' : user ? 'customer' : 'visitor'} ${method} ${url} with ${what}: ${res.statusCode} ${res.body.slice(0, 120)}`);
          if (res.statusCode >= 400) expect(typeof res.json().message, `${method} ${url}`).toBe('string');
        }
      }
    }
    expect(failures).toEqual([]);
    // Nothing above made anyone an admin or touched the product.
    const admins = await app.db.select().from(usersTable).where(eq(usersTable.isAdmin, true));
    expect(admins.map((u) => u.id)).toEqual([admin.id]);
    const after = await app.inject({ url: `/api/products/${product.id}` });
    expect(after.json()).toMatchObject({ name: product.name, countInStock: product.countInStock });
  });

  test('odd query strings on the catalogue and delivery are 4xx or clean answers', async () => {
    const { app } = ctx();
    const urls = [
      '/api/products?pageNumber=1e3',
      '/api/products?pageNumber[]=1',
      '/api/products?keyword[]=a&keyword[]=b',
      '/api/products?category=Hops&category=Yeast',
      `/api/products?keyword=${encodeURIComponent('\u0000\uffff🍺')}`,
      '/api/products?producer=%00',
      '/api/delivery/branches?city[]=x',
      `/api/delivery/branches?city=${'к'.repeat(5000)}`,
    ];
    for (const url of urls) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBeLessThan(500);
    }
  });
});
