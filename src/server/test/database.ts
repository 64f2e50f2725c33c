import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { describe, inject, beforeAll, afterAll } from 'vitest';
import { loadConfig, type Config } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { buildApp } from '../app.js';
import type { FastifyInstance } from 'fastify';
import { driveShop, type ShopDriver } from './driver.js';

export type Driver = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when its server answers (always in CI). */
export function testDrivers(): Driver[] {
  return inject('postgresUrl') ? ['pglite', 'postgres'] : ['pglite'];
}

/** A fresh, migrated database of its own; drop() removes it. */
export async function createTestDatabase(driver: Driver): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (driver === 'pglite') {
    const snapshot = new Blob([readFileSync(inject('pgliteSnapshotFile'))]);
    const database = await openDatabase({ snapshot });
    return { database, drop: () => database.close() };
  }
  const scratch = await createPostgresDatabase();
  const database = await openDatabase({ url: scratch.url });
  return {
    database,
    async drop() {
      await database.close();
      await scratch.drop();
    },
  };
}

/** An empty database of its own on the test PostgreSQL server: its URL; drop() removes it (close its clients first). */
export async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = inject('postgresUrl');
  const name = `shop_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export function testConfig(env: Record<string, string> = {}): Readonly<Config> {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: `/tmp/shop-test-data-${process.pid}`,
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    LOG_LEVEL: 'silent',
    ...env,
  });
}

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  config: Readonly<Config>;
  /** The shop driven through its API (./driver.ts). */
  shop: ShopDriver;
}

/**
 * Runs a block of API tests once per driver, each on its own fresh database and app:
 * `describeWithApp('products', (ctx) => { test('...', async () => { const { app, shop } = ctx(); }) })`.
 */
export function describeWithApp(name: string, body: (ctx: () => TestContext) => void, options: { env?: Record<string, string> } = {}) {
  for (const driver of testDrivers()) {
    describe(`${name} [${driver}]`, () => {
      let context: TestContext | undefined;
      let drop: (() => Promise<void>) | undefined;
      beforeAll(async () => {
        const created = await createTestDatabase(driver);
        drop = created.drop;
        const config = testConfig(options.env);
        const app = await buildApp(config, { database: created.database, logger: false });
        context = { app, database: created.database, config, shop: driveShop(app) };
      });
      afterAll(async () => {
        await context?.app.close();
        await drop?.();
      });
      body(() => {
        if (!context) throw new Error('the test app is not ready');
        return context;
      });
    });
  }
}
