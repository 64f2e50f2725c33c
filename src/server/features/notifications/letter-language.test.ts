import { afterAll, expect, test } from 'vitest';
import type { OrderSummary } from '../../../shared/orders.js';
import { describeWithApp } from '../../test/database.js';
import { ALL_METHODS_ENV, useShopSettings } from '../../test/payment-methods.js';
import { createProduct, pack } from '../../test/factories.js';
import { startFakeSmtp } from '../../test/fakes/smtp.js';
import { lineTitle } from './order-notices.js';
import { LETTER_TEXTS } from './letter-texts.js';

const smtp = await startFakeSmtp();
afterAll(() => smtp.stop());

const ADDRESS = { address: 'Olena Pchilka', city: 'Ніжин', phoneNumber: '+380931112233', country: 'Відділення №2: вул. Гоголя, 5' };

test('milled malt is named in letters', () => {
  expect(lineTitle({ name: 'Солод Weyermann Pilsner', label: '5 кг', options: { milled: true } })).toBe('Солод Weyermann Pilsner, 5 кг, подрібнити');
  expect(lineTitle({ name: 'Кег 19 л', label: '1 шт', options: {} })).toBe('Кег 19 л, 1 шт');
});

test('an English letter writes units and money as the English web does', () => {
  const en = LETTER_TEXTS.en;
  expect(lineTitle({ name: 'Malt Pilsner', label: '5 кг', options: { milled: true } }, en)).toBe('Malt Pilsner, 5 kg, milled');
  expect(lineTitle({ name: 'Hop Citra', label: '50 г', options: {} }, en)).toBe('Hop Citra, 50 g');
  expect(lineTitle({ name: 'Keg', label: '1 шт', options: {} }, en)).toBe('Keg, 1 pc');
  expect(en.money(130_500)).toBe('1\u00a0305\u00a0UAH');
  expect(en.region('Київська')).toBe('Київська region');
  expect(LETTER_TEXTS.uk.money(130_500)).toBe('1\u00a0305\u00a0грн');
});

describeWithApp(
  'letters in the shopper’s language, the guests in the admin list',
  (ctx) => {
    useShopSettings(ctx);
    const admin = async () => ({ cookie: (await ctx().shop.admin()).cookie });

    test('an order placed in English gets every letter in English, the shop’s copy stays Ukrainian', async () => {
      const { app, shop } = ctx();
      const product = await createProduct(app.db, { name: `Хміль Citra ${Date.now()}`, variants: [pack('50 г', 210_00, 9, 0.05)] });
      const before = smtp.received.length;
      const order = await shop.orderPlaced({
        as: 'guest',
        lines: [{ product: product.id, qty: 2 }],
        shippingAddress: ADDRESS,
        email: 'olena@example.com',
        headers: { 'accept-language': 'en-GB,en;q=0.9,uk;q=0.5' },
      });
      expect(order.locale).toBe('en');
      await app.outbox.flush();
      const [letter] = smtp.received.slice(before).filter((m) => m.to.includes('olena@example.com'));
      expect(letter.subject).toMatch(new RegExp(`^Order No\\. ${order.number} received — `));
      expect(letter.text).toContain('Hello, Olena Pchilka!');
      expect(letter.text).toContain(', 50 g — 2 × 210\u00a0UAH');
      expect(letter.text).toMatch(/Total: [\d\u00a0]+UAH/);
      expect(letter.text).toContain('Pay on delivery at the Nova Poshta branch');
      expect(letter.text).not.toMatch(/грн|Вітаємо|Разом|обл\./);
      expect(letter.html).toContain('<html lang="en">');
      const shopCopy = smtp.received.slice(before).find((m) => m.subject.startsWith(`Нове замовлення №${order.number}`));
      expect(shopCopy?.text).toContain('грн');

      // Cancelled later: still in English.
      const cancelled = await shop.orderStep(order.id, 'cancel', await shop.admin());
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
      await app.outbox.flush();
      const later = smtp.received.slice(before).filter((m) => m.to.includes('olena@example.com'));
      expect(later.at(-1)?.subject).toBe(`Order No. ${order.number} cancelled — ${later.at(-1)?.subject.split(' — ')[1]}`);
      expect(later.at(-1)?.text).toContain(`Order No. ${order.number} has been cancelled.`);
    });

    test('the admin list labels a guest order as a guest and finds it by the guest’s e-mail and by phone', async () => {
      const { app, shop } = ctx();
      const product = await createProduct(app.db, { countInStock: 5 });
      const noEmail = await shop.orderPlaced({
        as: 'guest',
        lines: [{ product: product.id, qty: 1 }],
        shippingAddress: { ...ADDRESS, address: 'Гість Без Пошти', phoneNumber: '+380501234321' },
        email: null,
      });
      const headers = await admin();
      const search = async (q: string) => {
        const res = await app.inject({ url: `/api/orders?q=${encodeURIComponent(q)}`, headers });
        expect(res.statusCode, res.body).toBe(200);
        return (res.json() as { orders: OrderSummary[] }).orders;
      };
      for (const q of ['050 123 43 21', '+380501234321', '1234321']) {
        const found = await search(q);
        expect(
          found.map((o) => o.id),
          q,
        ).toContain(noEmail.id);
        expect(found.find((o) => o.id === noEmail.id)).toMatchObject({ guest: true, user: null, guestEmail: null });
      }
      const byEmail = await search('olena@example');
      expect(byEmail.length).toBeGreaterThan(0);
      for (const o of byEmail) expect(o).toMatchObject({ guest: true, guestEmail: 'olena@example.com' });
    });
  },
  { env: { ...ALL_METHODS_ENV, SMTP_URL: smtp.url, MAIL_FROM: 'Хмільна крамниця <shop@khmilna.example>' } },
);
