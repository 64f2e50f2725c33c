/**
 * `npx tsx bench/order-list.ts`: the admin order list (GET /api/orders) at 20,000 orders on
 * PostgreSQL (BENCH_POSTGRES_URL) and embedded PGlite: p50/p95 of pages, filters and searches.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { adminCookie, benchApp } from './scratch-database.js';
import { openDatabase, type Database } from '../src/server/db/client.js';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 20_000);
const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const QUERIES = [
  '',
  '?pageNumber=500',
  '?status=shipped',
  '?q=10500',
  '?q=4567',
  '?q=Шевченко',
  '?q=buyer-7',
  '?q=20450000012345',
  '?status=pending&q=Франко&pageNumber=3',
];

async function measure(database: Database, label: string) {
  const db = database.db;
  // 200 customers, orders spread over two years, statuses mixed.
  await db.execute(sql`INSERT INTO users (name, email, password_hash)
    SELECT 'Покупець ' || g, 'buyer-' || g || '@example.com', 'x' FROM generate_series(1, 200) g`);
  await db.execute(sql`INSERT INTO orders (user_id, recipient_name, recipient_phone, city_name, branch_description, payment_method,
      items_minor, shipping_minor, tax_minor, total_minor, status, tracking_number, created_at)
    SELECT (SELECT id FROM users ORDER BY email OFFSET (g % 200) LIMIT 1),
      (ARRAY['Тарас Шевченко','Іван Франко','Леся Українка','Марко Вовчок'])[1 + g % 4] || ' ' || g,
      '+38067' || lpad((g * 7919 % 10000000)::text, 7, '0'), 'Київ', 'Відділення №' || (g % 300),
      (ARRAY['cash_on_delivery','card_transfer','paypal','liqpay'])[1 + g % 4], 100000, 0, 0, 100000,
      (ARRAY['pending','paid','shipped','delivered','cancelled'])[1 + g % 5],
      CASE WHEN g % 5 IN (2, 3) THEN '2045' || lpad(g::text, 10, '0') END,
      now() - (g || ' minutes')::interval * 50
    FROM generate_series(1, ${ORDERS}) g`);
  await db.execute(sql`ANALYZE`);
  const app = await benchApp(database);
  const cookie = await adminCookie(app, database);
  const times: number[] = [];
  let bytes = 0;
  for (let round = 0; round < 20; round++) {
    for (const query of QUERIES) {
      const start = performance.now();
      const res = await app.inject({ url: `/api/orders${query}`, headers: { cookie } });
      times.push(performance.now() - start);
      if (res.statusCode !== 200) throw new Error(`${query}: ${res.statusCode} ${res.body}`);
      if (query === '') bytes = res.body.length;
    }
  }
  await app.close();
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))].toFixed(1);
  console.log(`${label}: ${ORDERS} orders, ${times.length} requests: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms; first page ${(bytes / 1024).toFixed(1)} KB`);
}

const name = `shop_bench_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(ADMIN_URL);
url.pathname = `/${name}`;
const postgres = await openDatabase({ url: url.toString() });
try {
  await measure(postgres, 'PostgreSQL');
} finally {
  await postgres.close();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
const embedded = await openDatabase({ dataDir: 'memory://' });
try {
  await measure(embedded, 'PGlite');
} finally {
  await embedded.close();
}
