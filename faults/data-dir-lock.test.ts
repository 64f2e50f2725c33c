import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { signUp, startShop, type ShopProcess } from './harness';

/** One process per embedded data directory (docs/deploy.md), with real processes. */
const root = mkdtempSync(path.join(tmpdir(), 'shop-fault-lock-'));
const dataDir = path.join(root, 'not', 'yet', 'there');
const started: ShopProcess[] = [];
afterAll(async () => {
  await Promise.all(started.map((shop) => shop.stop()));
  rmSync(root, { recursive: true, force: true });
});

test('a second server on the same DATA_DIR exits at once naming the directory and the running process; a stale lock is taken over', async () => {
  const env = { DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: 'false' };
  const first = await startShop(env);
  started.push(first);
  const email = `keeper-${Date.now()}@example.com`;
  await signUp(first.url, email);

  const t0 = Date.now();
  const second = await startShop(env, { waitForHealth: false });
  started.push(second);
  expect(await second.exited).toBe(1);
  expect(Date.now() - t0).toBeLessThan(15_000);
  expect(second.output()).toContain(`DATA_DIR ${dataDir} is in use by process ${first.child.pid}`);
  // The first one never noticed.
  expect((await fetch(`${first.url}/api/ready`)).status).toBe(200);

  // Killed without a chance to clean up: its lock file stays, naming a pid that no longer runs.
  first.child.kill('SIGKILL');
  await first.exited;
  const lockFile = path.join(dataDir, 'pglite.lock');
  expect(readFileSync(lockFile, 'utf8').trim()).toBe(String(first.child.pid));

  const third = await startShop(env);
  started.push(third);
  expect(readFileSync(lockFile, 'utf8').trim()).toBe(String(third.child.pid));
  // Same data: the account made before the kill signs in.
  const signIn = await fetch(`${third.url}/api/users/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'fault-test-password' }),
  });
  expect(signIn.status).toBe(200);

  // A clean stop releases the lock.
  await third.stop();
  expect(existsSync(lockFile)).toBe(false);
});
