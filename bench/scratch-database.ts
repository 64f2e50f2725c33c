import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { openDatabase, type Database } from '../src/server/db/client.js';
import { createUser, sessionCookie } from '../src/server/test/factories.js';

const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * Runs one bench on a PostgreSQL database of its own, migrated, and drops it afterwards. Null when
 * PostgreSQL cannot be reached: the figure is then skipped, not failed.
 */
export async function withScratchDatabase<T>(prefix: string, run: (database: Database) => Promise<T>): Promise<T | null> {
  const admin = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    const database = await openDatabase({ url: url.toString() });
    try {
      return await run(database);
    } finally {
      await database.close();
    }
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

/** The shop's app on a bench database: quiet, with the session secret a bench signs its cookies with. */
export async function benchApp(database: Database) {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: `/tmp/shop-bench-${process.pid}`,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
  });
  return buildApp(config, { database, logger: false });
}

/** A new admin's session cookie, for the back-office routes a bench times. */
export async function adminCookie(app: FastifyInstance, database: Database) {
  return sessionCookie(await createUser(database.db, { isAdmin: true }), app.config.jwtSecret);
}
