import { expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { users as usersTable, type UserRow } from './db/schema.js';
import { describeWithApp } from './test/database.js';
import { createProduct, sessionCookie } from './test/factories.js';

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
  [
    'NUL bytes',
    JSON.stringify({
      name: 'a\u0000b',
      email: 'nul\u0000@example.com',
      password: 'pass\u0000word1',
      confirmPassword: 'pass\u0000word1',
      comment: '\u0000',
      rating: 5,
      description: '\u0000',
      origin: '\u0000',
    }),
  ],
  ['long strings', JSON.stringify({ name: 'я'.repeat(100_000), email: `${'a'.repeat(5000)}@x.ua`, comment: 'x'.repeat(100_000) })],
];

describeWithApp('robustness', (ctx) => {
  // Thousands of requests: on a busy machine they take longer than the default 30 s.
  test('no route answers a 5xx, whatever it is sent and by whom', async () => {
    const { app, shop } = ctx();
    const product = await createProduct(app.db);
    const { user: victim } = await shop.customer();
    const { user: customer } = await shop.customer();
    const { user: admin } = await shop.admin();
    // A fresh cookie for every request: the logout route and a password change revoke the old one,
    // and a revoked cookie would quietly turn the rest of the pass into a visitor's.
    const as = async (user: UserRow | null): Promise<Record<string, string>> => {
      if (!user) return {};
      const [current] = await app.db.select().from(usersTable).where(eq(usersTable.id, user.id));
      return { cookie: await sessionCookie(current, app.config.jwtSecret) };
    };
    const ids = [product.id, victim.id, UNKNOWN, 'not-a-uuid', '%00', '..%2F..%2Fetc%2Fpasswd', '1'.repeat(500)];
    const routes: [string, string][] = [
      ['POST', '/api/users'],
      ['POST', '/api/users/auth'],
      ['POST', '/api/users/logout'],
      ['PUT', '/api/users/profile'],
      ['GET', '/api/users'],
      ['POST', '/api/products'],
      ['POST', '/api/orders'],
      ['POST', '/api/orders/guest'],
      ['POST', `/api/orders/guest/${'a'.repeat(43)}/claim`],
      ...[`${'a'.repeat(43)}`, '%00', '1'.repeat(500)].flatMap((secret): [string, string][] => [
        ['PUT', `/api/orders/guest/${secret}/pay`],
        ['POST', `/api/orders/guest/${secret}/liqpay`],
        ['POST', `/api/orders/guest/${secret}/paypal`],
        ['POST', `/api/orders/guest/${secret}/paypal/capture`],
      ]),
      ['GET', '/api/orders/mine'],
      ['GET', '/api/orders'],
      ['POST', '/api/upload'],
      ...ids.flatMap((id): [string, string][] => [
        ['GET', `/api/users/${id}`],
        ['PUT', `/api/users/${id}`],
        ['GET', `/api/products/${id}`],
        ['PUT', `/api/products/${id}`],
        ['POST', `/api/products/${id}/reviews`],
        ['GET', `/api/orders/${id}`],
        ['PUT', `/api/orders/${id}/pay`],
        ['PUT', `/api/orders/${id}/deliver`],
      ]),
    ];
    const deletes = ids.flatMap((id): [string, string][] => [
      ['DELETE', `/api/products/${id}`],
      ['DELETE', `/api/users/${id}`],
    ]);
    const failures: string[] = [];
    const deleted: string[] = [];
    const send = async (user: UserRow | null, targets: [string, string][]) => {
      const who = user?.isAdmin ? 'admin' : user ? 'customer' : 'visitor';
      for (const [method, url] of targets) {
        // GET and DELETE carry no body: with a JSON content type and no body Fastify would answer
        // 400 before the route ran, and the route would never be exercised.
        const requests: [string, string | undefined][] = method === 'GET' || method === 'DELETE' ? [['no body', undefined]] : bodies;
        for (const [what, payload] of requests) {
          const headers = { ...(await as(user)), ...(payload === undefined ? {} : { 'content-type': 'application/json' }) };
          const res = await app.inject({ method: method as 'GET', url, headers, payload });
          if (res.statusCode >= 500) failures.push(`${who} ${method} ${url} with ${what}: ${res.statusCode} ${res.body.slice(0, 120)}`);
          if (res.statusCode >= 400) expect(typeof res.json().message, `${method} ${url}`).toBe('string');
          if (method === 'DELETE' && res.statusCode < 300) deleted.push(`${who} ${url}`);
        }
      }
    };

    const unchanged = async () => {
      expect(failures).toEqual([]);
      const admins = await app.db.select().from(usersTable).where(eq(usersTable.isAdmin, true));
      expect(admins.map((u) => u.id)).toEqual([admin.id]);
      expect((await app.inject({ url: `/api/products/${product.id}` })).json()).toMatchObject({
        name: product.name,
        countInStock: product.countInStock,
      });
      expect(await app.db.select().from(usersTable).where(eq(usersTable.id, victim.id))).toHaveLength(1);
    };

    for (const user of [null, customer]) await send(user, [...routes, ...deletes]);
    // Nothing a visitor or a customer sent made anyone an admin, deleted anything or touched the product.
    expect(deleted).toEqual([]);
    await unchanged();
    // Nor did an admin's bad input.
    await send(admin, routes);
    await unchanged();
    // The admin's deletes reach their routes and do their work.
    await send(admin, deletes);
    expect(failures).toEqual([]);
    expect(deleted).toEqual([`admin /api/products/${product.id}`, `admin /api/users/${victim.id}`]);
    expect((await app.inject({ url: `/api/products/${product.id}` })).statusCode).toBe(404);
  }, 120_000);

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
