import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { outboxMessages, type OutboxMessageRow } from '../../db/schema.js';

/**
 * The outbox (docs/notifications.md): a notice is a row written in the same transaction as the
 * change that causes it, so a rolled-back change sends nothing and a committed one is never lost.
 */
export type NewOutboxMessage = Pick<typeof outboxMessages.$inferInsert, 'channel' | 'recipient' | 'subject' | 'textBody' | 'htmlBody' | 'orderId'>;

export async function queueMessages(tx: Tx, messages: NewOutboxMessage[]): Promise<void> {
  if (messages.length) await tx.insert(outboxMessages).values(messages);
}

/** How long a claimed message is left to its sender before another worker may try it again. */
export const CLAIM_MS = 2 * 60_000;

/**
 * Claims up to `limit` due messages for this worker: pushes their next attempt past the claim
 * window in one statement, skipping rows another instance is claiming at this very moment.
 */
export async function claimDueMessages(tx: Tx, now: Date, limit: number): Promise<OutboxMessageRow[]> {
  const due = tx
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(and(isNull(outboxMessages.sentAt), lte(outboxMessages.nextAttemptAt, now)))
    .orderBy(asc(outboxMessages.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await tx
    .update(outboxMessages)
    .set({ nextAttemptAt: new Date(now.getTime() + CLAIM_MS), attempts: sql`${outboxMessages.attempts} + 1` })
    .where(inArray(outboxMessages.id, due))
    .returning();
  // In the order they were written: "placed" before "paid".
  return claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

export async function markSent(tx: Tx, id: string, at: Date): Promise<void> {
  await tx.update(outboxMessages).set({ sentAt: at, lastError: null }).where(eq(outboxMessages.id, id));
}

export async function markFailed(tx: Tx, id: string, error: string, retryAt: Date): Promise<void> {
  await tx
    .update(outboxMessages)
    .set({ lastError: error.slice(0, 1000), nextAttemptAt: retryAt })
    .where(eq(outboxMessages.id, id));
}

/** Doubling from 30 s up to an hour: an SMTP outage delays notices, it does not lose them. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60_000);
}
