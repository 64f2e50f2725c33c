import { expect, test } from 'vitest';
import { closedPort } from '../test/fakes/listen.js';
import { describeWithApp } from '../test/database.js';
import { freshIp } from '../test/driver.js';
import { createProduct } from '../test/factories.js';

/** Redis configured but unreachable (docs/deploy.md): every limited route still answers, and still limits. */

const redisPort = await closedPort();

describeWithApp(
  'rate limits with Redis unreachable',
  (ctx) => {
    test('no limited route answers 500; each counts in memory instead', async () => {
      const { app, shop } = ctx();
      const from = freshIp();
      const product = await createProduct(app.db, { countInStock: 50 });
      const { user, cookie } = await shop.customer();
      const guestOrder = await shop.placeOrder({
        as: 'guest',
        remoteAddress: from,
        lines: [{ product: product.id, qty: 1 }],
        shippingAddress: { address: 'Олена Пчілка', city: 'Київ', phoneNumber: '067 123 45 01', country: 'Відділення №1' },
        email: 'guest@example.com',
      });
      expect(guestOrder.status).toBe(201);
      expect((await app.inject({ method: 'POST', url: '/api/users/password-reset', remoteAddress: from, payload: { email: user.email } })).statusCode).toBe(
        202,
      );
      const callback = await app.inject({ method: 'POST', url: '/api/payments/liqpay/callback', remoteAddress: from, payload: { data: 'x', signature: 'y' } });
      expect(callback.statusCode).toBeLessThan(500);
      const review = await app.inject({
        method: 'POST',
        url: `/api/products/${product.id}/reviews`,
        remoteAddress: from,
        headers: { cookie },
        payload: { rating: 5, comment: 'Добрий хміль' },
      });
      expect(review.statusCode).toBe(201);
      expect((await app.inject({ url: '/api/delivery/cities?q=Ки', remoteAddress: from })).statusCode).toBeLessThan(500);
      expect(
        (await app.inject({ method: 'POST', url: '/api/users/auth', remoteAddress: from, payload: { email: user.email, password: 'wrong-one' } })).statusCode,
      ).toBe(401);

      // The limits hold: the 6th reset request of the window from one address is refused.
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        statuses.push(
          (await app.inject({ method: 'POST', url: '/api/users/password-reset', remoteAddress: from, payload: { email: 'x@example.com' } })).statusCode,
        );
      }
      expect(statuses).toEqual([202, 202, 202, 202, 429]);
    });

    test('/api/ready says Redis is down while the shop serves', async () => {
      const ready = await ctx().app.inject({ url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ database: 'ok', redis: 'down' });
    });
  },
  { env: { REDIS_URL: `redis://127.0.0.1:${redisPort}` } },
);
