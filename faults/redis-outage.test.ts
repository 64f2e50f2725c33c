import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startFakeNovaPoshta, type FakeNovaPoshta } from '../src/server/test/fakes/nova-poshta';
import {
  SHIPPING,
  freePort,
  hasPostgresBinaries,
  insertProducts,
  signUp,
  sleep,
  startPostgresCluster,
  startShop,
  type PostgresCluster,
  type ShopProcess,
} from './harness';

/**
 * Redis stopped for real (docs/deploy.md, "Redis may restart at will"): a private redis-server
 * (never the machine's shared one) behind two instances is stopped; guest orders, password reset,
 * the LiqPay callback, reviews and the city search answer as before, never 500, and the limits
 * still count in each instance's memory; once Redis is back, the counts go to it again.
 */
const REDIS_SERVER = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((file) => existsSync(file));
const LIQPAY = { public: 'sandbox_i00000000042', private: 'sandbox_fault-private-key-0123456789' };

interface PrivateRedis {
  url: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  remove(): Promise<void>;
}

/** A redis-server of the test's own on a free port, without persistence, in a temporary directory. */
async function startPrivateRedis(): Promise<PrivateRedis> {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-fault-redis-'));
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    const started = spawn(REDIS_SERVER!, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], {
      stdio: 'ignore',
    });
    child = started;
    const client = new Redis(port, '127.0.0.1', { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    client.on('error', () => {});
    const deadline = Date.now() + 10_000;
    try {
      while (Date.now() < deadline) {
        if (started.exitCode !== null) throw new Error(`redis-server exited (${started.exitCode})`);
        try {
          await client.connect();
          if ((await client.ping()) === 'PONG') return;
        } catch {
          client.disconnect();
          await sleep(100);
        }
      }
      throw new Error('redis-server did not answer within 10 s');
    } finally {
      client.disconnect();
    }
  };
  const stop = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const gone = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    await gone;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    start,
    stop,
    async remove() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const sign = (data: string) =>
  createHash('sha1')
    .update(LIQPAY.private + data + LIQPAY.private)
    .digest('base64');

describe.runIf(REDIS_SERVER && hasPostgresBinaries())('Redis stopped under two instances', () => {
  let cluster: PostgresCluster;
  let redis: PrivateRedis;
  let novaPoshta: FakeNovaPoshta;
  let shops: ShopProcess[] = [];
  let productId = '';
  // Every check comes from addresses of its own (the instances trust one proxy hop), so limits do not
  // mix: counted, not drawn at random, where two checks could draw an address a third had used up.
  let lastAddress = 0;
  const address = () => {
    lastAddress += 1;
    return `10.99.${lastAddress >> 8}.${lastAddress & 255}`;
  };

  beforeAll(async () => {
    [cluster, redis, novaPoshta] = await Promise.all([startPostgresCluster(), startPrivateRedis(), startFakeNovaPoshta()]);
    await cluster.query('postgres', 'create database shop');
    const env = {
      DATABASE_URL: cluster.url('shop'),
      REDIS_URL: redis.url,
      TRUST_PROXY: '1',
      SEED_DEMO: 'false',
      JWT_SECRET: 'shared-secret-of-both-instances-0123456789',
      LIQPAY_PUBLIC_KEY: LIQPAY.public,
      LIQPAY_PRIVATE_KEY: LIQPAY.private,
      NOVA_POSHTA_API_URL: novaPoshta.url,
      NOVA_POSHTA_API_KEY: novaPoshta.apiKey,
    };
    shops = await Promise.all([startShop(env), startShop(env)]);
    [productId] = await insertProducts(cluster, 'shop', [
      { name: 'Хміль Каскад', category: 'Hops', origin: 'США', priceMinor: 10000, weight: 0.1, stock: 100_000 },
    ]);
  });

  afterAll(async () => {
    await Promise.all(shops.map((shop) => shop.stop()));
    await Promise.all([cluster?.remove(), redis?.remove(), novaPoshta?.close()]);
  });

  const post = (shop: ShopProcess, url: string, body: unknown, from: string, headers: Record<string, string> = {}) =>
    fetch(`${shop.url}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': from, ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
  const resetFrom = (shop: ShopProcess, from: string) => post(shop, '/api/users/password-reset', { email: `nobody-${randomUUID()}@example.com` }, from);

  /** Every route of the outage list, on one instance; the statuses they answered. */
  async function everyRoute(shop: ShopProcess): Promise<Record<string, number>> {
    const from = address();
    const guest = await post(
      shop,
      '/api/orders/guest',
      {
        orderItems: [{ product: productId, qty: 1 }],
        shippingAddress: { ...SHIPPING, phoneNumber: `+38067${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}` },
        paymentMethod: 'LiqPay',
        email: `guest-${randomUUID()}@example.com`,
      },
      from,
      { 'idempotency-key': randomBytes(24).toString('base64url') },
    );
    const order = (await guest.json()) as { _id: string; accessToken: string };
    const checkout = await post(shop, `/api/orders/guest/${order.accessToken}/liqpay`, {}, from);
    const form = JSON.parse(Buffer.from(((await checkout.json()) as { data: string }).data, 'base64').toString('utf8')) as Record<string, unknown>;
    const data = Buffer.from(
      JSON.stringify({
        status: 'success',
        public_key: LIQPAY.public,
        amount: form.amount,
        currency: form.currency,
        order_id: form.order_id,
        payment_id: Date.now(),
      }),
    ).toString('base64');
    const callback = await fetch(`${shop.url}/api/payments/liqpay/callback`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': address() },
      body: new URLSearchParams({ data, signature: sign(data) }).toString(),
    });
    const cookie = await signUp(shop.url, `reviewer-${randomUUID()}@example.com`);
    const review = await post(shop, `/api/products/${productId}/reviews`, { rating: 5, comment: 'Свіжий і ароматний' }, address(), { cookie });
    const cities = await fetch(`${shop.url}/api/delivery/cities?q=${encodeURIComponent('біла')}`, { headers: { 'x-forwarded-for': address() } });
    return {
      guestOrder: guest.status,
      liqpayCheckout: checkout.status,
      liqpayCallback: callback.status,
      passwordReset: (await resetFrom(shop, address())).status,
      review: review.status,
      cities: cities.status,
    };
  }
  const EXPECTED = { guestOrder: 201, liqpayCheckout: 200, liqpayCallback: 200, passwordReset: 202, review: 201, cities: 200 };

  /** Password-reset requests from one address until the limit refuses one: how many were answered 202. */
  async function resetsUntilRefused(from: string, max = 20): Promise<number> {
    for (let i = 0; i < max; i++) {
      // Alternating instances: with Redis they count together; without it each counts its own.
      const status = (await resetFrom(shops[i % 2], from)).status;
      if (status === 429) return i;
      expect(status).toBe(202);
    }
    return max;
  }

  test('Redis up: both instances count together; Redis stopped: every route answers, limits count in memory; back: Redis again', async () => {
    for (const shop of shops) expect(await everyRoute(shop)).toEqual(EXPECTED);
    // Five resets per window and address: with Redis shared, five in all across both instances.
    expect(await resetsUntilRefused(address())).toBe(5);

    await redis.stop();
    const stoppedAt = Date.now();
    for (const shop of shops) {
      const ready = await fetch(`${shop.url}/api/ready`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ database: 'ok', redis: 'down' });
    }
    for (const shop of shops) expect(await everyRoute(shop)).toEqual(EXPECTED);
    console.log(`every route answered ${Date.now() - stoppedAt} ms into the outage`);
    // Still limited: each instance counts alone, so at most five per instance.
    const during = await resetsUntilRefused(address());
    expect(during).toBeGreaterThanOrEqual(5);
    expect(during).toBeLessThanOrEqual(10);
    // Said once per instance, not once per request.
    for (const shop of shops) expect(shop.output().match(/redis unreachable/g) ?? [], shop.output()).toHaveLength(1);

    await redis.start();
    const deadline = Date.now() + 30_000;
    for (const shop of shops) {
      while (Date.now() < deadline && (await fetch(`${shop.url}/api/ready`)).status !== 200) await sleep(250);
      expect((await fetch(`${shop.url}/api/ready`)).status).toBe(200);
    }
    // The counts go to Redis again: the new server gets the keys, and both instances count together.
    expect(await resetsUntilRefused(address())).toBe(5);
    const client = new Redis(redis.url);
    try {
      const keys = await client.keys('*password-reset*');
      expect(keys.length).toBeGreaterThan(0);
    } finally {
      client.disconnect();
    }
    for (const shop of shops) expect(await everyRoute(shop)).toEqual(EXPECTED);
    for (const shop of shops) {
      expect(shop.child.exitCode).toBeNull();
      expect(shop.output()).not.toMatch(/"statusCode":500|Internal Server Error/);
    }
  });
});
