import { and, desc, eq, isNull, lt, or } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { monobankInvoices, type MonobankInvoiceRow } from '../../db/schema.js';

/** The monobank invoices created for orders (docs/payments.md). */

export async function insertInvoice(
  tx: Tx,
  invoice: Pick<MonobankInvoiceRow, 'invoiceId' | 'orderId' | 'amountMinor' | 'pageUrl' | 'expiresAt'>,
): Promise<void> {
  await tx.insert(monobankInvoices).values(invoice);
}

export async function findInvoice(tx: Tx, invoiceId: string): Promise<MonobankInvoiceRow | null> {
  const [row] = await tx.select().from(monobankInvoices).where(eq(monobankInvoices.invoiceId, invoiceId)).limit(1);
  return row ?? null;
}

/** The order's newest invoice: the one a second click may reuse and the return page asks about. */
export async function findLatestInvoiceOfOrder(tx: Tx, orderId: string): Promise<MonobankInvoiceRow | null> {
  const [row] = await tx.select().from(monobankInvoices).where(eq(monobankInvoices.orderId, orderId)).orderBy(desc(monobankInvoices.createdAt)).limit(1);
  return row ?? null;
}

/** Keeps a status only when it is newer than the one kept: returns whether it was. */
export async function saveInvoiceStatusIfNewer(tx: Tx, invoiceId: string, status: string, modifiedAt: Date): Promise<boolean> {
  const rows = await tx
    .update(monobankInvoices)
    .set({ status, modifiedAt })
    .where(and(eq(monobankInvoices.invoiceId, invoiceId), or(isNull(monobankInvoices.modifiedAt), lt(monobankInvoices.modifiedAt, modifiedAt))))
    .returning({ invoiceId: monobankInvoices.invoiceId });
  return rows.length > 0;
}
