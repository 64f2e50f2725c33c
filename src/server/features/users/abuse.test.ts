import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, test } from 'vitest';
import { outboxMessages } from '../../db/schema.js';
import { describeWithApp } from '../../test/database.js';
import { freshIp } from '../../test/driver.js';
import { createUser, TEST_PASSWORD } from '../../test/factories.js';
import { commonPasswordCount, isCommonPassword } from './common-passwords.js';
import { DEVICE_COOKIE } from './rate-limit.js';

/** Attacks on accounts (docs/accounts.md): common passwords, spread-out guessing, old reset links. */

const signIn = (app: FastifyInstance, email: string, password: string, extra: { ip?: string; cookie?: string } = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/users/auth',
    payload: { email, password },
    remoteAddress: extra.ip ?? freshIp(),
    headers: extra.cookie ? { cookie: extra.cookie } : {},
  });

async function resetLink(app: FastifyInstance, email: string): Promise<string> {
  expect((await app.inject({ method: 'POST', url: '/api/users/password-reset', payload: { email }, remoteAddress: freshIp() })).statusCode).toBe(202);
  const letters = await app.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, email));
  const letter = letters.filter((m) => m.subject.startsWith('Зміна пароля')).at(-1)!;
  return /\/reset-password\?token=([A-Za-z0-9_-]{43})/.exec(letter.textBody)![1];
}
const useLink = (app: FastifyInstance, token: string, password = 'fresh-malt-password-5') =>
  app.inject({ method: 'POST', url: '/api/users/password-reset/confirm', payload: { token, password }, remoteAddress: freshIp() });

test('the offline list holds at least 10,000 common passwords', () => {
  expect(commonPasswordCount()).toBeGreaterThanOrEqual(10_000);
  for (const weak of ['12345678', 'password', 'qwertyuiop', 'Password1', 'iloveyou']) expect(isCommonPassword(weak)).toBe(true);
  expect(isCommonPassword('хмільний-кег-2026')).toBe(false);
});

describeWithApp(
  'account abuse',
  (ctx) => {
    test('12345678 and other common passwords are refused everywhere a password is set', async () => {
      const { app } = ctx();
      for (const password of ['12345678', 'password', 'Qwertyuiop']) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/users',
          payload: { name: 'Бот', email: `weak-${password}@example.com`, password },
          remoteAddress: freshIp(),
        });
        expect(res.statusCode).toBe(400);
        expect(['PASSWORD_TOO_COMMON', 'VALIDATION_ERROR']).toContain(res.json().code);
      }
      const weak = await app.inject({
        method: 'POST',
        url: '/api/users',
        payload: { name: 'Бот', email: 'weak@example.com', password: '12345678' },
        remoteAddress: freshIp(),
      });
      expect(weak.json()).toMatchObject({ code: 'PASSWORD_TOO_COMMON', message: expect.stringMatching(/надто поширений/) });

      const { user, cookie } = await ctx().shop.customer();
      const profile = await app.inject({
        method: 'PUT',
        url: '/api/users/profile',
        headers: { cookie },
        payload: { name: user.name, email: user.email, currentPassword: TEST_PASSWORD, password: 'iloveyou1' },
      });
      expect(profile.json().code).toBe('PASSWORD_TOO_COMMON');
      const link = await resetLink(app, user.email);
      expect((await useLink(app, link, '12345678')).json().code).toBe('PASSWORD_TOO_COMMON');
      // The refused attempt did not use the link up.
      expect((await useLink(app, link)).statusCode).toBe(200);
    });

    test('wrong passwords for one account from many addresses are slowed; the owner’s browser and a reset link still work', async () => {
      const { app } = ctx();
      const user = await createUser(app.db);
      // The owner signed in from this browser before: it carries the device cookie.
      const owner = await signIn(app, user.email, TEST_PASSWORD);
      expect(owner.statusCode).toBe(200);
      const device = owner.cookies.find((c) => c.name === DEVICE_COOKIE)!;
      expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
      const ownerCookie = `${DEVICE_COOKIE}=${device.value}`;

      // 300 guesses from 30 addresses, as in the attack.
      const statuses: number[] = [];
      for (let i = 0; i < 300; i++) statuses.push((await signIn(app, user.email, `guess-${i}`, { ip: `10.99.0.${i % 30}` })).statusCode);
      expect(statuses.filter((s) => s === 401).length).toBe(10);
      expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
      const refused = await signIn(app, user.email, 'guess-again');
      expect(refused.json()).toMatchObject({ code: 'ACCOUNT_THROTTLED', message: expect.stringMatching(/^Забагато невдалих спроб/) });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Even the right password waits from a browser the account has not seen.
      expect((await signIn(app, user.email, TEST_PASSWORD)).statusCode).toBe(429);

      // The owner's browser is not locked out.
      expect((await signIn(app, user.email, TEST_PASSWORD, { cookie: ownerCookie })).statusCode).toBe(200);
      // A forged or another account's device cookie does not help.
      expect((await signIn(app, user.email, TEST_PASSWORD, { cookie: `${DEVICE_COOKIE}=${device.value.slice(0, -2)}xx` })).statusCode).toBe(429);
      // A reset link always works, and the new password signs in from the owner's browser.
      expect((await useLink(app, await resetLink(app, user.email), 'brand-new-hops-99')).statusCode).toBe(200);
      expect((await signIn(app, user.email, 'brand-new-hops-99', { cookie: ownerCookie })).statusCode).toBe(200);
    });

    test('a reset link dies when the password changes on the profile', async () => {
      const { app } = ctx();
      const { user, cookie } = await ctx().shop.customer();
      const link = await resetLink(app, user.email);
      const changed = await app.inject({
        method: 'PUT',
        url: '/api/users/profile',
        headers: { cookie },
        payload: { name: user.name, email: user.email, currentPassword: TEST_PASSWORD, password: 'another-brew-pass-3' },
      });
      expect(changed.statusCode).toBe(200);
      expect((await useLink(app, link)).json().code).toBe('RESET_TOKEN_INVALID');
    });

    test('a link sent to the old e-mail dies when the e-mail changes', async () => {
      const { app } = ctx();
      const { user, cookie } = await ctx().shop.customer();
      const link = await resetLink(app, user.email);
      const moved = await app.inject({
        method: 'PUT',
        url: '/api/users/profile',
        headers: { cookie },
        payload: { name: user.name, email: `moved-${user.email}`, currentPassword: TEST_PASSWORD },
      });
      expect(moved.statusCode).toBe(200);
      expect((await useLink(app, link)).json().code).toBe('RESET_TOKEN_INVALID');
    });

    test('only the newest reset link works', async () => {
      const { app } = ctx();
      const user = await createUser(app.db);
      const first = await resetLink(app, user.email);
      const second = await resetLink(app, user.email);
      expect((await useLink(app, first)).json().code).toBe('RESET_TOKEN_INVALID');
      expect((await useLink(app, second)).statusCode).toBe(200);
    });
  },
  { env: { AUTH_RATE_LIMIT_EMAIL: '10', AUTH_ACCOUNT_FAILURES_PER_MINUTE: '10' } },
);
