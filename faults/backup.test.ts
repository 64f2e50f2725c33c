import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, describe, expect, test } from 'vitest';
import { signUp, startShop } from './harness';

/** `npm run backup` / `npm run restore FILE` round trips, on either database (docs/deploy.md). */
const root = mkdtempSync(path.join(tmpdir(), 'shop-backup-test-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const POSTGRES = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function npmRun(script: string, args: string[], env: Record<string, string>) {
  const merged: Record<string, string | undefined> = { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'warn', ...env };
  try {
    const { stdout, stderr } = await promisify(execFile)('npm', ['run', '--silent', script, '--', ...args], { env: merged as NodeJS.ProcessEnv });
    return { code: 0, output: stdout + stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, output: e.stdout + e.stderr };
  }
}

const signIn = (base: string, email: string) =>
  fetch(`${base}/api/users/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'fault-test-password' }),
  }).then((r) => r.status);

async function roundTrip(env: Record<string, string>, options: { online: boolean }) {
  const uploads = path.join(env.DATA_DIR, 'uploads');
  const file = path.join(root, `backup-${randomUUID()}.tar.gz`);
  const before = `before-${randomUUID()}@example.com`;
  const after = `after-${randomUUID()}@example.com`;

  let shop = await startShop(env);
  await signUp(shop.url, before);
  mkdirSync(uploads, { recursive: true });
  writeFileSync(path.join(uploads, 'hop.webp'), 'image bytes');
  if (!options.online) {
    // The embedded database belongs to the running server: the backup says so and waits for a stop.
    const refused = await npmRun('backup', [file], env);
    expect(refused.code).not.toBe(0);
    expect(refused.output).toContain(`is in use by process ${shop.child.pid}`);
    await shop.stop();
  }
  const made = await npmRun('backup', [file], env);
  expect(made.code, made.output).toBe(0);
  expect(existsSync(file)).toBe(true);

  if (!options.online) shop = await startShop(env);
  await signUp(shop.url, after);
  unlinkSync(path.join(uploads, 'hop.webp'));
  writeFileSync(path.join(uploads, 'later.webp'), 'later');
  await shop.stop();

  const restored = await npmRun('restore', [file], env);
  expect(restored.code, restored.output).toBe(0);
  shop = await startShop(env);
  try {
    expect(await signIn(shop.url, before)).toBe(200);
    expect(await signIn(shop.url, after)).toBe(401);
    expect(readFileSync(path.join(uploads, 'hop.webp'), 'utf8')).toBe('image bytes');
    expect(existsSync(path.join(uploads, 'later.webp'))).toBe(false);
  } finally {
    await shop.stop();
  }
}

describe('backup and restore', () => {
  test('embedded database: refused while the server runs, then a full round trip', async () => {
    await roundTrip({ DATA_DIR: path.join(root, 'embedded'), DATABASE_URL: '', SEED_DEMO: 'false' }, { online: false });
  });

  test('PostgreSQL: a consistent dump while the shop serves, restored in one transaction', async () => {
    const database = `shop_backup_${randomBytes(5).toString('hex')}`;
    const admin = async (sql: string) => {
      const client = new pg.Client({ connectionString: POSTGRES });
      await client.connect();
      await client.query(sql).finally(() => client.end());
    };
    await admin(`create database ${database}`);
    try {
      const url = new URL(POSTGRES);
      url.pathname = `/${database}`;
      await roundTrip({ DATA_DIR: path.join(root, 'pg'), DATABASE_URL: url.toString(), SEED_DEMO: 'false' }, { online: true });
    } finally {
      await admin(`drop database if exists ${database} with (force)`);
    }
  });
});
