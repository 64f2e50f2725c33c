import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { hasPostgresBinaries, sleep, startPostgresCluster, startShop, type PostgresCluster, type ShopProcess } from './harness';

/**
 * Two instances started within 100 ms on a new database with the demo catalogue (docs/deploy.md):
 * seeding runs under the migrations' lock, so both come up, the catalogue is there once, and no
 * log line of either carries a password hash or a secret.
 */
const SECRETS = {
  JWT_SECRET: 'seed-race-secret-of-both-instances-0123456789',
  ADMIN_PASSWORD: 'seed-race-owner-password',
};

describe.runIf(hasPostgresBinaries())('two instances seeding one new database', () => {
  let cluster: PostgresCluster;
  const shops: ShopProcess[] = [];

  beforeAll(async () => {
    cluster = await startPostgresCluster();
    await cluster.query('postgres', 'create database shop');
  });

  afterAll(async () => {
    await Promise.all(shops.map((shop) => shop.stop()));
    await cluster?.remove();
  });

  test('both come up, the catalogue is seeded once, no hash or secret in any log line', async () => {
    // Everything the instances log, not only warnings.
    const env = { DATABASE_URL: cluster.url('shop'), SEED_DEMO: 'true', LOG_LEVEL: 'debug', ADMIN_EMAIL: 'owner@example.com', ...SECRETS };
    const first = startShop(env, { timeoutMs: 120_000 });
    await sleep(50);
    const second = startShop(env, { timeoutMs: 120_000 });
    const started = await Promise.allSettled([first, second]);
    for (const result of started) if (result.status === 'fulfilled') shops.push(result.value);
    expect(
      started.map((r) => r.status),
      started.map((r) => (r.status === 'rejected' ? String(r.reason) : '')).join('\n'),
    ).toEqual(['fulfilled', 'fulfilled']);

    for (const shop of shops) expect((await fetch(`${shop.url}/api/ready`)).status).toBe(200);
    const [products] = await cluster.query<{ all: string; names: string }>('shop', 'select count(*) as all, count(distinct name) as names from products');
    expect(Number(products.all)).toBeGreaterThan(0);
    expect(Number(products.all)).toBe(Number(products.names));
    const [users] = await cluster.query<{ all: string; emails: string }>('shop', 'select count(*) as all, count(distinct email) as emails from users');
    expect(Number(users.all)).toBeGreaterThan(0);
    expect(Number(users.all)).toBe(Number(users.emails));
    // Both instances list the same catalogue.
    const totals = await Promise.all(shops.map(async (shop) => ((await (await fetch(`${shop.url}/api/products`)).json()) as { total: number }).total));
    expect(totals[0]).toBe(totals[1]);

    await Promise.all(shops.map((shop) => shop.stop()));
    for (const shop of shops) {
      const output = shop.output();
      expect(output).not.toContain('$argon2');
      for (const [name, value] of Object.entries(SECRETS)) expect(output.includes(value), `${name} in the log`).toBe(false);
    }
    console.log(
      `${products.all} products and ${users.all} users seeded once; log lines checked: ${shops.map((s) => s.output().split('\n').length).join(', ')}`,
    );
  });
});
