import { sql } from 'drizzle-orm';
import type { Dashboard, DashboardPeriod } from '../../../shared/back-office.js';
import { fromMinor } from '../../../shared/pricing.js';
import { SHOP_TIME_ZONE } from '../../../shared/time-zone.js';
import type { Tx } from '../../db/client.js';
import { rowsOf } from './sql-rows.js';
import { refreshSalesSummary } from './sales-summary.js';

const TOP = 5;
const LOW_STOCK_LIMIT = 50;

/**
 * The dashboard for the last `days` Kyiv days, today included (docs/back-office.md). Every figure is
 * summed by the database in kopiykas, from the per-day sales summary (sales-summary.ts): an order is
 * "placed" on the Kyiv day it was created, unless cancelled, and "paid" on the Kyiv day of its payment.
 */
export async function getDashboard(tx: Tx, days: DashboardPeriod, now = new Date()): Promise<Dashboard> {
  const today = sql`(${now.toISOString()}::timestamptz AT TIME ZONE ${SHOP_TIME_ZONE})::date`;
  const firstDay = sql`(${today} - ${days - 1}::int)`;

  await refreshSalesSummary(tx);
  const inPeriod = sql`day >= ${firstDay}`;

  const revenueRows = rowsOf<{ date: string; paid: number; placed: number; orders: number }>(
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

  const byStatusRows = rowsOf<{ status: string; orders: number }>(
    tx,
    sql`SELECT status, sum(orders)::int AS orders FROM dashboard_order_days WHERE ${inPeriod} GROUP BY status ORDER BY orders DESC, status`,
  );
  const paymentMethodsRows = rowsOf<{ method: string; orders: number; total: number }>(
    tx,
    sql`SELECT payment_method AS method, sum(orders)::int AS orders, sum(total_minor)::float8 AS total
        FROM dashboard_order_days WHERE ${inPeriod} AND status <> 'cancelled' GROUP BY 1 ORDER BY orders DESC, method`,
  );
  // Summed by id (a deleted product's lines by name), named only once the five are known.
  const topProductsRows = rowsOf<{ productId: string | null; name: string; qty: number; revenue: number }>(
    tx,
    sql`SELECT t.product_id AS "productId", coalesce(p.name, t.line_name) AS name, t.qty, t.revenue
        FROM (SELECT product_id, CASE WHEN product_id IS NULL THEN name END AS line_name, sum(qty)::int AS qty, sum(revenue_minor)::float8 AS revenue
              FROM dashboard_product_days WHERE ${inPeriod}
              GROUP BY 1, 2 ORDER BY revenue DESC LIMIT ${TOP * 2}) t
        LEFT JOIN products p ON p.id = t.product_id
        ORDER BY t.revenue DESC, name LIMIT ${TOP}`,
  );
  const topCategoriesRows = rowsOf<{ category: string; name: string; qty: number; revenue: number }>(
    tx,
    sql`SELECT c.slug AS category, c.name, s.qty, s.revenue
        FROM (SELECT category, sum(qty)::int AS qty, sum(revenue_minor)::float8 AS revenue
              FROM dashboard_product_days WHERE ${inPeriod} AND category IS NOT NULL GROUP BY category) s
        JOIN categories c ON c.slug = s.category
        ORDER BY s.revenue DESC, c.name LIMIT ${TOP}`,
  );
  const lowStockRows = rowsOf<{
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

  // Independent reads: on a pool each takes its own connection, so the slowest sets the time.
  const [revenue, byStatus, paymentMethods, topProducts, topCategories, lowStock] = await Promise.all([
    revenueRows,
    byStatusRows,
    paymentMethodsRows,
    topProductsRows,
    topCategoriesRows,
    lowStockRows,
  ]);

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
      product: { id: row.productId, name: row.productName, slug: row.slug },
      variant: { id: row.variantId, sku: row.sku, label: row.label },
      countInStock: row.countInStock,
      threshold: row.threshold,
    })),
  };
}
