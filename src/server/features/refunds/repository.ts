import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { refunds, type RefundRow } from '../../db/schema.js';

export type NewRefund = Pick<typeof refunds.$inferInsert, 'orderId' | 'lines' | 'amountMinor' | 'provider' | 'reason' | 'adminId'>;

export async function insertRefund(tx: Tx, refund: NewRefund): Promise<RefundRow> {
  const [row] = await tx.insert(refunds).values(refund).returning();
  return row;
}

/** The refunds that count against what is left to give back: succeeded, and those under way. */
export async function findCountedRefunds(tx: Tx, orderId: string): Promise<RefundRow[]> {
  return tx
    .select()
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), inArray(refunds.status, ['pending', 'succeeded'])))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
}

export async function findSucceededRefunds(tx: Tx, orderId: string): Promise<RefundRow[]> {
  return tx
    .select()
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.status, 'succeeded')))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
}

/** An automatic refund already made (or under way) for this payment of a cancelled order. */
export async function findCompensation(tx: Tx, orderId: string, reason: string): Promise<RefundRow | null> {
  const [row] = await tx
    .select()
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.reason, reason), inArray(refunds.status, ['pending', 'succeeded'])))
    .limit(1);
  return row ?? null;
}

export async function markRefund(
  tx: Tx,
  id: string,
  changes: { status: 'succeeded' | 'failed' | 'pending'; providerRefundId?: string; error?: string | null },
) {
  const [row] = await tx.update(refunds).set(changes).where(eq(refunds.id, id)).returning();
  return row;
}

/** The order's refunds, oldest first (the order's page lists them). */
export async function findRefundsOfOrder(tx: Tx, orderId: string): Promise<RefundRow[]> {
  return tx.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.createdAt), asc(refunds.id));
}
