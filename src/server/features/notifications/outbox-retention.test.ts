import { randomUUID } from 'node:crypto';
import { eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeEach, expect, test } from 'vitest';
import type { OutboxList, OutboxMessage } from '../../../shared/outbox.js';
import { outboxMessages } from '../../db/schema.js';
import { describeWithApp } from '../../test/database.js';
import { createProduct } from '../../test/factories.js';
import { startFakeSmtp } from '../../test/fakes/smtp.js';
import { startFakeTelegram } from '../../test/fakes/telegram.js';
import { useShopSettings } from '../../test/payment-methods.js';
import { REDACTED_BODY } from './outbox.js';

const smtp = await startFakeSmtp();
const telegram = await startFakeTelegram();
afterAll(async () => {
  await smtp.stop();
  await telegram.close();
});

const CHAT_ID = '-1009876543210';
const SHOP_EMAIL = 'orders@khmilna.example';
const MAX_ATTEMPTS = 3;
const ADDRESS = { address: 'Ольга Кобилянська', city: 'Чернівці', phoneNumber: '+380501234567', country: 'Відділення №1: вул. Головна, 1' };

/** Makes every unsent notice due now (the worker's back-off would otherwise wait). */
const makeDue = (app: FastifyInstance) =>
  app.db
    .update(outboxMessages)
    .set({ nextAttemptAt: new Date(Date.now() - 1000) })
    .where(isNull(outboxMessages.sentAt));

async function queueLetter(app: FastifyInstance, overrides: Partial<typeof outboxMessages.$inferInsert> = {}) {
  const [row] = await app.db
    .insert(outboxMessages)
    .values({ channel: 'email', recipient: 'buyer@example.com', subject: 'Тест', textBody: 'Текст', ...overrides })
    .returning();
  return row;
}

