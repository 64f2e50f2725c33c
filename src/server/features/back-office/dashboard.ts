import type { Dashboard, DashboardPeriod } from '../../../shared/back-office.js';
import { fromMinor } from '../../../shared/pricing.js';
import type { Tx } from '../../db/client.js';
import { refreshSalesSummary, salesOfDays } from '../orders/index.js';
import { findLowStockPacks } from '../products/index.js';

const LOW_STOCK_LIMIT = 50;

/**
 * The dashboard for the last `days` Kyiv days, today included (docs/back-office.md). Every figure is
 * summed by the database in kopiykas, from the orders' per-day sales summary (orders/sales-by-day.ts),
 * summed again first for the days order writes have changed; the packs running low come from the
 * catalogue.
 */
export async function getDashboard(tx: Tx, days: DashboardPeriod, now = new Date()): Promise<Dashboard> {
  await refreshSalesSummary(tx);
  // Independent reads: on a pool each takes its own connection, so the slowest sets the time.
  const [{ revenue, byStatus, paymentMethods, topProducts, topCategories }, lowStock] = await Promise.all([
    salesOfDays(tx, days, now),
    findLowStockPacks(tx, LOW_STOCK_LIMIT),
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
