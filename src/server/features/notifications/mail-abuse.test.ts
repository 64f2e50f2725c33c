import { and, eq, isNull } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { outboxMessages } from '../../db/schema.js';
import { describeWithApp } from '../../test/database.js';
import { freshIp } from '../../test/driver.js';
import { createProduct } from '../../test/factories.js';

/** The shop is nobody's mail cannon (docs/notifications.md, "Abuse"). */

const SPAM = 'Виграш 100000 грн: http://evil.example/claim';

describeWithApp(
  'mail abuse',
  (ctx) => {
    test('a guest letter carries no text the guest typed but the name and the order lines; a daily cap per recipient', async () => {
      const { app, shop } = ctx();
      const product = await createProduct(app.db, { countInStock: 100, name: 'Дріжджі US-05' });
      const victim = 'victim@example.com';
      const statuses = [];
      for (let i = 0; i < 4; i++) {
        const res = await shop.placeOrder({
          as: 'guest',
          lines: [{ product: product.id, qty: 1 }],
          shippingAddress: { address: 'Олена', city: SPAM, country: SPAM, postalCode: '01001', phoneNumber: `+38050123450${i}` },
          email: victim,
        });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([201, 201, 201, 201]);
      const letters = await app.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, victim));
      // The cap is 3: the fourth order is placed, its letter to the guest dropped.
      expect(letters).toHaveLength(3);
      for (const letter of letters) {
        expect(letter.textBody).not.toContain('evil.example');
        expect(letter.htmlBody).not.toContain('evil.example');
        expect(letter.textBody).toContain('Дріжджі US-05');
        expect(letter.textBody).toContain('Олена');
      }
      // The shop itself still hears of every order, with the address as typed.
      const shopLetters = await app.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, 'shop@example.com'));
      expect(shopLetters.length).toBeGreaterThanOrEqual(4);
    });

    test('password-reset letters to one address are capped per day', async () => {
      const { app, shop } = ctx();
      const { user } = await shop.customer();
      for (let i = 0; i < 5; i++) {
        const res = await app.inject({ method: 'POST', url: '/api/users/password-reset', payload: { email: user.email }, remoteAddress: freshIp() });
        expect(res.statusCode).toBe(202);
      }
      const letters = await app.db
        .select()
        .from(outboxMessages)
        .where(and(eq(outboxMessages.recipient, user.email), isNull(outboxMessages.orderId)));
      expect(letters).toHaveLength(3);
    });
  },
  { env: { MAIL_PER_RECIPIENT_PER_DAY: '3' } },
);
