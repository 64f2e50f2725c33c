import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';

import { createPostgresDatabase, type Driver } from './database.js';

const migrations = fileURLToPath(new URL('../db/migrations', import.meta.url));

/** Migrations up to (not including) `tag`, as a database made before it would have had them. */
export function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-migrations-'));
  cpSync(migrations, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((entry) => entry.tag === tag);
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));
  return dir;
}

export interface Migratable {
  query: <T>(sql: string) => Promise<T[]>;
  migrate: (folder: string) => Promise<void>;
  close: () => Promise<void>;
}

/** An empty database on the driver, to migrate step by step and query. */
export async function openEmpty(driver: Driver): Promise<Migratable> {
  if (driver === 'pglite') {
    const client = new PGlite({ extensions: { pg_trgm } });
    const db = drizzlePglite(client);
    return {
      query: async <T>(sql: string) => (await client.query<T>(sql)).rows,
      migrate: (folder) => migratePglite(db, { migrationsFolder: folder }),
      close: () => client.close(),
    };
  }
  const scratch = await createPostgresDatabase();
  const client = new pg.Client({ connectionString: scratch.url });
  await client.connect();
  const db = drizzlePg(client);
  return {
    query: async <T>(sql: string) => (await client.query(sql)).rows as T[],
    migrate: (folder) => migratePg(db, { migrationsFolder: folder }),
    async close() {
      await client.end();
      await scratch.drop();
    },
  };
}
