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
import { lockDataDir } from './data-dir-lock.js';
import * as schema from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction or the database itself: services take either, so callers choose the boundary. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

/** What a follower of a NOTIFY channel hears: messages, and whether it hears them at all. */
export interface ChannelHandlers {
  notify: () => void;
  /** Subscribed (again): from now on every change is heard. */
  up: () => void;
  /** The subscription broke: changes may go unheard until the next up(). */
  down: (err: unknown) => void;
}

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /**
   * Follows a NOTIFY channel over one connection of its own, re-subscribing by itself (with
   * back-off) whenever it breaks, for as long as the returned stop function is not called.
   */
  follow(channel: string, handlers: ChannelHandlers): () => Promise<void>;
  /** Whether the database answers a trivial query within the time limit (GET /api/ready). */
  ping(timeoutMs?: number): Promise<boolean>;
  /** PostgreSQL only: the connection pool now (metrics). */
  poolStats?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
  /**
   * Runs `work` while no other instance runs migrations or start-up work (the same advisory lock as
   * migrations on PostgreSQL; one process per data directory already for the embedded database).
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
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

/** Connection attempts give up after this long, so a request during an outage answers 503 instead of hanging. */
const CONNECT_TIMEOUT_MS = 5_000;
const RETRY_MIN_MS = 250;
const RETRY_MAX_MS = 5_000;
/** Any constant both instances agree on: serialises migrations when several start at once. */
const MIGRATION_LOCK = 0x5a0b_0001;

const ignore = () => {};

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
    application_name: 'shop',
    options: `-c random_page_cost=${RANDOM_PAGE_COST}`,
  });
  // A connection can break at any moment (PostgreSQL restarting, pg_terminate_backend): idle in the
  // pool, checked out between two statements of a transaction, or mid-query. The statement in
  // flight fails and its request answers 503 (plugins/errors.ts); the broken client leaves the pool
  // on release and the next request opens a fresh one. Without a listener on every client, the
  // 'error' event of a checked-out client would end the process.
  pool.on('error', ignore);
  pool.on('connect', (client) => client.on('error', ignore));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  try {
    await withAdvisoryLock(pool, MIGRATION_LOCK, () => migratePg(db as never, { migrationsFolder }));
  } catch (err) {
    await pool.end().catch(ignore);
    throw err;
  }
  return {
    db,
    driver: 'postgres',
    follow: (channel, handlers) => followPostgres(url, channel, handlers),
    ping: (timeoutMs) =>
      answersWithin(
        pool.query('select 1').then(() => true),
        timeoutMs,
      ),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
    exclusively: (work) => withAdvisoryLock(pool, MIGRATION_LOCK, work),
  };
}

async function withAdvisoryLock<T>(pool: pg.Pool, key: number, run: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [key]);
    try {
      return await run();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [key]).catch(ignore);
    }
  } finally {
    client.release();
  }
}

/**
 * LISTEN on a connection of its own. At most one connection exists at any moment: a broken one is
 * ended before the single retry timer is armed, and only that timer opens the next (docs/deploy.md).
 */
function followPostgres(url: string, channel: string, handlers: ChannelHandlers): () => Promise<void> {
  let current: pg.Client | null = null;
  let timer: NodeJS.Timeout | undefined;
  let retryMs = RETRY_MIN_MS;

  const subscribe = async () => {
    timer = undefined;
    const client = new pg.Client({
      connectionString: url,
      application_name: `shop-listen-${process.pid}`,
      keepAlive: true,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    current = client;
    const fail = (err: unknown) => {
      if (current !== client) return; // already handled, or stopped
      current = null;
      void client.end().catch(ignore);
      handlers.down(err);
      timer = setTimeout(() => void subscribe(), retryMs);
      retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
    };
    // Stays attached after failing: a late 'error' from the dead connection must find a listener.
    client.on('error', fail);
    client.on('end', () => fail(new Error('LISTEN connection ended')));
    client.on('notification', (message) => message.channel === channel && handlers.notify());
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (err) {
      fail(err);
      return;
    }
    if (current !== client) return;
    retryMs = RETRY_MIN_MS;
    handlers.up();
  };

  void subscribe();
  return async () => {
    clearTimeout(timer);
    const client = current;
    current = null; // silences fail(): no retry after stop
    await client?.end().catch(ignore);
  };
}

function answersWithin(query: Promise<boolean>, timeoutMs = 2_000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
  return Promise.race([query.catch(() => false), late]).finally(() => clearTimeout(timer));
}

/**
 * Whether an error means "the database is not reachable right now" rather than "this request is
 * wrong": connection refused or broken, PostgreSQL shutting down or starting, too many clients.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (/^(08|57P)/.test(code) || code === '53300' || UNREACHABLE.has(code)) return true;
    const message = typeof e.message === 'string' ? e.message : '';
    if (/Connection terminated|timeout exceeded when trying to connect|not queryable|Connection ended/i.test(message)) return true;
  }
  return false;
}
const UNREACHABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

async function openPglite(target: { dataDir: string } | { snapshot: Blob }): Promise<Database> {
  const extensions = { pg_trgm };
  const onDisk = 'dataDir' in target && !target.dataDir.startsWith('memory://');
  // One process per data directory: two embedded servers on the same files corrupt them.
  const unlock = onDisk ? lockDataDir(target.dataDir) : ignore;
  try {
    const client = 'dataDir' in target ? new PGlite(target.dataDir, { extensions }) : new PGlite({ loadDataDir: target.snapshot, extensions });
    await client.waitReady;
    await client.exec(`SET random_page_cost = ${RANDOM_PAGE_COST}`);
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    await migratePglite(db as never, { migrationsFolder });
    return {
      db,
      driver: 'pglite',
      follow(channel, handlers) {
        // In-process: the subscription cannot break.
        const unsubscribe = client.listen(channel, handlers.notify).then((stop) => {
          handlers.up();
          return stop;
        });
        return async () => (await unsubscribe)();
      },
      ping: (timeoutMs) =>
        answersWithin(
          client.query('select 1').then(() => true),
          timeoutMs,
        ),
      async close() {
        try {
          await client.close();
        } finally {
          unlock();
        }
      },
      snapshot: () => client.dumpDataDir('none'),
      exclusively: (work) => work(),
    };
  } catch (err) {
    unlock();
    throw err;
  }
}
