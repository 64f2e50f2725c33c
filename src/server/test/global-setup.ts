import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.js';

/**
 * Once per run: a migrated embedded database to clone for every test file (cloning takes ~0.5 s,
 * migrating ~2.5 s), and the PostgreSQL server every database test also runs on.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-test-'));
  const template = await openDatabase({ dataDir: 'memory://' });
  const snapshotFile = path.join(dir, 'pglite-template.tar');
  writeFileSync(snapshotFile, Buffer.from(await (await template.snapshot!()).arrayBuffer()));
  await template.close();
  project.provide('pgliteSnapshotFile', snapshotFile);

  const postgresUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const reachable = await canConnect(postgresUrl);
  if (!reachable && process.env.CI) {
    throw new Error(`PostgreSQL is not reachable at ${postgresUrl}; CI runs every database test on it too.`);
  }
  if (!reachable) console.warn(`PostgreSQL not reachable at ${postgresUrl}: database tests run on PGlite only.`);
  project.provide('postgresUrl', reachable ? postgresUrl : '');

  return () => rmSync(dir, { recursive: true, force: true });
}

async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshotFile: string;
    postgresUrl: string;
  }
}
