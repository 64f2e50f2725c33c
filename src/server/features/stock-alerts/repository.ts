import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { chunks } from '../../db/chunks.js';
import type { Tx } from '../../db/client.js';
import { stockAlerts, type StockAlertRow } from '../../db/schema.js';

/** Adds an alert; the same address for the same product or pack again changes nothing. */
export async function insertAlert(
  tx: Tx,
  alert: { productId: string; variantId: string | null; email: string; locale: StockAlertRow['locale'] },
): Promise<void> {
  await tx
    .insert(stockAlerts)
    .values(alert)
    .onConflictDoNothing({ target: [stockAlerts.productId, stockAlerts.variantId, stockAlerts.email] });
}

/** Ends every alert of an address; how many there were. */
export async function deleteAlertsOf(tx: Tx, email: string): Promise<number> {
  const deleted = await tx.delete(stockAlerts).where(eq(stockAlerts.email, email)).returning({ id: stockAlerts.id });
  return deleted.length;
}

/**
 * Takes (deletes and returns) the alerts a restock answers: those for the restocked packs, and
 * those for the whole product when it had nothing in stock before.
 */
export async function takeRestockedAlerts(tx: Tx, productId: string, restockedVariantIds: string[], productHadNone: boolean): Promise<StockAlertRow[]> {
  return tx
    .delete(stockAlerts)
    .where(
      and(
        eq(stockAlerts.productId, productId),
        or(inArray(stockAlerts.variantId, restockedVariantIds), productHadNone ? isNull(stockAlerts.variantId) : sql`false`),
      ),
    )
    .returning();
}

/** The products among these that someone waits on with a stock alert. */
export async function productsWithAlerts(tx: Tx, productIds: readonly string[]): Promise<Set<string>> {
  const waited = new Set<string>();
  for (const part of chunks(productIds)) {
    const rows = await tx.selectDistinct({ id: stockAlerts.productId }).from(stockAlerts).where(inArray(stockAlerts.productId, part));
    for (const row of rows) waited.add(row.id);
  }
  return waited;
}
