import { expect, test } from 'vitest';
import { describeWithApp } from '../test/database.js';
import { TEST_PASSWORD } from '../test/factories.js';

/** Personal answers carry Cache-Control: no-store (docs/deploy.md, "Caching"). */
describeWithApp('no-store on personal answers', (ctx) => {
  test('profile, orders, admin, admin settings and sign-in answers are never stored; the catalogue may be', async () => {
    const { app, shop } = ctx();
    const { user, cookie } = await shop.customer();
    const { cookie: adminCookie } = await shop.admin();
    const answers = [
      await app.inject({ url: '/api/users/profile', headers: { cookie } }),
      await app.inject({ url: '/api/orders/mine', headers: { cookie } }),
      await app.inject({ url: '/api/orders', headers: { cookie: adminCookie } }),
      await app.inject({ url: '/api/users', headers: { cookie: adminCookie } }),
      await app.inject({ url: '/api/settings/admin', headers: { cookie: adminCookie } }),
      await app.inject({ method: 'POST', url: '/api/users/auth', payload: { email: user.email, password: TEST_PASSWORD } }),
      // Refusals too: a 401 must not be cached in place of the profile.
      await app.inject({ url: '/api/users/profile' }),
      await app.inject({ url: `/api/orders/guest/${'x'.repeat(43)}` }),
    ];
    for (const answer of answers) expect(answer.headers['cache-control']).toBe('no-store');
    expect((await app.inject({ url: '/api/products' })).headers['cache-control']).not.toBe('no-store');
  });
});
