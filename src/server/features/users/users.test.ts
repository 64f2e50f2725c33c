import { randomBytes } from 'node:crypto';
import { Socket } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../app.js';
import { orders, products, reviews, users } from '../../db/schema.js';
import { describeWithApp, type TestContext } from '../../test/database.js';
import { freshIp } from '../../test/driver.js';
import { createOrder, createProduct, sessionCookie, TEST_PASSWORD } from '../../test/factories.js';

const unique = () => randomBytes(4).toString('hex');
const freshEmail = () => `shopper-${unique()}@example.com`;

/** The `jwt` cookie the response sets, as a Cookie header value. */
function cookieOf(res: LightMyRequestResponse): string {
  const jwt = res.cookies.find((c) => c.name === 'jwt');
  if (!jwt) throw new Error(`no session cookie in the ${res.statusCode} response`);
  return `jwt=${jwt.value}`;
}

function expectNoSecrets(body: unknown) {
  const text = JSON.stringify(body);
  expect(text).not.toMatch(/password|hash|argon|tokenVersion|token_version/i);
}

describeWithApp('accounts API', (ctx) => {
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, options: { body?: unknown; cookie?: string; ip?: string } = {}) =>
    ctx().app.inject({
      method,
      url,
      payload: options.body as object | undefined,
      headers: options.cookie ? { cookie: options.cookie } : {},
      remoteAddress: options.ip ?? freshIp(),
    });
  const register = (body: unknown, ip?: string) => call('POST', '/api/users', { body, ip });
  const login = (body: unknown, ip?: string) => call('POST', '/api/users/auth', { body, ip });

  test('registering returns the user info and a 30-day httpOnly SameSite=Strict session cookie', async () => {
    const email = freshEmail();
    const res = await register({ name: '  Олена Пчілка ', email: `  ${email.toUpperCase()} `, password: 'hops-and-malt' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({ id: expect.any(String), _id: expect.any(String), name: 'Олена Пчілка', email, isAdmin: false, phone: null });
    expectNoSecrets(body);
    const jwt = res.cookies.find((c) => c.name === 'jwt')!;
    expect(jwt).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/', maxAge: 30 * 24 * 60 * 60 });
    // Not Secure outside production, so the shop works on http://localhost.
    expect(jwt.secure).toBeFalsy();

    const profile = await call('GET', '/api/users/profile', { cookie: cookieOf(res) });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toEqual(body);

    // The password is stored as an argon2id hash, never as typed.
    const [row] = await ctx().app.db.select().from(users).where(eq(users.id, body._id));
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row.passwordHash).not.toContain('hops-and-malt');
  });

  test('an e-mail is taken whatever its case or surrounding spaces (409, Ukrainian message)', async () => {
    const email = freshEmail();
    expect((await register({ name: 'Перший', email, password: 'password-one' })).statusCode).toBe(201);
    for (const variant of [email, email.toUpperCase(), `  ${email}  `]) {
      const res = await register({ name: 'Другий', email: variant, password: 'password-two' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'EMAIL_TAKEN', message: 'Користувач з такою електронною поштою вже існує' });
    }
    const rows = await ctx().app.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
  });

  test('two registrations racing for one e-mail: one account, the other gets a 409', async () => {
    const email = freshEmail();
    const results = await Promise.all([1, 2, 3].map((n) => register({ name: `Гонщик ${n}`, email, password: 'racing-password' })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
  });

  test('bad registrations are 400s naming the field, in Ukrainian', async () => {
    const cases: [unknown, string, RegExp][] = [
      [{ name: 'Іван', email: freshEmail(), password: 'short' }, 'password', /щонайменше 8 символів/],
      [{ name: 'Іван', email: freshEmail(), password: 'x'.repeat(201) }, 'password', /задовгий/],
      [{ name: 'Іван', email: freshEmail() }, 'password', /Вкажіть пароль/],
      [{ name: '   ', email: freshEmail(), password: 'long-enough' }, 'name', /Вкажіть ім’я/],
      [{ email: freshEmail(), password: 'long-enough' }, 'name', /Вкажіть ім’я/],
      [{ name: 'Іван', email: 'not-an-email', password: 'long-enough' }, 'email', /Некоректна електронна пошта/],
      [{ name: 'Іван', email: '', password: 'long-enough' }, 'email', /Вкажіть електронну пошту/],
      [{ name: 'Іван', email: 42, password: 'long-enough' }, 'email', /Вкажіть електронну пошту/],
      [{ name: 'Іван', email: freshEmail(), password: 12345678 }, 'password', /Вкажіть пароль/],
    ];
    for (const [body, field, message] of cases) {
      const res = await register(body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      const problem = res.json();
      expect(problem.code).toBe('VALIDATION_ERROR');
      expect(problem.message).toContain(field);
      expect(problem.errors.map((e: { path: string }) => e.path)).toContain(field);
      expect(problem.errors.find((e: { path: string }) => e.path === field).message).toMatch(message);
      // The rejected password is never echoed back.
      expect(JSON.stringify(problem)).not.toContain('long-enough');
    }
    const malformed = await ctx().app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
      remoteAddress: freshIp(),
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('Тіло запиту не є коректним JSON');
    expect((await register(undefined)).statusCode).toBe(400);
  });

  test('signing in: any case of the e-mail works; a wrong password or unknown e-mail is the same 401', async () => {
    const { user } = await ctx().shop.customer({ email: `case-${unique()}@example.com` });
    const ok = await login({ email: `  ${user.email.toUpperCase()}`, password: TEST_PASSWORD });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ id: user.id, _id: user.id, name: user.name, email: user.email, isAdmin: false, phone: null });
    expectNoSecrets(ok.json());
    expect((await call('GET', '/api/users/profile', { cookie: cookieOf(ok) })).statusCode).toBe(200);

    const wrong = await login({ email: user.email, password: 'not-the-password' });
    const unknown = await login({ email: freshEmail(), password: TEST_PASSWORD });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Невірна електронна пошта або пароль', code: 'BAD_CREDENTIALS' });
      expect(res.cookies.find((c) => c.name === 'jwt')).toBeUndefined();
    }
    const empty = await login({ email: user.email, password: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('password');
    expect((await login({ email: 'nope', password: 'whatever' })).json().message).toContain('email');
  });

  test('logout ends every session of the user, including a copied cookie', async () => {
    const { user } = await ctx().shop.customer();
    const first = cookieOf(await login({ email: user.email, password: TEST_PASSWORD }));
    // The same person on another device, or a thief with a copy of the cookie.
    const second = cookieOf(await login({ email: user.email, password: TEST_PASSWORD }));
    expect((await call('GET', '/api/users/profile', { cookie: second })).statusCode).toBe(200);

    const out = await call('POST', '/api/users/logout', { cookie: first });
    expect(out.statusCode).toBe(200);
    const cleared = out.cookies.find((c) => c.name === 'jwt');
    expect(cleared?.value).toBe('');
    for (const cookie of [first, second]) {
      const res = await call('GET', '/api/users/profile', { cookie });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('NOT_SIGNED_IN');
    }
    // Logging out without a session is harmless.
    expect((await call('POST', '/api/users/logout')).statusCode).toBe(200);
    // And signing in again works.
    expect((await login({ email: user.email, password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  test('forged, garbled and expired-version cookies are 401', async () => {
    const { user, cookie: good } = await ctx().shop.customer();
    const [header, payload] = good.slice(4).split('.');
    for (const cookie of ['jwt=garbage', `jwt=${header}.${payload}.forgedsignature`, `${good}x`]) {
      expect((await call('GET', '/api/users/profile', { cookie })).statusCode).toBe(401);
    }
    const otherSecret = await sessionCookie(user, 'another-secret-another-secret-another-secret');
    expect((await call('GET', '/api/users/profile', { cookie: otherSecret })).statusCode).toBe(401);
  });

  test('profile update: name and e-mail change; a password change keeps this session and ends the others', async () => {
    const { user } = await ctx().shop.customer();
    const here = cookieOf(await login({ email: user.email, password: TEST_PASSWORD }));
    const elsewhere = cookieOf(await login({ email: user.email, password: TEST_PASSWORD }));

    const newEmail = freshEmail();
    const renamed = await call('PUT', '/api/users/profile', {
      cookie: here,
      body: { name: 'Нове Ім’я', email: newEmail.toUpperCase(), password: '', currentPassword: TEST_PASSWORD },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({ id: user.id, _id: user.id, name: 'Нове Ім’я', email: newEmail, isAdmin: false, phone: null });
    // No password change: other sessions live on.
    expect((await call('GET', '/api/users/profile', { cookie: elsewhere })).statusCode).toBe(200);

    const changed = await call('PUT', '/api/users/profile', {
      cookie: here,
      body: { name: 'Нове Ім’я', email: newEmail, password: 'brand-new-password', currentPassword: TEST_PASSWORD },
    });
    expect(changed.statusCode).toBe(200);
    expectNoSecrets(changed.json());
    const fresh = cookieOf(changed);
    expect((await call('GET', '/api/users/profile', { cookie: fresh })).statusCode).toBe(200);
    expect((await call('GET', '/api/users/profile', { cookie: here })).statusCode).toBe(401);
    expect((await call('GET', '/api/users/profile', { cookie: elsewhere })).statusCode).toBe(401);

    expect((await login({ email: newEmail, password: TEST_PASSWORD })).statusCode).toBe(401);
    expect((await login({ email: newEmail, password: 'brand-new-password' })).statusCode).toBe(200);
  });

  test('profile update refuses a taken e-mail, a short password and a missing session', async () => {
    const { user: taken } = await ctx().shop.customer();
    const { user, cookie } = await ctx().shop.customer();
    const clash = await call('PUT', '/api/users/profile', { cookie, body: { name: 'Я', email: taken.email.toUpperCase(), currentPassword: TEST_PASSWORD } });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().code).toBe('EMAIL_TAKEN');
    // Keeping one's own e-mail is not a clash.
    expect((await call('PUT', '/api/users/profile', { cookie, body: { name: 'Я', email: user.email } })).statusCode).toBe(200);

    const short = await call('PUT', '/api/users/profile', { cookie, body: { name: 'Я', email: user.email, password: '1234567' } });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/password.*щонайменше 8/);
    const noName = await call('PUT', '/api/users/profile', { cookie, body: { name: '', email: user.email } });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toContain('name');

    const anonymous = await call('PUT', '/api/users/profile', { body: { name: 'Я', email: freshEmail() } });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe('Увійдіть, щоб продовжити');
    // The session is checked before the body is looked at.
    expect((await call('PUT', '/api/users/profile', { body: { name: 42 } })).statusCode).toBe(401);
  });

  test('changing the e-mail or the password needs the current password; the name alone does not', async () => {
    const { user, cookie } = await ctx().shop.customer();
    const newEmail = freshEmail();
    const missing = await call('PUT', '/api/users/profile', { cookie, body: { name: 'Я', email: newEmail } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'CURRENT_PASSWORD_REQUIRED', message: 'Щоб змінити електронну пошту чи пароль, введіть поточний пароль' });
    const wrong = await call('PUT', '/api/users/profile', {
      cookie,
      body: { name: 'Я', email: user.email, password: 'stolen-session-pw', currentPassword: 'a-guess' },
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ code: 'WRONG_CURRENT_PASSWORD', message: 'Поточний пароль невірний' });
    expect((await call('PUT', '/api/users/profile', { cookie, body: { name: 'Я', email: newEmail, currentPassword: 'a-guess' } })).statusCode).toBe(403);
    // Nothing changed: same e-mail, same password, the session still works.
    const [row] = await ctx().app.db.select().from(users).where(eq(users.id, user.id));
    expect(row.email).toBe(user.email);
    expect((await login({ email: user.email, password: TEST_PASSWORD })).statusCode).toBe(200);
    expect((await call('GET', '/api/users/profile', { cookie })).statusCode).toBe(200);
    // A new name needs no password.
    const renamed = await call('PUT', '/api/users/profile', { cookie, body: { name: 'Лише ім’я', email: user.email.toUpperCase() } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().name).toBe('Лише ім’я');
  });

  test('admin routes: 401 without a session, 403 for a customer, with Ukrainian messages', async () => {
    const { cookie: customerCookie } = await ctx().shop.customer();
    const { user: target } = await ctx().shop.customer();
    const routes: ['GET' | 'PUT' | 'DELETE', string, unknown?][] = [
      ['GET', '/api/users'],
      ['GET', `/api/users/${target.id}`],
      ['PUT', `/api/users/${target.id}`, { name: 'Зламано', email: freshEmail(), isAdmin: true }],
      ['DELETE', `/api/users/${target.id}`],
    ];
    for (const [method, url, body] of routes) {
      const anonymous = await call(method, url, { body });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      const forbidden = await call(method, url, { body, cookie: customerCookie });
      expect(forbidden.statusCode, `${method} ${url}`).toBe(403);
      expect(forbidden.json()).toEqual({ message: 'Лише для адміністраторів', code: 'ADMIN_ONLY' });
    }
    // Nothing changed.
    const [row] = await ctx().app.db.select().from(users).where(eq(users.id, target.id));
    expect(row).toMatchObject({ name: target.name, isAdmin: false });
  });

  test('an admin lists, reads and edits customers; e-mails stay unique', async () => {
    const { cookie } = await ctx().shop.admin();
    const { user: customer, cookie: customerCookie } = await ctx().shop.customer();
    const { user: other } = await ctx().shop.customer();

    const list = await call('GET', '/api/users', { cookie });
    expect(list.statusCode).toBe(200);
    const listed = list.json() as { _id: string }[];
    expect(listed).toEqual(
      expect.arrayContaining([{ id: customer.id, _id: customer.id, name: customer.name, email: customer.email, isAdmin: false, phone: null }]),
    );
    expectNoSecrets(listed);

    const one = await call('GET', `/api/users/${customer.id}`, { cookie });
    expect(one.json()).toEqual({ id: customer.id, _id: customer.id, name: customer.name, email: customer.email, isAdmin: false, phone: null });
    expect((await call('GET', '/api/users/not-a-uuid', { cookie })).statusCode).toBe(400);
    const missing = await call('GET', '/api/users/00000000-0000-4000-8000-000000000000', { cookie });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Користувача не знайдено');

    const email = freshEmail();
    const edited = await call('PUT', `/api/users/${customer.id}`, {
      cookie,
      body: { userId: 'ignored', name: 'Змінене ім’я', email: email.toUpperCase(), isAdmin: false },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toEqual({ id: customer.id, _id: customer.id, name: 'Змінене ім’я', email, isAdmin: false, phone: null });

    const clash = await call('PUT', `/api/users/${customer.id}`, { cookie, body: { name: 'X', email: other.email, isAdmin: false } });
    expect(clash.statusCode).toBe(409);
    const bad = await call('PUT', `/api/users/${customer.id}`, { cookie, body: { name: 'X', email: email, isAdmin: 'yes' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('isAdmin');

    // Making a customer an admin takes effect at once, with their existing session.
    expect((await call('GET', '/api/users', { cookie: customerCookie })).statusCode).toBe(403);
    const promoted = await call('PUT', `/api/users/${customer.id}`, { cookie, body: { name: 'Змінене ім’я', email, isAdmin: true } });
    expect(promoted.json().isAdmin).toBe(true);
    expect((await call('GET', '/api/users', { cookie: customerCookie })).statusCode).toBe(200);
  });

  test('admin accounts cannot be edited or deleted through the user admin routes; nobody deletes himself', async () => {
    const { user: admin, cookie } = await ctx().shop.admin();
    const { user: otherAdmin } = await ctx().shop.admin();

    const edit = await call('PUT', `/api/users/${otherAdmin.id}`, { cookie, body: { name: 'Понижений', email: otherAdmin.email, isAdmin: false } });
    expect(edit.statusCode).toBe(403);
    expect(edit.json()).toEqual({ message: 'Обліковий запис адміністратора не можна змінювати чи видаляти', code: 'ADMIN_PROTECTED' });
    const remove = await call('DELETE', `/api/users/${otherAdmin.id}`, { cookie });
    expect(remove.statusCode).toBe(403);
    expect(remove.json().code).toBe('ADMIN_PROTECTED');

    const self = await call('DELETE', `/api/users/${admin.id}`, { cookie });
    expect(self.statusCode).toBe(403);
    expect(self.json()).toEqual({ message: 'Не можна видалити власний обліковий запис', code: 'CANNOT_DELETE_SELF' });
    const selfEdit = await call('PUT', `/api/users/${admin.id}`, { cookie, body: { name: 'Я', email: admin.email, isAdmin: false } });
    expect(selfEdit.statusCode).toBe(403);

    const rows = await ctx().app.db.select().from(users).where(eq(users.isAdmin, true));
    expect(rows.map((r) => r.id)).toEqual(expect.arrayContaining([admin.id, otherAdmin.id]));
  });

  test('deleting a customer: their cookie dies at once, orders stay, reviews go and ratings follow', async () => {
    const { app, shop } = ctx();
    const { db } = app;
    const { cookie: adminCookie } = await shop.admin();
    const { user: customer } = await shop.customer();
    const { user: keeper } = await shop.customer();
    const customerCookie = cookieOf(await login({ email: customer.email, password: TEST_PASSWORD }));
    const product = await createProduct(db, { name: `Хміль для відгуків ${unique()}` });
    await db.insert(reviews).values([
      { productId: product.id, userId: customer.id, name: customer.name, rating: 1, comment: 'Погано' },
      { productId: product.id, userId: keeper.id, name: keeper.name, rating: 5, comment: 'Чудово' },
    ]);
    await db.update(products).set({ rating: 3, numReviews: 2 }).where(eq(products.id, product.id));
    const order = await createOrder(db, customer, [{ product, qty: 1 }]);

    const res = await call('DELETE', `/api/users/${customer.id}`, { cookie: adminCookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Користувача видалено' });

    expect((await call('GET', '/api/users/profile', { cookie: customerCookie })).statusCode).toBe(401);
    expect((await login({ email: customer.email, password: TEST_PASSWORD })).statusCode).toBe(401);
    const [kept] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(kept.userId).toBeNull();
    const left = await db.select().from(reviews).where(eq(reviews.productId, product.id));
    expect(left.map((r) => r.userId)).toEqual([keeper.id]);
    const [rated] = await db.select().from(products).where(eq(products.id, product.id));
    expect(rated).toMatchObject({ rating: 5, numReviews: 1 });
    const detail = await call('GET', `/api/products/${product.id}`);
    expect(detail.json()).toMatchObject({ rating: 5, numReviews: 1 });

    expect((await call('DELETE', `/api/users/${customer.id}`, { cookie: adminCookie })).statusCode).toBe(404);
  });
});

describeWithApp(
  'accounts API: brute-force limits',
  (ctx) => {
    const call = (url: string, body: unknown, ip: string) => ctx().app.inject({ method: 'POST', url, payload: body as object, remoteAddress: ip });

    test('per e-mail and address: failures lock the attacker out, never the owner', async () => {
      const { user } = await ctx().shop.customer();
      const attacker = freshIp();
      for (let i = 0; i < 3; i++) {
        expect((await call('/api/users/auth', { email: user.email, password: `guess-${i}` }, attacker)).statusCode).toBe(401);
      }
      // From the attacker's address even the right password no longer helps, and another case does not dodge it.
      const locked = await call('/api/users/auth', { email: user.email.toUpperCase(), password: TEST_PASSWORD }, attacker);
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toMatchObject({ code: 'TOO_MANY_ATTEMPTS', message: expect.stringMatching(/^Забагато спроб. Спробуйте знову через \d+ хв$/) });
      const retryAfter = Number(locked.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(10 * 60);
      // The owner, from their own address, signs in.
      expect((await call('/api/users/auth', { email: user.email, password: TEST_PASSWORD }, freshIp())).statusCode).toBe(200);
      // The attacker may try other accounts only until the per-address limit.
      const { user: other } = await ctx().shop.customer();
      expect((await call('/api/users/auth', { email: other.email, password: TEST_PASSWORD }, attacker)).statusCode).toBe(200);
    });

    test('guessing the current password through a session is limited like sign-in', async () => {
      const { user } = await ctx().shop.customer();
      const login = await call('/api/users/auth', { email: user.email, password: TEST_PASSWORD }, '10.9.9.9');
      const cookie = String(login.headers['set-cookie']).split(';')[0];
      const guess = (currentPassword: string) =>
        ctx().app.inject({
          method: 'PUT',
          url: '/api/users/profile',
          headers: { cookie },
          remoteAddress: '10.9.9.9',
          payload: { name: 'Я', email: freshEmail(), currentPassword },
        });
      for (let i = 0; i < 3; i++) expect((await guess(`guess-${i}`)).statusCode).toBe(403);
      expect((await guess(TEST_PASSWORD)).statusCode).toBe(429);
    });

    test('per e-mail: successful sign-ins never count', async () => {
      const { user } = await ctx().shop.customer();
      for (let i = 0; i < 6; i++) {
        expect((await call('/api/users/auth', { email: user.email, password: TEST_PASSWORD }, freshIp())).statusCode).toBe(200);
      }
    });

    test('per e-mail and address: registering a taken e-mail again and again is limited', async () => {
      const { user } = await ctx().shop.customer();
      const body = { name: 'Нападник', email: user.email, password: 'long-enough-1' };
      const ip = freshIp();
      for (let i = 0; i < 3; i++) expect((await call('/api/users', body, ip)).statusCode).toBe(409);
      expect((await call('/api/users', body, ip)).statusCode).toBe(429);
    });

    test('per IP: sign-ins and registrations together, whatever the e-mail', async () => {
      const ip = freshIp();
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        statuses.push((await call('/api/users/auth', { email: freshEmail(), password: 'whatever-1' }, ip)).statusCode);
      }
      statuses.push((await call('/api/users', { name: 'Новий', email: freshEmail(), password: 'long-enough-1' }, ip)).statusCode);
      // Even a malformed request counts: the IP is checked before the body is read.
      statuses.push((await call('/api/users/auth', { nonsense: true }, ip)).statusCode);
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
      const blocked = await call('/api/users/auth', { email: freshEmail(), password: 'x' }, ip);
      expect(blocked.headers['retry-after']).toBeDefined();
      expect(blocked.json().message).toMatch(/^Забагато спроб/);
      // Another address is unaffected.
      expect((await call('/api/users', { name: 'Сусід', email: freshEmail(), password: 'long-enough-1' }, freshIp())).statusCode).toBe(201);
    });
  },
  { env: { AUTH_RATE_LIMIT: '5', AUTH_RATE_LIMIT_EMAIL: '3', AUTH_RATE_WINDOW_MINUTES: '10' } },
);

const REDIS_URL = 'redis://127.0.0.1:6379';
const REDIS_SUITE = 'accounts API: limits shared through Redis';
const redisUp = await canConnect(6379);

const sharedLimitTests = (ctx: () => TestContext) => {
  let second: FastifyInstance;
  beforeAll(async () => {
    second = await buildApp(ctx().config, { database: ctx().database, logger: false });
  });
  afterAll(async () => {
    await second?.close();
  });

  test('two instances count failed sign-ins of one e-mail from one address together', async () => {
    const { user } = await ctx().shop.customer();
    const ip = freshIp();
    const attempt = (app: FastifyInstance, password: string) =>
      app.inject({ method: 'POST', url: '/api/users/auth', payload: { email: user.email, password }, remoteAddress: ip });
    expect((await attempt(ctx().app, 'guess-1')).statusCode).toBe(401);
    expect((await attempt(second, 'guess-2')).statusCode).toBe(401);
    expect((await attempt(ctx().app, 'guess-3')).statusCode).toBe(401);
    // The fourth attempt, on the other instance, finds the e-mail locked.
    const locked = await attempt(second, TEST_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  });

  test('two instances count requests of one IP together', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const app = i % 2 === 0 ? ctx().app : second;
      statuses.push(
        (await app.inject({ method: 'POST', url: '/api/users/auth', payload: { email: freshEmail(), password: 'x' }, remoteAddress: ip })).statusCode,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });
};

// CI must run these tests, so there a missing Redis is a failing test, not a skip. Locally they
// are reported as skipped, with the reason, rather than left out of the run without a word.
if (redisUp) {
  describeWithApp(REDIS_SUITE, sharedLimitTests, { env: { REDIS_URL, AUTH_RATE_LIMIT: '5', AUTH_RATE_LIMIT_EMAIL: '3' } });
} else if (process.env.CI) {
  test(`${REDIS_SUITE}: Redis answers at ${REDIS_URL}`, () => {
    throw new Error(`Redis is not reachable at ${REDIS_URL}; CI runs "${REDIS_SUITE}" against it.`);
  });
} else {
  console.warn(`Redis is not reachable at ${REDIS_URL}: "${REDIS_SUITE}" is skipped.`);
  describe.skip(`${REDIS_SUITE} (skipped: Redis is not reachable at ${REDIS_URL})`, () => sharedLimitTests(() => ({}) as TestContext));
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.connect(port, '127.0.0.1');
  });
}