describeWithApp(
  'outbox retention, dead notices and the admin retry',
  (ctx) => {
    useShopSettings(ctx);
    beforeEach(async () => {
      await smtp.start();
      telegram.mode = 'ok';
      await ctx().app.db.delete(outboxMessages);
    });

    test('a notice that fails OUTBOX_MAX_ATTEMPTS times is parked as dead, the owner told on Telegram; an admin retry sends it', async () => {
      const { app, shop } = ctx();
      const letter = await queueLetter(app, { subject: 'Замовлення №1001 прийнято' });
      await smtp.stop();
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        await makeDue(app);
        const round = await app.outbox.flush();
        expect(round.failed).toBeGreaterThanOrEqual(1);
      }
      const [dead] = await app.db.select().from(outboxMessages).where(eq(outboxMessages.id, letter.id));
      expect(dead.deadAt).not.toBeNull();
      expect(dead.attempts).toBe(MAX_ATTEMPTS);
      expect(dead.lastError).toBeTruthy();

      // No more attempts, however long one waits.
      await makeDue(app);
      await smtp.start();
      const before = smtp.received.length;
      const telegramBefore = telegram.messages.length;
      await app.outbox.flush();
      expect(smtp.received.length).toBe(before);
      expect(telegram.messages.slice(telegramBefore).map((m) => m.text)).toEqual([
        expect.stringContaining('«Замовлення №1001 прийнято» для buyer@example.com не надіслано після 3 спроб'),
      ]);

      const { cookie } = await shop.admin();
      const list = await app.inject({ method: 'GET', url: '/api/admin/outbox?state=dead', headers: { cookie } });
      expect(list.statusCode).toBe(200);
      const listed = (list.json() as OutboxList).messages;
      expect(listed.map((m) => m.id)).toEqual([letter.id]);
      expect(listed[0]).toMatchObject({ channel: 'email', recipient: 'buyer@example.com', attempts: MAX_ATTEMPTS });
      expect(listed[0]).not.toHaveProperty('textBody');

      const retried = await app.inject({ method: 'POST', url: `/api/admin/outbox/${letter.id}/retry`, headers: { cookie } });
      expect(retried.statusCode).toBe(200);
      expect(retried.json() as OutboxMessage).toMatchObject({ id: letter.id, deadAt: null, attempts: 0 });
      expect(await app.outbox.flush()).toMatchObject({ sent: 1, failed: 0 });
      expect(smtp.received.slice(before).map((m) => m.subject)).toEqual(['Замовлення №1001 прийнято']);
      expect(((await app.inject({ method: 'GET', url: '/api/admin/outbox?state=dead', headers: { cookie } })).json() as OutboxList).messages).toEqual([]);
      const sent = ((await app.inject({ method: 'GET', url: '/api/admin/outbox?state=sent', headers: { cookie } })).json() as OutboxList).messages;
      expect(sent.map((m) => m.id)).toContain(letter.id);
    });

    test('a failure below the limit is retried later with back-off, not parked', async () => {
      const { app } = ctx();
      const letter = await queueLetter(app);
      await smtp.stop();
      await app.outbox.flush();
      const [row] = await app.db.select().from(outboxMessages).where(eq(outboxMessages.id, letter.id));
      expect(row.deadAt).toBeNull();
      expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    });

    test('retry refuses what is not dead, unknown ids and bad input; the list and the retry are an admin’s', async () => {
      const { app, shop } = ctx();
      const { cookie } = await shop.admin();
      const pending = await queueLetter(app);
      const notDead = await app.inject({ method: 'POST', url: `/api/admin/outbox/${pending.id}/retry`, headers: { cookie } });
      expect(notDead.statusCode).toBe(409);
      expect(notDead.json().code).toBe('OUTBOX_MESSAGE_NOT_DEAD');
      const unknown = await app.inject({ method: 'POST', url: `/api/admin/outbox/${randomUUID()}/retry`, headers: { cookie } });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().code).toBe('OUTBOX_MESSAGE_NOT_FOUND');
      expect((await app.inject({ method: 'POST', url: '/api/admin/outbox/not-a-uuid/retry', headers: { cookie } })).statusCode).toBe(400);
      expect((await app.inject({ method: 'GET', url: '/api/admin/outbox?state=lost', headers: { cookie } })).json().code).toBe('VALIDATION_ERROR');
      const pendingList = (await app.inject({ method: 'GET', url: '/api/admin/outbox?state=pending', headers: { cookie } })).json() as OutboxList;
      expect(pendingList.messages.map((m) => m.id)).toEqual([pending.id]);

      const { cookie: customer } = await shop.customer();
      expect((await app.inject({ method: 'GET', url: '/api/admin/outbox' })).statusCode).toBe(401);
      expect((await app.inject({ method: 'GET', url: '/api/admin/outbox', headers: { cookie: customer } })).statusCode).toBe(403);
      expect((await app.inject({ method: 'POST', url: `/api/admin/outbox/${pending.id}/retry`, headers: { cookie: customer } })).statusCode).toBe(403);
    });

    test('sent notices older than OUTBOX_RETENTION_DAYS are deleted; newer, unsent and dead ones stay', async () => {
      const { app } = ctx();
      const day = 24 * 60 * 60_000;
      const old = await queueLetter(app, { sentAt: new Date(Date.now() - 8 * day) });
      const recent = await queueLetter(app, { sentAt: new Date(Date.now() - 6 * day) });
      const unsent = await queueLetter(app, { createdAt: new Date(Date.now() - 30 * day), nextAttemptAt: new Date(Date.now() + day) });
      const dead = await queueLetter(app, { deadAt: new Date(Date.now() - 30 * day) });
      // A worker prunes on its first round, then hourly; this app's worker has had its first round.
      const { startOutboxWorker } = await import('./outbox-worker.js');
      const { createMailer } = await import('./mailer.js');
      const worker = startOutboxWorker({
        db: app.db,
        mailer: createMailer(app.config.mail, app.log),
        telegram: undefined,
        log: app.log,
        maxAttempts: 3,
        retentionMs: 7 * day,
        intervalMs: 0,
      });
      await worker.flush();
      await worker.stop();
      const left = await app.db
        .select({ id: outboxMessages.id })
        .from(outboxMessages)
        .where(inArray(outboxMessages.id, [old.id, recent.id, unsent.id, dead.id]));
      expect(left.map((r) => r.id).sort()).toEqual([recent.id, unsent.id, dead.id].sort());
    });

    test('a guest’s letter with the order’s secret link keeps no link once sent; the shop’s letters keep their text', async () => {
      const { app, shop } = ctx();
      const product = await createProduct(app.db, { priceMinor: 500_00 });
      const res = await shop.placeOrder({ as: 'guest', lines: [{ product: product.id, qty: 1 }], shippingAddress: ADDRESS, email: 'guest@example.com' });
      expect(res.status).toBe(201);
      const { accessToken, id } = res.body;
      const queued = await app.db.select().from(outboxMessages).where(eq(outboxMessages.orderId, id));
      const guestLetter = queued.find((m) => m.recipient === 'guest@example.com')!;
      expect(guestLetter.textBody).toContain(accessToken);
      expect(guestLetter.holdsSecret).toBe(true);
      expect(queued.filter((m) => m.holdsSecret)).toHaveLength(1);

      const before = smtp.received.length;
      await app.outbox.flush();
      expect(smtp.received.slice(before).find((m) => m.to.includes('guest@example.com'))?.text).toContain(accessToken);

      const stored = await app.db.select().from(outboxMessages).where(eq(outboxMessages.orderId, id));
      const everything = stored.map((m) => `${m.subject} ${m.textBody} ${m.htmlBody ?? ''}`).join('\n');
      expect(everything).not.toContain(accessToken);
      const sentGuestLetter = stored.find((m) => m.id === guestLetter.id)!;
      expect(sentGuestLetter).toMatchObject({ textBody: REDACTED_BODY, htmlBody: null });
      expect(sentGuestLetter.sentAt).not.toBeNull();
      const shopLetter = stored.find((m) => m.recipient === SHOP_EMAIL)!;
      expect(shopLetter.textBody).not.toBe(REDACTED_BODY);
    });

    test('a password-reset letter keeps no link once sent', async () => {
      const { app, shop } = ctx();
      const { user } = await shop.customer();
      expect((await app.inject({ method: 'POST', url: '/api/users/password-reset', payload: { email: user.email } })).statusCode).toBe(202);
      await app.outbox.flush();
      const stored = await app.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, user.email));
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({ textBody: REDACTED_BODY, htmlBody: null, holdsSecret: true });
    });
  },
  {
    env: {
      SMTP_URL: smtp.url,
      SHOP_NOTIFY_EMAIL: SHOP_EMAIL,
      TELEGRAM_BOT_TOKEN: telegram.token,
      TELEGRAM_CHAT_ID: CHAT_ID,
      TELEGRAM_API_URL: telegram.url,
      OUTBOX_MAX_ATTEMPTS: String(MAX_ATTEMPTS),
    },
  },
);
