import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, test } from 'vitest';
import { outboxMessages, passwordResetTokens } from '../../db/schema.js';
import { describeWithApp } from '../../test/database.js';
import { freshIp } from '../../test/driver.js';
import { createUser, TEST_PASSWORD } from '../../test/factories.js';
import { confirmPasswordReset, RESET_TOKEN_TTL_MS } from './password-reset.js';

const NEW_PASSWORD = 'new-brew-password-77';

/** Each call from its own address unless told, so the per-address limit never touches other tests. */
async function requestReset(app: FastifyInstance, email: string, ip = freshIp()) {
  const res = await app.inject({ method: 'POST', url: '/api/users/password-reset', payload: { email }, remoteAddress: ip });
  return { status: res.statusCode, body: res.json() as { message: string } };
}

/** The link in the newest reset letter to this address, as the shopper would click it. */
async function tokenMailedTo(app: FastifyInstance, email: string): Promise<string> {
  const letters = await app.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, email));
  const letter = letters.filter((m) => m.subject.startsWith('Зміна пароля')).at(-1)!;
  return /\/reset-password\?token=([A-Za-z0-9_-]{43})/.exec(letter.textBody)![1];
}

const confirm = (app: FastifyInstance, token: string, password = NEW_PASSWORD) =>
  app.inject({ method: 'POST', url: '/api/users/password-reset/confirm', payload: { token, password }, remoteAddress: freshIp() });
const signIn = (app: FastifyInstance, email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/users/auth', payload: { email, password }, remoteAddress: freshIp() });

describeWithApp('password reset', (ctx) => {
  test('the same 202 for known and unknown addresses; only a known one gets a letter with a link', async () => {
    const { app } = ctx();
    const user = await createUser(app.db);
    const known = await requestReset(app, user.email.toUpperCase());
    const unknown = await requestReset(app, 'nobody-here@example.com');
    expect(known).toEqual(unknown);
    expect(known.status).toBe(202);
    const letters = await app.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, user.email));
    expect(letters).toHaveLength(1);
    expect(letters[0].textBody).toContain(`${app.config.siteUrl}/reset-password?token=`);
    expect(await app.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, 'nobody-here@example.com'))).toEqual([]);
    // Only a hash of the token is kept.
    const token = await tokenMailedTo(app, user.email);
    const stored = await app.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(stored.map((s) => s.tokenHash)).not.toContain(token);
  });

  test('the link sets the password once and ends every session', async () => {
    const { app } = ctx();
    const { user, cookie } = await ctx().shop.customer();
    expect((await app.inject({ url: '/api/users/profile', headers: { cookie } })).statusCode).toBe(200);
    await requestReset(app, user.email);
    const token = await tokenMailedTo(app, user.email);

    expect((await confirm(app, token, 'short')).statusCode).toBe(400);
    const done = await confirm(app, token);
    expect(done.statusCode).toBe(200);
    expect((await app.inject({ url: '/api/users/profile', headers: { cookie } })).statusCode).toBe(401);
    expect((await signIn(app, user.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await signIn(app, user.email, NEW_PASSWORD)).statusCode).toBe(200);

    const again = await confirm(app, token, 'another-password-1');
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('RESET_TOKEN_INVALID');
  });

  test('a link older than an hour, an unknown or malformed token, and an older link after a reset are refused', async () => {
    const { app } = ctx();
    const user = await createUser(app.db);
    await requestReset(app, user.email);
    const first = await tokenMailedTo(app, user.email);
    await expect(confirmPasswordReset(app.db, first, NEW_PASSWORD, new Date(Date.now() + RESET_TOKEN_TTL_MS + 1000))).rejects.toMatchObject({
      code: 'RESET_TOKEN_INVALID',
    });
    expect((await confirm(app, 'A'.repeat(43))).json().code).toBe('RESET_TOKEN_INVALID');
    for (const bad of ['', 'short', 'x'.repeat(43).replace(/x$/, '!'), 42]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/users/password-reset/confirm',
        payload: { token: bad, password: NEW_PASSWORD },
        remoteAddress: freshIp(),
      });
      expect(res.statusCode).toBe(400);
    }
    await requestReset(app, user.email);
    const second = await tokenMailedTo(app, user.email);
    expect((await confirm(app, second)).statusCode).toBe(200);
    // The first link (still within its hour) died with the reset.
    expect((await confirm(app, first, 'yet-another-password')).statusCode).toBe(400);
    expect((await requestReset(app, 'not-an-email')).status).toBe(400);
  });

  test('two confirms of one link at once: one wins', async () => {
    const { app } = ctx();
    const user = await createUser(app.db);
    await requestReset(app, user.email);
    const token = await tokenMailedTo(app, user.email);
    const results = await Promise.all([confirm(app, token, 'first-password-1'), confirm(app, token, 'second-password-2')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  test('requests are limited per address', async () => {
    const { app } = ctx();
    const statuses = [];
    for (let i = 0; i < 7; i++) statuses.push((await requestReset(app, `someone-${i}@example.com`, '10.9.9.9')).status);
    expect(statuses.slice(0, 5)).toEqual([202, 202, 202, 202, 202]);
    expect(statuses.at(-1)).toBe(429);
  });
});
