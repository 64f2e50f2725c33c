import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SHIPPING, freePort, signUp, sleep, startShop, type ShopProcess } from './harness';

/**
 * The layout of docs/deploy.md: two instances behind HAProxy on one PostgreSQL and one Redis
 * (the machine's own servers, as in CI).
 */
const HAPROXY = ['/usr/sbin/haproxy', '/usr/bin/haproxy'].find((file) => existsSync(file));
const POSTGRES = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ADMIN = { email: 'admin@example.com', password: 'ha-admin-password' };

/** A product saved through the admin's API: one hop pack with the given name, price and stock. */
function saveProduct(baseUrl: string, cookie: string, id: string, fields: { name: string; price: number; countInStock: number; status?: 'published' }) {
  return fetch(`${baseUrl}/api/products/${id}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({
      ...fields,
      discount: 0,
      image: '/images/x.svg',
      origin: 'USA',
      category: 'Hops',
      description: 'Опис',
      weight: 0.1,
      cropYear: 2025,
      alfa: 7,
      ferment_temp: null,
      ferment_type: null,
    }),
  });
}

async function postgresUp(): Promise<boolean> {
  const client = new pg.Client({ connectionString: POSTGRES, connectionTimeoutMillis: 2_000 });
  client.on('error', () => {});
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: POSTGRES });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

if (process.env.CI && !HAPROXY) throw new Error("HAProxy is not installed: .ci/run installs Debian's haproxy package");

describe.runIf(HAPROXY && (await postgresUp()))('two instances behind HAProxy', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-ha-'));
  const database = `shop_ha_${randomBytes(5).toString('hex')}`;
  let shops: ShopProcess[] = [];
  let haproxy: ChildProcess;
  let balancer: string;

  beforeAll(async () => {
    await admin(`create database ${database}`);
    const url = new URL(POSTGRES);
    url.pathname = `/${database}`;
    const env = {
      DATABASE_URL: url.toString(),
      REDIS_URL: 'redis://127.0.0.1:6379',
      TRUST_PROXY: '1',
      // Any instance serves any session (docs/deploy.md).
      JWT_SECRET: 'shared-secret-of-both-instances-0123456789',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      AUTH_RATE_LIMIT: '1000',
      SEED_DEMO: 'false',
      DATA_DIR: path.join(dir, 'data'),
    };
    shops = await Promise.all([startShop({ ...env, DATA_DIR: path.join(dir, 'a') }), startShop({ ...env, DATA_DIR: path.join(dir, 'b') })]);
    const port = await freePort();
    const config = path.join(dir, 'haproxy.cfg');
    // The configuration of docs/deploy.md, on local ports.
    writeFileSync(
      config,
      `global
  maxconn 1024
defaults
  mode http
  timeout connect 2s
  timeout client 30s
  timeout server 30s
  retries 2
  option redispatch
frontend shop
  bind 127.0.0.1:${port}
  default_backend shops
backend shops
  balance roundrobin
  option forwardfor
  option httpchk GET /api/ready
  http-check expect status 200
  default-server check inter 500ms fall 2 rise 2
${shops.map((shop, i) => `  server shop${i} ${shop.url.replace('http://', '')}`).join('\n')}
`,
    );
    haproxy = spawn(HAPROXY!, ['-f', config, '-db'], { stdio: 'ignore' });
    balancer = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 50; i++) {
      try {
        if ((await fetch(`${balancer}/api/ready`)).ok) break;
      } catch {
        // not listening yet
      }
      await sleep(100);
    }
  });

  afterAll(async () => {
    haproxy?.kill('SIGTERM');
    await Promise.all(shops.map((shop) => shop.stop()));
    await admin(`drop database if exists ${database} with (force)`).catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  });

  const json = { 'content-type': 'application/json' };
  const signInAdmin = async (base: string) => {
    const res = await fetch(`${base}/api/users/auth`, { method: 'POST', headers: json, body: JSON.stringify(ADMIN) });
    expect(res.status).toBe(200);
    return res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
  };

  test('an order race through the balancer sells exactly the stock', async () => {
    const cookie = await signInAdmin(balancer);
    const created = await fetch(`${balancer}/api/products`, { method: 'POST', headers: { cookie } });
    expect(created.status).toBe(201);
    const product = (await created.json()) as Record<string, unknown> & { _id: string };
    const edit = await saveProduct(balancer, cookie, product._id, { name: 'Хміль для гонки', status: 'published', price: 100, countInStock: 5 });
    expect(edit.status).toBe(200);

    const buyers = await Promise.all(Array.from({ length: 12 }, () => signUp(balancer, `racer-${randomUUID()}@example.com`)));
    const answers = await Promise.all(
      buyers.map(async (buyer) => {
        const res = await fetch(`${balancer}/api/orders`, {
          method: 'POST',
          headers: { ...json, cookie: buyer },
          body: JSON.stringify({ orderItems: [{ product: product._id, qty: 1 }], shippingAddress: SHIPPING, paymentMethod: 'NovaPoshta' }),
        });
        return { status: res.status, code: ((await res.json()) as { code?: string }).code };
      }),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(5);
    expect(answers.filter((a) => a.status !== 201).every((a) => a.status === 409 && a.code === 'OUT_OF_STOCK')).toBe(true);
    for (const shop of shops) {
      const detail = (await (await fetch(`${shop.url}/api/products/${product._id}`)).json()) as { countInStock: number };
      expect(detail.countInStock).toBe(0);
    }
  });

  test('a product edited on one instance is seen at once on the other', async () => {
    const [one, other] = shops;
    const cookie = await signInAdmin(one.url);
    const creation = await fetch(`${one.url}/api/products`, { method: 'POST', headers: { cookie } });
    expect(creation.status).toBe(201);
    const created = (await creation.json()) as { _id: string; name: string };
    const listedNames = async (shop: ShopProcess) =>
      ((await (await fetch(`${shop.url}/api/products?all=true`, { headers: { cookie } })).json()) as { products: { name: string }[] }).products.map(
        (p) => p.name,
      );
    // Both caches warm with the new draft's name (a draft is listed for the admin only).
    const t1 = Date.now();
    while (!(await listedNames(other)).includes(created.name) && Date.now() - t1 < 3_000) await sleep(50);
    expect(await listedNames(other)).toContain(created.name);
    await fetch(`${other.url}/api/products?keyword=${encodeURIComponent('Сорт з іншого інстансу')}`);
    const name = `Сорт з іншого інстансу ${randomUUID().slice(0, 6)}`;
    const edit = await saveProduct(one.url, cookie, created._id, { name, price: 55, countInStock: 3 });
    expect(edit.status).toBe(200);
    const t0 = Date.now();
    while (!(await listedNames(other)).includes(name) && Date.now() - t0 < 3_000) await sleep(50);
    expect(await listedNames(other)).toContain(name);
    console.log(`the other instance listed the edit after ${Date.now() - t0} ms`);
  });

  test('one instance killed: the other keeps serving through the balancer', async () => {
    shops[0].child.kill('SIGKILL');
    await shops[0].exited;
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await fetch(`${balancer}/api/products`)).status);
    expect(
      statuses.every((status) => status === 200),
      statuses.join(','),
    ).toBe(true);
    const buyer = await signUp(balancer, `survivor-${randomUUID()}@example.com`);
    const profile = await fetch(`${balancer}/api/users/profile`, { headers: { cookie: buyer } });
    expect(profile.status).toBe(200);
    expect(shops[1].child.exitCode).toBeNull();
  });
});
