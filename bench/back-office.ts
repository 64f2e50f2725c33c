/**
 * The back office at scale (docs/back-office.md): 20,000 orders (60,000 lines, a third by guests)
 * and 100,000 packs on PostgreSQL, then p50/p95 of every dashboard answer (7/30/90 days) and of the
 * customers list and search, through the app. `npx tsx bench/back-office.ts`, or part of `npm run bench`.
 */
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { adminCookie, benchApp, withScratchDatabase } from './scratch-database.js';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 20_000);
const VARIANTS = Number(process.env.BENCH_VARIANTS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS_BACK_OFFICE ?? 40);
export const BACK_OFFICE_ROUTES = [
  '/api/admin/dashboard?days=7',
  '/api/admin/dashboard?days=30',
  '/api/admin/dashboard?days=90',
  '/api/admin/customers',
  '/api/admin/customers?q=Франко',
  '/api/admin/customers?q=067 12',
] as const;

export interface BackOfficeTiming {
  route: string;
  p50: number;
  p95: number;
}

export async function measureBackOfficeAtScale(): Promise<{ orders: number; variants: number; timings: BackOfficeTiming[] } | null> {
  return withScratchDatabase('shop_bench_bo', async (database) => {
    const db = database.db;
    const products = Math.ceil(VARIANTS / 4);
    await db.execute(sql`INSERT INTO products (name, image, description, price_minor, category, origin, weight, count_in_stock, search_text)
      SELECT 'Товар ' || g, '/images/placeholder.svg', 'Опис', 10000, (ARRAY['Hops','Yeast','Malt'])[1 + g % 3], 'USA', 1, 40, 'товар ' || g
      FROM generate_series(1, ${products}) g`);
    // Four packs a product; about one in fifty at or below its threshold.
    await db.execute(sql`INSERT INTO product_variants (product_id, sku, label, price_minor, count_in_stock, weight, position)
      SELECT p.id, 'B-' || p.n || '-' || k, k * 50 || ' г', 5000 * k, CASE WHEN (p.n + k) % 50 = 0 THEN (p.n % 5) ELSE 40 END, 0.05 * k, k
      FROM (SELECT id, row_number() OVER () AS n FROM products) p, generate_series(1, 4) k`);
    await db.execute(sql`INSERT INTO users (name, email, password_hash, phone)
      SELECT (ARRAY['Тарас Шевченко','Іван Франко','Леся Українка','Марко Вовчок'])[1 + g % 4] || ' ' || g, 'buyer-' || g || '@example.com', 'x',
             '+38067' || lpad((g * 7919 % 10000000)::text, 7, '0')
      FROM generate_series(1, 2000) g`);
    // Orders over the last 120 days: two thirds by accounts, a third by guests; statuses mixed.
    await db.execute(sql`INSERT INTO orders (user_id, guest_email, recipient_name, recipient_phone, city_name, branch_description, payment_method,
        items_minor, shipping_minor, tax_minor, total_minor, status, paid_at, created_at)
      SELECT CASE WHEN g % 3 <> 0 THEN (SELECT id FROM users ORDER BY email OFFSET (g % 2000) LIMIT 1) END,
        CASE WHEN g % 3 = 0 AND g % 2 = 0 THEN 'guest-' || (g % 3000) || '@example.com' END,
        (ARRAY['Тарас Шевченко','Іван Франко','Леся Українка','Марко Вовчок'])[1 + g % 4] || ' ' || (g % 3000),
        '+38050' || lpad((g % 3000)::text, 7, '0'), 'Київ', 'Відділення №' || (g % 300),
        (ARRAY['cash_on_delivery','card_transfer','paypal','liqpay','monobank'])[1 + g % 5], 100000 + g, 0, 0, 100000 + g,
        (ARRAY['pending','paid','shipped','delivered','cancelled'])[1 + g % 5],
        CASE WHEN g % 5 IN (1, 2, 3) THEN now() - (g || ' minutes')::interval * 8.64 + interval '1 hour' END,
        now() - (g || ' minutes')::interval * 8.64
      FROM generate_series(1, ${ORDERS}) g`);
    await db.execute(sql`INSERT INTO order_items (order_id, product_id, name, image, price_minor, qty, variant_id, sku, label)
      SELECT o.id, v.product_id, 'Товар', '/images/placeholder.svg', v.price_minor, 1 + k % 3, v.id, v.sku, v.label
      FROM (SELECT id, row_number() OVER () AS n FROM orders) o CROSS JOIN generate_series(1, 3) k
      JOIN (SELECT id, product_id, price_minor, sku, label, row_number() OVER (ORDER BY id) - 1 AS n FROM product_variants) v
        ON v.n = (o.n * 37 + k * 1013) % (SELECT count(*) FROM product_variants)`);
    await db.execute(sql`ANALYZE`);

    const app = await benchApp(database);
    try {
      const cookie = await adminCookie(app, database);
      const timings: BackOfficeTiming[] = [];
      for (const route of BACK_OFFICE_ROUTES) {
        const times: number[] = [];
        for (let round = 0; round < ROUNDS + 3; round++) {
          const start = performance.now();
          const res = await app.inject({ url: encodeURI(route), headers: { cookie } });
          // The first rounds warm the connection pool and the plan cache.
          if (round >= 3) times.push(performance.now() - start);
          if (res.statusCode !== 200) throw new Error(`${route}: ${res.statusCode} ${res.body}`);
        }
        times.sort((a, b) => a - b);
        const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))];
        timings.push({ route, p50: at(0.5), p95: at(0.95) });
      }
      return { orders: ORDERS, variants: VARIANTS, timings };
    } finally {
      await app.close();
    }
  });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await measureBackOfficeAtScale();
  if (!result) console.log('Back office at scale: skipped (PostgreSQL unreachable)');
  else {
    console.log(`Back office on PostgreSQL: ${result.orders.toLocaleString('en')} orders, ${result.variants.toLocaleString('en')} packs (target p95 < 100 ms)`);
    for (const t of result.timings) console.log(`  ${t.route.padEnd(36)} p50 ${t.p50.toFixed(1)} ms   p95 ${t.p95.toFixed(1)} ms`);
  }
}
