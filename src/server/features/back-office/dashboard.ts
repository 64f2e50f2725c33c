import { sql, type SQL } from 'drizzle-orm';
import type { Dashboard, DashboardPeriod } from '../../../shared/back-office.js';
import { fromMinor } from '../../../shared/pricing.js';
import type { Tx } from '../../db/client.js';
import { rowsOf } from './sql-rows.js';

/** The shop's calendar: a day of the dashboard is a Kyiv day (docs/back-office.md). */
export const SHOP_TIME_ZONE = 'Europe/Kyiv';
const TOP = 5;
const LOW_STOCK_LIMIT = 50;

/**
 * The dashboard for the last `days` Kyiv days, today included (docs/back-office.md). Every figure is
 * summed by the database in kopiykas: an order is "placed" on the Kyiv day it was created, unless
 * cancelled, and "paid" on the Kyiv day of its payment.
 */
export async function getDashboard(tx: Tx, days: DashboardPeriod, now = new Date()): Promise<Dashboard> {
  const today = sql`(${now.toISOString()}::timestamptz AT TIME ZONE ${SHOP_TIME_ZONE})::date`;
  const firstDay = sql`(${today} - ${days - 1}::int)`;
  // The first day's Kyiv midnight as an instant: the index on created_at / paid_at answers the range.
  const start = sql`(${firstDay}::timestamp AT TIME ZONE ${SHOP_TIME_ZONE})`;
  const kyivDay = (column: SQL) => sql`(${column} AT TIME ZONE ${SHOP_TIME_ZONE})::date`;

  const revenue = await rowsOf<{ date: string; paid: number; placed: number; orders: number }>(
    tx,
    sql`WITH placed AS (
          SELECT ${kyivDay(sql`created_at`)} AS day, sum(total_minor)::float8 AS total, count(*)::int AS orders
          FROM orders WHERE created_at >= ${start} AND status <> 'cancelled' GROUP BY 1
        ), paid AS (
          SELECT ${kyivDay(sql`paid_at`)} AS day, sum(total_minor)::float8 AS total
          FROM orders WHERE paid_at >= ${start} GROUP BY 1
        )
        SELECT to_char(d.day, 'YYYY-MM-DD') AS date, coalesce(paid.total, 0)::float8 AS paid,
               coalesce(placed.total, 0)::float8 AS placed, coalesce(placed.orders, 0)::int AS orders
        FROM (SELECT (${firstDay} + n)::date AS day FROM generate_series(0, ${days - 1}::int) AS n) d
        LEFT JOIN placed ON placed.day = d.day LEFT JOIN paid ON paid.day = d.day
        ORDER BY d.day`,
  );

  const inPeriod = sql`o.created_at >= ${start}`;
  const byStatus = await rowsOf<{ status: string; orders: number }>(
    tx,
    sql`SELECT o.status, count(*)::int AS orders FROM orders o WHERE ${inPeriod} GROUP BY o.status ORDER BY orders DESC, o.status`,
  );
  const paymentMethods = await rowsOf<{ method: string; orders: number; total: number }>(
    tx,
    sql`SELECT o.payment_method AS method, count(*)::int AS orders, sum(o.total_minor)::float8 AS total
        FROM orders o WHERE ${inPeriod} AND o.status <> 'cancelled' GROUP BY 1 ORDER BY orders DESC, method`,
  );
  const topProducts = await rowsOf<{ productId: string | null; name: string; qty: number; revenue: number }>(
    tx,
    sql`SELECT i.product_id AS "productId", max(i.name) AS name, sum(i.qty)::int AS qty, sum(i.price_minor::bigint * i.qty)::float8 AS revenue
        FROM order_items i JOIN orders o ON o.id = i.order_id
        WHERE ${inPeriod} AND o.status <> 'cancelled'
        GROUP BY i.product_id, CASE WHEN i.product_id IS NULL THEN i.name END
        ORDER BY revenue DESC, name LIMIT ${TOP}`,
  );
  const topCategories = await rowsOf<{ category: string; name: string; qty: number; revenue: number }>(
    tx,
    sql`SELECT c.slug AS category, c.name, sum(i.qty)::int AS qty, sum(i.price_minor::bigint * i.qty)::float8 AS revenue
        FROM order_items i JOIN orders o ON o.id = i.order_id
        JOIN products p ON p.id = i.product_id JOIN categories c ON c.slug = p.category
        WHERE ${inPeriod} AND o.status <> 'cancelled'
        GROUP BY c.slug, c.name ORDER BY revenue DESC, c.name LIMIT ${TOP}`,
  );
  const lowStock = await rowsOf<{
    productId: string;
    productName: string;
    slug: string;
    variantId: string;
    sku: string;
    label: string;
    countInStock: number;
    threshold: number;
  }>(
    tx,
    sql`SELECT p.id AS "productId", p.name AS "productName", coalesce(p.slug, p.id::text) AS slug, v.id AS "variantId", v.sku, v.label,
               v.count_in_stock AS "countInStock", v.low_stock_threshold AS threshold
        FROM product_variants v JOIN products p ON p.id = v.product_id
        WHERE v.archived_at IS NULL AND v.count_in_stock <= v.low_stock_threshold AND p.status = 'published'
        ORDER BY v.count_in_stock, p.name, v.position LIMIT ${LOW_STOCK_LIMIT}`,
  );

  const placedTotal = revenue.reduce((sum, day) => sum + day.placed, 0);
  const placedOrders = revenue.reduce((sum, day) => sum + day.orders, 0);
  return {
    days,
    revenue: revenue.map((day) => ({ date: day.date, paid: fromMinor(day.paid), placed: fromMinor(day.placed), orders: day.orders })),
    averageOrder: placedOrders ? fromMinor(Math.round(placedTotal / placedOrders)) : 0,
    byStatus,
    topProducts: topProducts.map((p) => ({ ...p, revenue: fromMinor(p.revenue) })),
    topCategories: topCategories.map((c) => ({ ...c, revenue: fromMinor(c.revenue) })),
    paymentMethods: paymentMethods.map((m) => ({ ...m, total: fromMinor(m.total) })),
    lowStock: lowStock.map((row) => ({
      product: { _id: row.productId, name: row.productName, slug: row.slug },
      variant: { _id: row.variantId, sku: row.sku, label: row.label },
      countInStock: row.countInStock,
      threshold: row.threshold,
    })),
  };
}
