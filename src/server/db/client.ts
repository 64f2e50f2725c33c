import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction or the database itself: services take either, so callers choose the boundary. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Subscribes to NOTIFY on a channel; onLost is called if the subscription breaks. */
  listen(channel: string, onNotify: () => void, onLost: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** Embedded only: the data directory as a blob, so tests can clone a migrated database fast. */
  snapshot?(): Promise<Blob>;
}

export type DatabaseTarget =
  | { url: string }
  | { dataDir: string } // embedded, on disk (or 'memory://')
  | { snapshot: Blob }; // embedded, in memory, from a dumped data directory (tests)

/** DATABASE_URL when set, else the embedded database in DATA_DIR. */
export function databaseTargetOf(config: { databaseUrl?: string; dataDir: string }): DatabaseTarget {
  return config.databaseUrl ? { url: config.databaseUrl } : { dataDir: path.join(config.dataDir, 'pglite') };
}

/**
 * Catalogue searches fetch a few thousand scattered rows found by GIN indexes. With the default
 * random_page_cost of 4 (spinning disks) the planner prefers to read every product instead, ten
 * times slower at 100,000 products (bench/search-scale.ts); 1.1 is the usual SSD setting.
 */
const RANDOM_PAGE_COST = 1.1;

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  return 'url' in target ? openPostgres(target.url) : openPglite(target);
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10, options: `-c random_page_cost=${RANDOM_PAGE_COST}` });
  // An idle client that loses its server must not crash the process.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  await migratePg(db as never, { migrationsFolder });
  return {
    db,
    driver: 'postgres',
    async listen(channel, onNotify, onLost) {
      const client = new pg.Client({ connectionString: url });
      let closing = false;
      const lost = () => {
        if (!closing) onLost();
      };
      client.on('notification', (message) => message.channel === channel && onNotify());
      client.on('error', lost);
      client.on('end', lost);
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      return async () => {
        closing = true;
        await client.end().catch(() => {});
      };
    },
    close: () => pool.end(),
  };
}

async function openPglite(target: { dataDir: string } | { snapshot: Blob }): Promise<Database> {
  const extensions = { pg_trgm };
  const client =
    'dataDir' in target
      ? new PGlite(target.dataDir, { extensions })
      : new PGlite({ loadDataDir: target.snapshot, extensions });
  await client.waitReady;
  await client.exec(`SET random_page_cost = ${RANDOM_PAGE_COST}`);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  return {
    db,
    driver: 'pglite',
    async listen(channel, onNotify) {
      return client.listen(channel, onNotify);
    },
    async close() {
      await client.close();
    },
    snapshot: () => client.dumpDataDir('none'),
  };
}
