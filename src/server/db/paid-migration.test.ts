import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { isDelivered, isPaid } from '../../shared/order-status.js';
import { testDrivers } from '../test/database.js';
import { migrationsBefore, openEmpty } from '../test/migrations.js';

const migrations = fileURLToPath(new URL('./migrations', import.meta.url));

/** Orders as the flags and times could stand before 0034: each keeps the paid and delivered state it showed. */
const ORDERS = [
  { number: 1, status: 'pending', method: 'liqpay', paid: false, delivered: false, paidAt: null, deliveredAt: null, shippedAt: null },
  { number: 2, status: 'paid', method: 'liqpay', paid: true, delivered: false, paidAt: '2026-01-02T11:00:00Z', deliveredAt: null, shippedAt: null },
  { number: 3, status: 'paid', method: 'paypal', paid: true, delivered: false, paidAt: null, deliveredAt: null, shippedAt: null },
  { number: 4, status: 'cancelled', method: 'monobank', paid: true, delivered: false, paidAt: '2026-01-02T11:00:00Z', deliveredAt: null, shippedAt: null },
  {
    number: 5,
    status: 'refunded',
    method: 'liqpay',
    paid: true,
    delivered: true,
    paidAt: '2026-01-02T11:00:00Z',
    deliveredAt: null,
    shippedAt: '2026-01-03T09:00:00Z',
  },
  {
    number: 6,
    status: 'delivered',
    method: 'cash_on_delivery',
    paid: true,
    delivered: true,
    paidAt: null,
    deliveredAt: '2026-01-05T15:00:00Z',
    shippedAt: '2026-01-03T09:00:00Z',
  },
  {
    number: 7,
    status: 'returned',
    method: 'cash_on_delivery',
    paid: false,
    delivered: false,
    paidAt: null,
    deliveredAt: null,
    shippedAt: '2026-01-03T09:00:00Z',
  },
  {
    number: 8,
    status: 'shipped',
    method: 'card_transfer',
    paid: true,
    delivered: false,
    paidAt: '2026-01-02T11:00:00Z',
    deliveredAt: '2026-01-04T10:00:00Z',
    shippedAt: '2026-01-03T09:00:00Z',
  },
  {
    number: 9,
    status: 'cancelled',
    method: 'card_transfer',
    paid: false,
    delivered: false,
    paidAt: '2026-01-02T11:00:00Z',
    deliveredAt: null,
    shippedAt: null,
  },
] as const;

const at = (value: string | null) => (value === null ? 'NULL' : `'${value}'`);

for (const driver of testDrivers()) {
  test(`[${driver}] dropping the paid and delivered flags keeps every order's paid and delivered state`, async () => {
    const before = migrationsBefore('0034_paid_and_delivered_from_their_times');
    const db = await openEmpty(driver);
    try {
      await db.migrate(before);
      for (const o of ORDERS) {
        await db.query(
          `INSERT INTO orders (number, recipient_name, city_name, branch_description, payment_method, items_minor, shipping_minor, tax_minor, total_minor,
                               status, is_paid, is_delivered, paid_at, delivered_at, shipped_at, created_at)
           VALUES (${o.number}, 'Іван Франко', 'Київ', 'Відділення №1', '${o.method}', 100, 0, 0, 100,
                   '${o.status}', ${o.paid}, ${o.delivered}, ${at(o.paidAt)}, ${at(o.deliveredAt)}, ${at(o.shippedAt)}, '2026-01-01T10:00:00Z')`,
        );
      }

      await db.migrate(migrations);
      const rows = await db.query<{ number: number; status: string; paid_at: Date | null; delivered_at: Date | null }>(
        'SELECT number, status, paid_at, delivered_at FROM orders ORDER BY number',
      );
      const states = rows.map((row) => ({
        number: row.number,
        status: row.status,
        paid: isPaid({ paidAt: row.paid_at }),
        delivered: isDelivered({ deliveredAt: row.delivered_at }),
      }));
      expect(states).toEqual(ORDERS.map(({ number, status, paid, delivered }) => ({ number, status, paid, delivered })));
      const times = Object.fromEntries(
        rows.map((row) => [
          row.number,
          { paidAt: row.paid_at && new Date(row.paid_at).toISOString(), deliveredAt: row.delivered_at && new Date(row.delivered_at).toISOString() },
        ]),
      );
      // Times that agreed with their flags are kept; a missing one is the latest moment known before it.
      expect(times[2]).toEqual({ paidAt: '2026-01-02T11:00:00.000Z', deliveredAt: null });
      expect(times[3]).toEqual({ paidAt: '2026-01-01T10:00:00.000Z', deliveredAt: null });
      expect(times[5]).toEqual({ paidAt: '2026-01-02T11:00:00.000Z', deliveredAt: '2026-01-03T09:00:00.000Z' });
      expect(times[6]).toEqual({ paidAt: '2026-01-05T15:00:00.000Z', deliveredAt: '2026-01-05T15:00:00.000Z' });
      const columns = await db.query<{ column_name: string }>(
        `SELECT column_name FROM information_schema.columns WHERE table_name = 'orders' AND column_name IN ('is_paid', 'is_delivered')`,
      );
      expect(columns).toEqual([]);
    } finally {
      await db.close();
      rmSync(before, { recursive: true, force: true });
    }
  }, 120_000);
}
