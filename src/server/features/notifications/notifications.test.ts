import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Order } from '../../../shared/orders.js';
import { orders, outboxMessages } from '../../db/schema.js';
import { describeWithApp } from '../../test/database.js';
import { DEFAULT_SETTINGS } from '../../../shared/settings.js';
import { saveSettings } from '../settings/index.js';
import { ALL_METHODS_ENV, useShopSettings } from '../../test/payment-methods.js';
import type { ShopDriver, SignedIn } from '../../test/driver.js';
import { createProduct } from '../../test/factories.js';
import { startFakeSmtp } from '../../test/fakes/smtp.js';
import { startFakeTelegram } from '../../test/fakes/telegram.js';
import { formatUahMinor } from '../../../shared/pricing.js';

const smtp = await startFakeSmtp();
const telegram = await startFakeTelegram();
afterAll(async () => {
  await smtp.stop();
  await telegram.close();
});

const ADDRESS = { address: 'Марія Заньковецька', city: 'Ніжин', phoneNumber: '+380671234567', country: 'Відділення №2: вул. Гоголя, 5' };
const SHOP_EMAIL = 'orders@khmilna.example';
const CHAT_ID = '-1001234567890';

/** A shopper's order of `qty` units of the product, paid by `paymentMethod`, to a branch in Ніжин. */
async function place(shop: ShopDriver, as: SignedIn, productId: string, paymentMethod: string, qty = 1) {
  const { status, body } = await shop.placeOrder({ as, lines: [{ product: productId, qty }], shippingAddress: ADDRESS, paymentMethod });
  return { status, order: body };
}

const mailTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));
const pending = (app: FastifyInstance, orderId: string) => app.db.select().from(outboxMessages).where(eq(outboxMessages.orderId, orderId));

test('money in the letters reads the Ukrainian way', () => {
  expect(formatUahMinor(130_500)).toBe('1\u00a0305\u00a0грн');
  expect(formatUahMinor(1_250)).toBe('12,50\u00a0грн');
});

