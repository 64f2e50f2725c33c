import { sql } from 'drizzle-orm';
import { SHOP_TIME_ZONE } from '../../../shared/time-zone.js';
import type { Tx } from '../../db/client.js';
import { rowsOf } from './sql-rows.js';

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
    await tx.execute(sql`INSERT INTO dashboard_product_days (day, product_key, product_id, name, category, qty, revenue_minor)
      SELECT b.day, coalesce(i.product_id::text, 'name:' || max(i.name)), i.product_id, max(i.name), max(p.category),
             sum(i.qty), sum(i.price_minor::bigint * i.qty)
      FROM (${bounds}) b JOIN orders o ON o.created_at >= b.starts AND o.created_at < b.ends AND o.status <> 'cancelled'
      JOIN order_items i ON i.order_id = o.id LEFT JOIN products p ON p.id = i.product_id
      GROUP BY b.day, i.product_id, CASE WHEN i.product_id IS NULL THEN i.name END`);
    return taken.length;
  });
}
