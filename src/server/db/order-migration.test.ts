import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { expect, test } from 'vitest';
import { createTestDatabase } from '../test/database.js';
import { migrationsBefore } from '../test/migrations.js';
import { orders } from './schema.js';

const migrations = fileURLToPath(new URL('./migrations', import.meta.url));

test('orders placed before the life cycle get a status from their flags and numbers from 1001 by age', async () => {
  const client = new PGlite({ extensions: { pg_trgm } });
  const db = drizzle(client);
  const before = migrationsBefore('0005_order_life_cycle');
  try {
    await migrate(db, { migrationsFolder: before });
    const insert = (flags: string, createdAt: string) =>
      client.query(
        `INSERT INTO orders (address, city, country, phone, payment_method, items_minor, shipping_minor, tax_minor, total_minor, is_paid, is_delivered, created_at)
         VALUES ('Іван Франко', 'Київ', 'Відділення №1', '+380671234567', 'PayPal', 100, 0, 15, 115, ${flags}, '${createdAt}')`,
      );
    await insert('true, true', '2026-01-03T10:00:00Z');
    await insert('false, false', '2026-01-01T10:00:00Z');
    await insert('true, false', '2026-01-02T10:00:00Z');

    await migrate(db, { migrationsFolder: migrations });
    const { rows } = await client.query<{ number: number; status: string; recipient_name: string; branch_description: string }>(
      'SELECT number, status, recipient_name, branch_description FROM orders ORDER BY created_at',
    );
    expect(rows).toEqual([
      { number: 1001, status: 'pending', recipient_name: 'Іван Франко', branch_description: 'Відділення №1' },
      { number: 1002, status: 'paid', recipient_name: 'Іван Франко', branch_description: 'Відділення №1' },
      { number: 1003, status: 'delivered', recipient_name: 'Іван Франко', branch_description: 'Відділення №1' },
    ]);
    // The next order continues the sequence.
    const next = await client.query<{ number: number }>(
      `INSERT INTO orders (recipient_name, city_name, branch_description, payment_method, items_minor, shipping_minor, tax_minor, total_minor)
       VALUES ('Леся Українка', 'Львів', 'Відділення №3', 'cash_on_delivery', 100, 0, 15, 115) RETURNING number`,
    );
    expect(next.rows[0].number).toBe(1004);
  } finally {
    await client.close();
    rmSync(before, { recursive: true, force: true });
  }
  // Migrating an empty database from scratch, twice, takes a while on a busy machine.
}, 120_000);

test('a new database numbers its first order 1001', async () => {
  const { database, drop } = await createTestDatabase('pglite');
  try {
    const [order] = await database.db
      .insert(orders)
      .values({
        recipientName: 'Леся Українка',
        cityName: 'Львів',
        branchDescription: 'Відділення №3',
        paymentMethodId: 'cash_on_delivery',
        itemsMinor: 100,
        shippingMinor: 0,
        taxMinor: 15,
        totalMinor: 115,
      })
      .returning();
    expect(order).toMatchObject({ number: 1001, status: 'pending' });
  } finally {
    await drop();
  }
});
