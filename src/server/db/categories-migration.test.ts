import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { expect, test } from 'vitest';
import { migrationsBefore } from '../test/migrations.js';

const migrations = fileURLToPath(new URL('./migrations', import.meta.url));

test('the catalogue-as-data migration moves alpha, crop year and fermentation into attributes and files products under the seeded categories', async () => {
  const client = new PGlite({ extensions: { pg_trgm } });
  const db = drizzle(client);
  const before = migrationsBefore('0018_catalogue_as_data');
  try {
    await migrate(db, { migrationsFolder: before });
    await client.query(`INSERT INTO products (id, name, slug, image, description, price_minor, category, origin, weight, alfa, crop_year, ferment_type, ferment_temp)
      VALUES ('00000000-0000-4000-8000-00000000000a', 'Хміль Saaz', 'saaz', '/i.svg', 'Опис', 100, 'Hops', 'Czech Republic', 1, 3.5, 2024, NULL, NULL),
             ('00000000-0000-4000-8000-00000000000b', 'W-34/70', 'w-34-70', '/i.svg', 'Опис', 100, 'Yeast', 'Fermentis', 0.5, NULL, NULL, 'bottom', '12–15 °C'),
             ('00000000-0000-4000-8000-00000000000c', 'Кег', 'keh', '/i.svg', 'Опис', 100, 'Kegs', 'Kegland', 5, NULL, 2025, NULL, '')`);
    await migrate(db, { migrationsFolder: migrations });
    const { rows } = await client.query<{ slug: string; category: string; attributes: unknown }>(
      'SELECT slug, category, attributes FROM products ORDER BY slug',
    );
    expect(rows).toEqual([
      { slug: 'keh', category: 'Kegs', attributes: {} },
      { slug: 'saaz', category: 'Hops', attributes: { alpha: 3.5, cropYear: 2024 } },
      { slug: 'w-34-70', category: 'Yeast', attributes: { fermentation: 'bottom', temperature: '12–15 °C' } },
    ]);
    const columns = await client.query<{ column_name: string }>(`SELECT column_name FROM information_schema.columns WHERE table_name = 'products'`);
    expect(columns.rows.map((c) => c.column_name)).not.toContain('alfa');
    // A product's category is a row now: an unknown one is refused by the database itself.
    await expect(client.query(`UPDATE products SET category = 'Beer' WHERE slug = 'keh'`)).rejects.toThrow(/foreign key/);
  } finally {
    await client.close();
    rmSync(before, { recursive: true, force: true });
  }
});
