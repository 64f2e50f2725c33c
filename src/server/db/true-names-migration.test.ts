import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { testDrivers } from '../test/database.js';
import { migrationsBefore, openEmpty } from '../test/migrations.js';

const migrations = fileURLToPath(new URL('./migrations', import.meta.url));
const ORIGINAL = ['NovaPoshta', 'PrivatBank', 'LiqPay', 'PayPal', 'Card', 'Monobank'];

for (const driver of testDrivers()) {
  test(`[${driver}] the true-names migration renames every stored payment method and offline receipt key, and refuses anything else`, async () => {
    const before = migrationsBefore('0031_true_names');
    const db = await openEmpty(driver);
    try {
      await db.migrate(before);
      for (const [i, method] of ORIGINAL.entries()) {
        const [order] = await db.query<{ id: string }>(
          `INSERT INTO orders (recipient_name, city_name, branch_description, payment_method, items_minor, shipping_minor, tax_minor, total_minor, created_at)
           VALUES ('Іван Франко', 'Київ', 'Відділення №1', '${method}', 100, 0, 0, 100, '2026-01-0${i + 1}T10:00:00Z') RETURNING id`,
        );
        await db.query(
          `INSERT INTO fiscal_receipts (order_id, kind, payment_key, checkbox_receipt_id, body, total_minor)
           VALUES ('${order.id}', 'sell', '${i < 2 ? `offline:${method}` : `provider-${i}`}', gen_random_uuid(), '{}', 100)`,
        );
      }

      await db.migrate(migrations);
      const rows = await db.query<{ payment_method: string; payment_key: string }>(
        'SELECT o.payment_method, r.payment_key FROM orders o JOIN fiscal_receipts r ON r.order_id = o.id ORDER BY o.created_at',
      );
      expect(rows).toEqual([
        { payment_method: 'cash_on_delivery', payment_key: 'offline:cash_on_delivery' },
        { payment_method: 'card_transfer', payment_key: 'offline:card_transfer' },
        { payment_method: 'liqpay', payment_key: 'provider-2' },
        { payment_method: 'paypal', payment_key: 'provider-3' },
        { payment_method: 'paypal_card', payment_key: 'provider-4' },
        { payment_method: 'monobank', payment_key: 'provider-5' },
      ]);
      // An original name written by an old instance after the migration is refused, not stored.
      await expect(
        db.query(
          `INSERT INTO orders (recipient_name, city_name, branch_description, payment_method, items_minor, shipping_minor, tax_minor, total_minor)
           VALUES ('Леся Українка', 'Львів', 'Відділення №3', 'NovaPoshta', 100, 0, 0, 100)`,
        ),
      ).rejects.toThrow(/orders_payment_method_check/);
    } finally {
      await db.close();
      rmSync(before, { recursive: true, force: true });
    }
  }, 120_000);
}
