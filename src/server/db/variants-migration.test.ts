import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { testDrivers } from '../test/database.js';
import { migrationsBefore, openEmpty } from '../test/migrations.js';

const migrations = fileURLToPath(new URL('./migrations', import.meta.url));

for (const driver of testDrivers()) {
  test(`[${driver}] the pack-size migration turns every product into a one-pack product and loses nothing`, async () => {
    const before = migrationsBefore('0010_product_variants');
    const db = await openEmpty(driver);
    try {
      await db.migrate(before);
      await db.query(`INSERT INTO products (id, name, slug, image, description, price_minor, discount, category, origin, weight, count_in_stock)
        VALUES ('00000000-0000-4000-8000-00000000000a', 'Хміль Saaz', 'khmil-saaz', '/i.svg', 'Опис', 145000, 10, 'Hops', 'Czech Republic', 1, 7),
               ('00000000-0000-4000-8000-00000000000b', 'Дріжджі US-05', NULL, '/i.svg', 'Опис', 250000, 0, 'Yeast', 'Fermentis', 0.5, 0),
               ('00000000-0000-4000-8000-00000000000c', 'Кег 19 л', 'keh-19-l', '/i.svg', 'Опис', 240000, 0, 'Kegs', 'Kegland', 5.2, 3)`);
      const [order] = await db.query<{
        id: string;
      }>(`INSERT INTO orders (recipient_name, city_name, branch_description, payment_method, items_minor, shipping_minor, tax_minor, total_minor)
        VALUES ('Іван Франко', 'Київ', 'Відділення №1', 'NovaPoshta', 261000, 0, 0, 261000) RETURNING id`);
      await db.query(`INSERT INTO order_items (order_id, product_id, name, image, price_minor, qty)
        VALUES ('${order.id}', '00000000-0000-4000-8000-00000000000a', 'Хміль Saaz', '/i.svg', 130500, 2)`);

      await db.migrate(migrations);
      const packs = await db.query<Record<string, unknown>>(
        'SELECT product_id, sku, label, price_minor, discount, count_in_stock, weight, position, archived_at FROM product_variants ORDER BY product_id',
      );
      expect(packs).toEqual([
        {
          product_id: '00000000-0000-4000-8000-00000000000a',
          sku: 'KHMIL-SAAZ',
          label: '1 кг',
          price_minor: 145000,
          discount: 10,
          count_in_stock: 7,
          weight: 1,
          position: 0,
          archived_at: null,
        },
        {
          product_id: '00000000-0000-4000-8000-00000000000b',
          sku: '0000000000004000800000000000000B',
          label: '500 г',
          price_minor: 250000,
          discount: 0,
          count_in_stock: 0,
          weight: 0.5,
          position: 0,
          archived_at: null,
        },
        {
          product_id: '00000000-0000-4000-8000-00000000000c',
          sku: 'KEH-19-L',
          label: '1 шт',
          price_minor: 240000,
          discount: 0,
          count_in_stock: 3,
          weight: 5.2,
          position: 0,
          archived_at: null,
        },
      ]);
      // The products keep every column, and are published.
      const products = await db.query<Record<string, unknown>>('SELECT name, price_minor, discount, count_in_stock, weight, status FROM products ORDER BY id');
      expect(products.map((p) => [p.name, p.price_minor, p.discount, p.count_in_stock, p.weight, p.status])).toEqual([
        ['Хміль Saaz', 145000, 10, 7, 1, 'published'],
        ['Дріжджі US-05', 250000, 0, 0, 0.5, 'published'],
        ['Кег 19 л', 240000, 0, 3, 5.2, 'published'],
      ]);
      // The old line names its product's pack, with the pack's label and weight; its price is kept.
      const [line] = await db.query<Record<string, unknown>>(
        'SELECT i.sku, i.label, i.weight, i.options, i.price_minor, i.qty, v.product_id FROM order_items i JOIN product_variants v ON v.id = i.variant_id',
      );
      expect(line).toEqual({
        sku: 'KHMIL-SAAZ',
        label: '1 кг',
        weight: 1,
        options: {},
        price_minor: 130500,
        qty: 2,
        product_id: '00000000-0000-4000-8000-00000000000a',
      });
    } finally {
      await db.close();
      rmSync(before, { recursive: true, force: true });
    }
  }, 180_000);
}
