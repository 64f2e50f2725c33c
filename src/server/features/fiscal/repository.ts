import { and, asc, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { fiscalReceipts, fiscalShiftCloses, type FiscalReceiptRow } from '../../db/schema.js';

export type NewFiscalReceipt = Pick<typeof fiscalReceipts.$inferInsert, 'orderId' | 'kind' | 'paymentKey' | 'checkboxReceiptId' | 'body' | 'totalMinor'>;

/** Owes a receipt once: the same order, kind and payment again changes nothing. */
export async function insertReceipt(tx: Tx, receipt: NewFiscalReceipt): Promise<void> {
  await tx.insert(fiscalReceipts).values(receipt).onConflictDoNothing();
}

export async function findReceiptsOfOrder(tx: Tx, orderId: string): Promise<FiscalReceiptRow[]> {
  return tx.select().from(fiscalReceipts).where(eq(fiscalReceipts.orderId, orderId)).orderBy(asc(fiscalReceipts.createdAt), asc(fiscalReceipts.id));
}

/** The issued sale receipts of these orders, in SQL. */
const issuedSaleReceiptsOf = (orderIds: readonly string[]) =>
  and(inArray(fiscalReceipts.orderId, [...orderIds]), eq(fiscalReceipts.kind, 'sell'), eq(fiscalReceipts.state, 'issued'));

/** The public links of these orders' issued sale receipts, by order (a packing slip prints it). */
export async function findIssuedSaleReceiptUrls(tx: Tx, orderIds: readonly string[]): Promise<Map<string, string | null>> {
  if (orderIds.length === 0) return new Map();
  const rows = await tx.select({ orderId: fiscalReceipts.orderId, url: fiscalReceipts.publicUrl }).from(fiscalReceipts).where(issuedSaleReceiptsOf(orderIds));
  return new Map(rows.map((row) => [row.orderId, row.url]));
}

/** The issued sale receipts of these orders by order id: the fiscal code, or Checkbox's receipt id while the code is unknown. */
export async function findIssuedSaleReceiptCodes(tx: Tx, orderIds: readonly string[]): Promise<Map<string, string>> {
  const rows = await tx
    .select({ orderId: fiscalReceipts.orderId, id: fiscalReceipts.checkboxReceiptId, fiscalCode: fiscalReceipts.fiscalCode })
    .from(fiscalReceipts)
    .where(issuedSaleReceiptsOf(orderIds));
  return new Map(rows.map((r) => [r.orderId, r.fiscalCode ?? r.id]));
}

/** How long a claimed receipt is left to its worker before another may try it (the id keeps it single). */
export const CLAIM_MS = 2 * 60_000;

/** Claims due receipts as the outbox claims notices (docs/notifications.md): skipping rows another instance holds. */
export async function claimDueReceipts(tx: Tx, now: Date, limit: number): Promise<FiscalReceiptRow[]> {
  const due = tx
    .select({ id: fiscalReceipts.id })
    .from(fiscalReceipts)
    .where(and(eq(fiscalReceipts.state, 'pending'), lte(fiscalReceipts.nextAttemptAt, now)))
    .orderBy(asc(fiscalReceipts.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await tx
    .update(fiscalReceipts)
    .set({ nextAttemptAt: new Date(now.getTime() + CLAIM_MS), attempts: sql`${fiscalReceipts.attempts} + 1` })
    .where(inArray(fiscalReceipts.id, due))
    .returning();
  // A sale before its return.
  return claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

export async function markIssued(tx: Tx, id: string, issued: { fiscalCode: string | null; publicUrl: string; at: Date }): Promise<FiscalReceiptRow | null> {
  const [row] = await tx
    .update(fiscalReceipts)
    .set({ state: 'issued', fiscalCode: issued.fiscalCode, publicUrl: issued.publicUrl, issuedAt: issued.at, lastError: null })
    .where(and(eq(fiscalReceipts.id, id), eq(fiscalReceipts.state, 'pending')))
    .returning();
  return row ?? null;
}

export async function markRetry(tx: Tx, id: string, error: string, retryAt: Date): Promise<void> {
  await tx
    .update(fiscalReceipts)
    .set({ lastError: error.slice(0, 1000), nextAttemptAt: retryAt })
    .where(and(eq(fiscalReceipts.id, id), eq(fiscalReceipts.state, 'pending')));
}

export async function markFailed(tx: Tx, id: string, error: string): Promise<void> {
  await tx
    .update(fiscalReceipts)
    .set({ state: 'failed', lastError: error.slice(0, 1000) })
    .where(and(eq(fiscalReceipts.id, id), eq(fiscalReceipts.state, 'pending')));
}

/** The admin's "try again" for a failed receipt: due now, with the same id at Checkbox. */
export async function retryFailed(tx: Tx, orderId: string, now: Date): Promise<number> {
  const rows = await tx
    .update(fiscalReceipts)
    .set({ state: 'pending', nextAttemptAt: now })
    .where(and(eq(fiscalReceipts.orderId, orderId), eq(fiscalReceipts.state, 'failed')))
    .returning({ id: fiscalReceipts.id });
  return rows.length;
}

/**
 * Claims the day's Z-report for this instance: one statement inserts the day or takes over a claim
 * that ran out, never a day already closed. Null when another instance has it or it is done.
 */
export async function claimShiftClose(tx: Tx, day: string, now: Date, claimMs: number): Promise<boolean> {
  const until = new Date(now.getTime() + claimMs);
  const rows = await tx
    .insert(fiscalShiftCloses)
    .values({ day, claimedUntil: until })
    .onConflictDoUpdate({
      target: fiscalShiftCloses.day,
      set: { claimedUntil: until },
      setWhere: and(sql`${fiscalShiftCloses.closedAt} IS NULL`, lt(fiscalShiftCloses.claimedUntil, now)),
    })
    .returning({ day: fiscalShiftCloses.day });
  return rows.length > 0;
}

export async function markShiftClosed(tx: Tx, day: string, at: Date): Promise<void> {
  await tx.update(fiscalShiftCloses).set({ closedAt: at, lastError: null }).where(eq(fiscalShiftCloses.day, day));
}

export async function markShiftCloseFailed(tx: Tx, day: string, error: string, retryAt: Date): Promise<void> {
  await tx
    .update(fiscalShiftCloses)
    .set({ lastError: error.slice(0, 1000), claimedUntil: retryAt })
    .where(eq(fiscalShiftCloses.day, day));
}

export async function findShiftClose(tx: Tx, day: string) {
  const [row] = await tx.select().from(fiscalShiftCloses).where(eq(fiscalShiftCloses.day, day));
  return row ?? null;
}