describeWithApp(
  'order notices',
  (ctx) => {
    useShopSettings(ctx);
    test('a new order: the shopper’s letter with payment details, the shop’s letter and a Telegram message, each sent once', async () => {
      const { app, shop } = ctx();
      const product = await createProduct(app.db, { name: 'Хміль Saaz', priceMinor: 1305_00, countInStock: 55 });
      const customer = await shop.customer();
      const shopper = customer.user;
      const { order } = await place(shop, customer, product.id, 'NovaPoshta');

      const queued = await pending(app, order.id);
      expect(queued.map((m) => `${m.channel}:${m.recipient}`).sort()).toEqual([`email:${SHOP_EMAIL}`, `email:${shopper.email}`, `telegram:${CHAT_ID}`].sort());
      expect(queued.every((m) => m.sentAt === null)).toBe(true);

      const before = { mail: smtp.received.length, telegram: telegram.messages.length };
      expect(await app.outbox.flush()).toEqual({ sent: 3, failed: 0 });
      expect(await app.outbox.flush()).toEqual({ sent: 0, failed: 0 });
      expect(smtp.received.length - before.mail).toBe(2);
      expect(telegram.messages.length - before.telegram).toBe(1);

      const [letter] = mailTo(shopper.email);
      expect(letter.subject).toBe(`Замовлення №${order.number} прийнято — Хмільна крамниця`);
      expect(letter.text).toContain(`Дякуємо! Ваше замовлення №${order.number} прийнято.`);
      expect(letter.text).toContain('Оплата при отриманні у відділенні Нової пошти');
      expect(letter.text).toContain(`Разом: ${formatUahMinor(order.totalPrice * 100)}`);
      expect(letter.text).toContain(`/order/${order.id}`);
      expect(letter.html).toContain('<li>Хміль Saaz, 1 кг — 1 × 1\u00a0305\u00a0грн</li>');
      expect(letter.html).toContain(`Ніжин, Відділення №2: вул. Гоголя, 5`);

      const [shopLetter] = mailTo(SHOP_EMAIL);
      expect(shopLetter.subject).toMatch(new RegExp(`^Нове замовлення №${order.number} — `));
      expect(shopLetter.text).toContain('Марія Заньковецька, +380671234567');

      const message = telegram.messages.at(-1)!;
      expect(message.chat_id).toBe(CHAT_ID);
      expect(message.text).toContain(`Нове замовлення №${order.number}`);
      expect(message.text).toContain('• Хміль Saaz, 1 кг × 1');
      expect((await pending(app, order.id)).every((m) => m.sentAt !== null && m.attempts === 1)).toBe(true);
    });

    test('paid, shipped (with the ТТН and a tracking link) and cancelled reach the shopper', async () => {
      const { app, shop } = ctx();
      const product = await createProduct(app.db, { countInStock: 55 });
      const customer = await shop.customer();
      const shopper = customer.user;
      const admin = await shop.admin();
      const { order } = await place(shop, customer, product.id, 'PrivatBank');
      expect((await shop.orderStep(order.id, 'mark-paid', admin)).status).toBe(200);
      expect((await shop.orderStep(order.id, 'ship', admin, { trackingNumber: '59001234567890' })).status).toBe(200);
      await app.outbox.flush();
      const subjects = mailTo(shopper.email).map((m) => m.subject);
      expect(subjects).toEqual([
        `Замовлення №${order.number} прийнято — Хмільна крамниця`,
        `Замовлення №${order.number} оплачено — Хмільна крамниця`,
        `Замовлення №${order.number} відправлено — ТТН 59001234567890`,
      ]);
      const shipped = mailTo(shopper.email).at(-1)!;
      expect(shipped.text).toContain('Номер ТТН: 59001234567890.');
      expect(shipped.html).toContain('href="https://novaposhta.ua/tracking/?cargo_number=59001234567890"');
      // Bank transfer: the letter on placing says how and how much to pay.
      expect(mailTo(shopper.email)[0].text).toContain(`У призначенні платежу вкажіть «Замовлення №${order.number}»`);

      const second = await place(shop, customer, product.id, 'PayPal');
      await shop.orderStep(second.order.id, 'cancel', customer);
      await app.outbox.flush();
      expect(mailTo(shopper.email).at(-1)!.subject).toBe(`Замовлення №${second.order.number} скасовано — Хмільна крамниця`);
    });

    test('a refused order sends nothing: the notices roll back with it', async () => {
      const { app, shop } = ctx();
      const product = await createProduct(app.db, { countInStock: 1 });
      const customer = await shop.customer();
      const [{ n: before }] = await app.db.select({ n: sql<number>`count(*)::int` }).from(outboxMessages);
      expect((await place(shop, customer, product.id, 'PayPal', 2)).status).toBe(409);
      const [{ n: after }] = await app.db.select({ n: sql<number>`count(*)::int` }).from(outboxMessages);
      expect(after).toBe(before);
    });

    test('SMTP down, then back: the letters wait with back-off and go out once', async () => {
      const { app, shop } = ctx();
      const product = await createProduct(app.db, { countInStock: 55 });
      const customer = await shop.customer();
      const shopper = customer.user;
      await smtp.stop();
      try {
        const { order } = await place(shop, customer, product.id, 'NovaPoshta');
        const round = await app.outbox.flush();
        expect(round).toEqual({ sent: 1, failed: 2 }); // Telegram went; both letters failed.
        const failed = (await pending(app, order.id)).filter((m) => m.channel === 'email');
        for (const message of failed) {
          expect(message).toMatchObject({ sentAt: null, attempts: 1 });
          expect(message.lastError).toMatch(/ECONNREFUSED|connect/i);
          expect(message.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
        }
        // Not due yet: nothing is tried again.
        expect(await app.outbox.flush()).toEqual({ sent: 0, failed: 0 });
        await smtp.start();
        // The back-off has passed.
        await app.db
          .update(outboxMessages)
          .set({ nextAttemptAt: new Date(Date.now() - 1000) })
          .where(eq(outboxMessages.orderId, order.id));
        expect(await app.outbox.flush()).toEqual({ sent: 2, failed: 0 });
        expect(mailTo(shopper.email).filter((m) => m.subject.includes(`№${order.number} `))).toHaveLength(1);
        expect((await pending(app, order.id)).every((m) => m.sentAt !== null)).toBe(true);
      } finally {
        await smtp.start();
      }
    });

    test('Telegram refusing or down is retried later, the letters are not held up', async () => {
      const { app, shop } = ctx();
      const product = await createProduct(app.db, { countInStock: 55 });
      const customer = await shop.customer();
      for (const mode of ['flood', 'down'] as const) {
        telegram.mode = mode;
        const { order } = await place(shop, customer, product.id, 'PayPal');
        expect(await app.outbox.flush()).toEqual({ sent: 2, failed: 1 });
        const [message] = (await pending(app, order.id)).filter((m) => m.channel === 'telegram');
        expect(message.sentAt).toBeNull();
        expect(message.lastError).toMatch(mode === 'flood' ? /429/ : /502/);
        expect(message.lastError).not.toContain(telegram.token);
        telegram.mode = 'ok';
        await app.db
          .update(outboxMessages)
          .set({ nextAttemptAt: new Date(Date.now() - 1000) })
          .where(eq(outboxMessages.id, message.id));
        expect(await app.outbox.flush()).toEqual({ sent: 1, failed: 0 });
      }
    });

    test('two workers at once (two instances) send each message once', async () => {
      const { app, shop } = ctx();
      const product = await createProduct(app.db, { countInStock: 50 });
      const customer = await shop.customer();
      for (let i = 0; i < 4; i++) await place(shop, customer, product.id, 'PayPal');
      const before = smtp.received.length;
      const { startOutboxWorker } = await import('./outbox-worker.js');
      const { createMailer } = await import('./mailer.js');
      const other = startOutboxWorker({
        db: app.db,
        mailer: createMailer(app.config.mail, app.log),
        telegram: app.config.telegram,
        log: app.log,
        maxAttempts: app.config.outbox.maxAttempts,
        retentionMs: app.config.outbox.retentionMs,
        intervalMs: 0,
      });
      const rounds = await Promise.all([app.outbox.flush(), other.flush()]);
      await other.stop();
      expect(rounds.reduce((n, r) => n + r.sent, 0)).toBe(12);
      expect(smtp.received.length - before).toBe(8);
    });
  },
  {
    env: {
      ...ALL_METHODS_ENV,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Хмільна крамниця <shop@khmilna.example>',
      SHOP_NOTIFY_EMAIL: SHOP_EMAIL,
      TELEGRAM_BOT_TOKEN: telegram.token,
      TELEGRAM_CHAT_ID: CHAT_ID,
      TELEGRAM_API_URL: telegram.url,
    },
  },
);

const SETTINGS_EMAIL = 'zamovlennia@khmilna.example';
describeWithApp(
  'order notices from the shop settings',
  (ctx) => {
    beforeAll(async () => {
      await saveSettings(ctx().app.db, {
        ...DEFAULT_SETTINGS,
        shop: {
          name: 'Хмільна крамниця «Солод»',
          phone: '+380441234567',
          email: SETTINGS_EMAIL,
          address: 'Київ, вул. Хмільна, 1',
          legalName: 'ФОП Коваленко Ірина Петрівна',
          taxId: '1234567899',
          hours: '',
          description: '',
          about: '',
        },
        transfer: { cardNumber: '5168745612345675', iban: 'UA213223130000026007233566001', recipient: 'ФОП Коваленко Ірина Петрівна' },
      });
    });

    test('a transfer order: the letter names the settings’ card, IBAN, recipient, the exact sum and the purpose; the shop copy goes to the settings e-mail', async () => {
      const { app, shop } = ctx();
      const product = await createProduct(app.db, { name: 'Дріжджі US-05', priceMinor: 652_50, countInStock: 55 });
      const customer = await shop.customer();
      const shopper = customer.user;
      const before = smtp.received.length;
      const { status, order } = await place(shop, customer, product.id, 'PrivatBank', 2);
      expect(status).toBe(201);
      await app.outbox.flush();
      // This database's letters only: the other pass of this file shares the mail server and order numbers.
      const received = smtp.received.slice(before);

      const [letter] = received.filter((m) => m.to.includes(shopper.email));
      expect(letter.subject).toBe(`Замовлення №${order.number} прийнято — Хмільна крамниця «Солод»`);
      // From: the shop's name as the settings say, at MAIL_FROM's address; replies go to the shop's e-mail.
      expect(letter.fromHeader).toMatch(/^"?Хмільна крамниця «Солод»"? ?<shop@khmilna\.example>$/);
      expect(letter.from).toBe('shop@khmilna.example');
      expect(letter.replyTo).toBe(SETTINGS_EMAIL);
      const total = formatUahMinor(Math.round(order.totalPrice * 100));
      expect(letter.text).toContain(`Сплатіть ${total} переказом:`);
      expect(letter.text).toContain('картка 5168745612345675');
      expect(letter.text).toContain('IBAN UA213223130000026007233566001');
      expect(letter.text).toContain('отримувач ФОП Коваленко Ірина Петрівна');
      expect(letter.text).toContain(`У призначенні платежу вкажіть «Замовлення №${order.number}»`);
      for (const line of ['+380441234567, zamovlennia@khmilna.example', 'Київ, вул. Хмільна, 1', 'ФОП Коваленко Ірина Петрівна, ЄДРПОУ/ІПН 1234567899']) {
        expect(letter.text).toContain(line);
      }
      expect(letter.html).toContain('IBAN UA213223130000026007233566001');

      const shopCopies = received.filter((m) => m.to.includes(SETTINGS_EMAIL));
      expect(shopCopies).toHaveLength(1);
      expect(shopCopies[0].subject).toBe(`Нове замовлення №${order.number} — ${total}`);
    });

    test('a guest order: the letter goes to the guest e-mail with the order’s secret link, and that link opens the order', async () => {
      const { app, shop } = ctx();
      const product = await createProduct(app.db, { countInStock: 55 });
      const before = smtp.received.length;
      const res = await shop.placeOrder({
        as: 'guest',
        lines: [{ product: product.id, qty: 1 }],
        shippingAddress: ADDRESS,
        paymentMethod: 'PrivatBank',
        email: 'gist@example.com',
      });
      expect(res.status).toBe(201);
      const placed = res.body;
      await app.outbox.flush();

      const letters = smtp.received.slice(before).filter((m) => m.to.includes('gist@example.com'));
      expect(letters).toHaveLength(1);
      expect(letters[0].subject).toBe(`Замовлення №${placed.number} прийнято — Хмільна крамниця «Солод»`);
      expect(letters[0].text).toContain('IBAN UA213223130000026007233566001');
      const link = /(https?:\/\/\S+\/order\/guest\/[A-Za-z0-9_-]+)/.exec(letters[0].text)?.[1];
      expect(link).toBe(`${app.config.siteUrl}/order/guest/${placed.accessToken}`);
      expect(letters[0].html).toContain(`href="${link}"`);

      const token = link!.slice(link!.lastIndexOf('/') + 1);
      const opened = await app.inject({ method: 'GET', url: `/api/orders/guest/${token}` });
      expect(opened.statusCode).toBe(200);
      expect((opened.json() as Order).id).toBe(placed.id);
      // Only the shop copy and the guest letter were queued: the secret was in the guest's letter
      // alone, and once sent that letter keeps no text (docs/notifications.md).
      const queued = await pending(app, placed.id);
      expect(queued.map((m) => m.recipient).sort()).toEqual(['gist@example.com', SETTINGS_EMAIL].sort());
      expect(queued.filter((m) => m.holdsSecret).map((m) => m.recipient)).toEqual(['gist@example.com']);
      expect(queued.filter((m) => `${m.textBody} ${m.htmlBody ?? ''}`.includes(token))).toEqual([]);

      // A later letter to the guest has no order link (the secret is not kept), but still arrives.
      const cancelled = await app.db.transaction(async (tx) => {
        const { queueOrderNotices, noticeSettingsOf } = await import('./queue-order-notices.js');
        const [row] = await tx.select().from(orders).where(eq(orders.id, placed.id));
        await queueOrderNotices(tx, noticeSettingsOf(app.config), 'cancelled', row);
        return row;
      });
      await app.outbox.flush();
      const last = mailTo('gist@example.com').at(-1)!;
      expect(last.subject).toBe(`Замовлення №${cancelled.number} скасовано — Хмільна крамниця «Солод»`);
      expect(last.text).not.toContain('/order/');
    });
  },
  { env: { ...ALL_METHODS_ENV, SMTP_URL: smtp.url, MAIL_FROM: 'Хмільна крамниця <shop@khmilna.example>' } },
);

const mailDir = path.join('/tmp', `shop-mail-test-${process.pid}`);
describeWithApp(
  'order notices without SMTP',
  (ctx) => {
    useShopSettings(ctx);
    test('each letter is written as an .eml file under DATA_DIR/mail', async () => {
      const { app, shop } = ctx();
      rmSync(path.join(mailDir, 'mail'), { recursive: true, force: true });
      const product = await createProduct(app.db);
      const customer = await shop.customer();
      const shopper = customer.user;
      const { order } = await place(shop, customer, product.id, 'PayPal');
      // The shopper's letter and the shop's copy (to the settings e-mail: no SHOP_NOTIFY_EMAIL here).
      expect(await app.outbox.flush()).toEqual({ sent: 2, failed: 0 });
      const dir = path.join(mailDir, 'mail');
      expect(existsSync(dir)).toBe(true);
      const files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
      expect(files).toHaveLength(2);
      const emls = files.map((file) => readFileSync(path.join(dir, file), 'utf8'));
      const header = (name: string, value: string) => new RegExp(`^${name}: ${value.replace(/[.+]/g, '\\$&')}$`, 'm');
      expect(emls.filter((eml) => header('To', DEFAULT_SETTINGS.shop.email).test(eml))).toHaveLength(1);
      const eml = emls.find((text) => header('To', shopper.email).test(text))!;
      // Replies go to the shop's e-mail from the settings.
      expect(eml).toMatch(header('Reply-To', DEFAULT_SETTINGS.shop.email));
      expect(eml).toBeDefined();
      expect(eml).toMatch(/Content-Type: text\/html/);
      expect(Buffer.from(/base64\n\n([A-Za-z0-9+/=\n]+)/.exec(eml)![1].replace(/\n/g, ''), 'base64').toString('utf8')).toContain(`№${order.number}`);
    });
  },
  { env: { ...ALL_METHODS_ENV, DATA_DIR: mailDir } },
);
