import { sql } from 'drizzle-orm';
import type { DashboardPeriod } from '../../../shared/back-office.js';
import { SHOP_TIME_ZONE } from '../../../shared/time-zone.js';
import type { Tx } from '../../db/client.js';
import { rowsOf } from '../../db/sql-rows.js';

/**
 * Sales by Kyiv day (docs/decisions/026-dashboard-sales-summary.md): the summary tables
 * `dashboard_order_days`, `dashboard_paid_days` and `dashboard_product_days` are the orders'
 * own, noted stale by triggers on the order tables and summed again here; the back office's
 * dashboard reads them only through `salesOfDays`. Sums come back in kopiykas.
 */

/** One lock for every refresh, so two dashboards never sum the same day from different snapshots. */
const REFRESH_LOCK = 230_025;

/**
 * Sums again the days order writes have noted since the last refresh (docs/decisions/
 * 026-dashboard-sales-summary.md). One transaction: if it fails, the noted days stay noted. The
 * refreshes take turns; a write committed after a refresh took its notes leaves a note of its own,
 * which the next refresh takes.
 */
export async function refreshSalesSummary(db: Tx): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${REFRESH_LOCK})`);
    const taken = await rowsOf<{ day: string }>(
      tx,
      sql`WITH taken AS (DELETE FROM dashboard_stale_days RETURNING day) SELECT DISTINCT day::text AS day FROM taken`,
    );
    if (taken.length === 0) return 0;
    const days = sql`(SELECT unnest(${`{${taken.map((row) => row.day).join(',')}}`}::date[]) AS day)`;
    // Each day as the instants its Kyiv midnights fall on: the indexes on created_at and paid_at answer.
    const bounds = sql`SELECT day, (day::timestamp AT TIME ZONE ${SHOP_TIME_ZONE}) AS starts, ((day + 1)::timestamp AT TIME ZONE ${SHOP_TIME_ZONE}) AS ends FROM ${days} d`;

    await tx.execute(sql`DELETE FROM dashboard_order_days WHERE day IN (SELECT day FROM ${days} d)`);
    await tx.execute(sql`INSERT INTO dashboard_order_days (day, status, payment_method, orders, total_minor)
      SELECT b.day, o.status, o.payment_method, count(*), sum(o.total_minor)
      FROM (${bounds}) b JOIN orders o ON o.created_at >= b.starts AND o.created_at < b.ends
      GROUP BY b.day, o.status, o.payment_method`);

    await tx.execute(sql`DELETE FROM dashboard_paid_days WHERE day IN (SELECT day FROM ${days} d)`);
    await tx.execute(sql`INSERT INTO dashboard_paid_days (day, total_minor)
      SELECT b.day, sum(o.total_minor)
      FROM (${bounds}) b JOIN orders o ON o.paid_at >= b.starts AND o.paid_at < b.ends
      GROUP BY b.day`);

    await tx.execute(sql`DELETE FROM dashboard_product_days WHERE day IN (SELECT day FROM ${days} d)`);
    // eslint-disable-next-line shop/import-layers -- a line's category is its product's, summed with the line
    await tx.execute(sql`INSERT INTO dashboard_product_days (day, product_key, product_id, name, category, qty, revenue_minor)
      SELECT b.day, coalesce(i.product_id::text, 'name:' || max(i.name)), i.product_id, max(i.name), max(p.category),
             sum(i.qty), sum(i.price_minor::bigint * i.qty)
      FROM (${bounds}) b JOIN orders o ON o.created_at >= b.starts AND o.created_at < b.ends AND o.status <> 'cancelled'
      JOIN order_items i ON i.order_id = o.id LEFT JOIN products p ON p.id = i.product_id
      GROUP BY b.day, i.product_id, CASE WHEN i.product_id IS NULL THEN i.name END`);
    return taken.length;
  });
}

const TOP = 5;

/** A Kyiv day's takings: `paid` by the day of payment, `placed` and `orders` by the day of placing, cancelled ones left out. */
export interface DaySales {
  date: string;
  paid: number;
  placed: number;
  orders: number;
}

/** What sold in the period, in kopiykas: per day, per status and payment method, and the five best products and categories. */
export interface PeriodSales {
  revenue: DaySales[];
  byStatus: { status: string; orders: number }[];
  paymentMethods: { method: string; orders: number; total: number }[];
  topProducts: { productId: string | null; name: string; qty: number; revenue: number }[];
  topCategories: { category: string; name: string; qty: number; revenue: number }[];
}

/**
 * The sales of the last `days` Kyiv days, today included, from the summary as the last
 * `refreshSalesSummary` left it: an order is "placed" on the Kyiv day it was created, unless
 * cancelled, and "paid" on the Kyiv day of its payment.
 */
export async function salesOfDays(tx: Tx, days: DashboardPeriod, now: Date): Promise<PeriodSales> {
  const today = sql`(${now.toISOString()}::timestamptz AT TIME ZONE ${SHOP_TIME_ZONE})::date`;
  const firstDay = sql`(${today} - ${days - 1}::int)`;
  const inPeriod = sql`day >= ${firstDay}`;
  const revenue = rowsOf<DaySales>(
    tx,
    sql`WITH placed AS (
          SELECT day, sum(total_minor) FILTER (WHERE status <> 'cancelled')::float8 AS total,
                 coalesce(sum(orders) FILTER (WHERE status <> 'cancelled'), 0)::int AS orders
          FROM dashboard_order_days WHERE ${inPeriod} GROUP BY day
        )
        SELECT to_char(d.day, 'YYYY-MM-DD') AS date, coalesce(paid.total_minor, 0)::float8 AS paid,
               coalesce(placed.total, 0)::float8 AS placed, coalesce(placed.orders, 0)::int AS orders
        FROM (SELECT (${firstDay} + n)::date AS day FROM generate_series(0, ${days - 1}::int) AS n) d
        LEFT JOIN placed ON placed.day = d.day LEFT JOIN dashboard_paid_days paid ON paid.day = d.day
        ORDER BY d.day`,
  );
  const byStatus = rowsOf<{ status: string; orders: number }>(
    tx,
    sql`SELECT status, sum(orders)::int AS orders FROM dashboard_order_days WHERE ${inPeriod} GROUP BY status ORDER BY orders DESC, status`,
  );
  const paymentMethods = rowsOf<{ method: string; orders: number; total: number }>(
    tx,
    sql`SELECT payment_method AS method, sum(orders)::int AS orders, sum(total_minor)::float8 AS total
        FROM dashboard_order_days WHERE ${inPeriod} AND status <> 'cancelled' GROUP BY 1 ORDER BY orders DESC, method`,
  );
  // Summed by id (a deleted product's lines by name), named only once the five are known.
  const topProducts = rowsOf<{ productId: string | null; name: string; qty: number; revenue: number }>(
    tx,
    // eslint-disable-next-line shop/import-layers -- the five best products named in the same statement
    sql`SELECT t.product_id AS "productId", coalesce(p.name, t.line_name) AS name, t.qty, t.revenue
        FROM (SELECT product_id, CASE WHEN product_id IS NULL THEN name END AS line_name, sum(qty)::int AS qty, sum(revenue_minor)::float8 AS revenue
              FROM dashboard_product_days WHERE ${inPeriod}
              GROUP BY 1, 2 ORDER BY revenue DESC LIMIT ${TOP * 2}) t
        LEFT JOIN products p ON p.id = t.product_id
        ORDER BY t.revenue DESC, name LIMIT ${TOP}`,
  );
  const topCategories = rowsOf<{ category: string; name: string; qty: number; revenue: number }>(
    tx,
    // eslint-disable-next-line shop/import-layers -- the five best categories named in the same statement
    sql`SELECT c.slug AS category, c.name, s.qty, s.revenue
        FROM (SELECT category, sum(qty)::int AS qty, sum(revenue_minor)::float8 AS revenue
              FROM dashboard_product_days WHERE ${inPeriod} AND category IS NOT NULL GROUP BY category) s
        JOIN categories c ON c.slug = s.category
        ORDER BY s.revenue DESC, c.name LIMIT ${TOP}`,
  );
  // Independent reads: on a pool each takes its own connection, so the slowest sets the time.
  const [revenueRows, byStatusRows, paymentMethodsRows, topProductsRows, topCategoriesRows] = await Promise.all([
    revenue,
    byStatus,
    paymentMethods,
    topProducts,
    topCategories,
  ]);
  return { revenue: revenueRows, byStatus: byStatusRows, paymentMethods: paymentMethodsRows, topProducts: topProductsRows, topCategories: topCategoriesRows };
}
