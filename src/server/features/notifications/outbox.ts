import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { outboxMessages, type OutboxMessageRow } from '../../db/schema.js';

/**
 * The outbox (docs/notifications.md): a notice is a row written in the same transaction as the
 * change that causes it, so a rolled-back change sends nothing and a committed one is never lost.
 */
export type NewOutboxMessage = Pick<
  typeof outboxMessages.$inferInsert,
  'channel' | 'recipient' | 'subject' | 'textBody' | 'htmlBody' | 'orderId' | 'holdsSecret'
>;

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
    .where(and(isNull(outboxMessages.sentAt), isNull(outboxMessages.deadAt), lte(outboxMessages.nextAttemptAt, now)))
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

/** What a sent notice that held a secret link keeps of its text (docs/notifications.md). */
export const REDACTED_BODY = '[Текст видалено після надсилання: лист містив секретне посилання]';

/** Sent: a notice holding a secret link loses its bodies now, the rest is kept for the retention period. */
export async function markSent(tx: Tx, id: string, at: Date): Promise<void> {
  await tx
    .update(outboxMessages)
    .set({
      sentAt: at,
      lastError: null,
      textBody: sql`CASE WHEN ${outboxMessages.holdsSecret} THEN ${REDACTED_BODY} ELSE ${outboxMessages.textBody} END`,
      htmlBody: sql`CASE WHEN ${outboxMessages.holdsSecret} THEN NULL ELSE ${outboxMessages.htmlBody} END`,
    })
    .where(eq(outboxMessages.id, id));
}

export async function markFailed(tx: Tx, id: string, error: string, retryAt: Date): Promise<void> {
  await tx
    .update(outboxMessages)
    .set({ lastError: error.slice(0, 1000), nextAttemptAt: retryAt })
    .where(eq(outboxMessages.id, id));
}

/** Failed for the last allowed time: parked until an admin retries it (docs/notifications.md). */
export async function markDead(tx: Tx, id: string, error: string, at: Date): Promise<void> {
  await tx
    .update(outboxMessages)
    .set({ lastError: error.slice(0, 1000), deadAt: at })
    .where(eq(outboxMessages.id, id));
}

/** Deletes notices sent before `before`; dead and unsent ones stay. Returns how many went. */
export async function pruneSent(tx: Tx, before: Date): Promise<number> {
  const deleted = await tx
    .delete(outboxMessages)
    .where(and(isNotNull(outboxMessages.sentAt), lt(outboxMessages.sentAt, before)))
    .returning({ id: outboxMessages.id });
  return deleted.length;
}

export type OutboxState = 'dead' | 'pending' | 'sent';

/** The newest notices in a state, for the admin's list; bodies are not read (they may hold secrets). */
export async function listMessages(tx: Tx, state: OutboxState, limit: number) {
  const where =
    state === 'dead'
      ? isNotNull(outboxMessages.deadAt)
      : state === 'sent'
        ? isNotNull(outboxMessages.sentAt)
        : and(isNull(outboxMessages.sentAt), isNull(outboxMessages.deadAt));
  return tx
    .select({
      id: outboxMessages.id,
      channel: outboxMessages.channel,
      recipient: outboxMessages.recipient,
      subject: outboxMessages.subject,
      orderId: outboxMessages.orderId,
      attempts: outboxMessages.attempts,
      lastError: outboxMessages.lastError,
      createdAt: outboxMessages.createdAt,
      nextAttemptAt: outboxMessages.nextAttemptAt,
      sentAt: outboxMessages.sentAt,
      deadAt: outboxMessages.deadAt,
    })
    .from(outboxMessages)
    .where(where)
    .orderBy(desc(state === 'dead' ? outboxMessages.deadAt : state === 'sent' ? outboxMessages.sentAt : outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(limit);
}

/** A dead notice back in the queue, due now, with a fresh count of attempts; null when it is not dead. */
export async function reviveDead(tx: Tx, id: string, now: Date): Promise<OutboxMessageRow | null> {
  const [revived] = await tx
    .update(outboxMessages)
    .set({ deadAt: null, attempts: 0, nextAttemptAt: now })
    .where(and(eq(outboxMessages.id, id), isNotNull(outboxMessages.deadAt)))
    .returning();
  return revived ?? null;
}

export async function findMessage(tx: Tx, id: string): Promise<OutboxMessageRow | null> {
  const [row] = await tx.select().from(outboxMessages).where(eq(outboxMessages.id, id));
  return row ?? null;
}

/** For the metrics: notices waiting to be sent, and those parked as dead. */
export async function outboxCounts(tx: Tx): Promise<{ pending: number; dead: number }> {
  const [row] = await tx
    .select({
      pending: count(sql`CASE WHEN ${outboxMessages.sentAt} IS NULL AND ${outboxMessages.deadAt} IS NULL THEN 1 END`),
      dead: count(outboxMessages.deadAt),
    })
    .from(outboxMessages);
  return { pending: Number(row?.pending ?? 0), dead: Number(row?.dead ?? 0) };
}

/** Doubling from 30 s up to an hour: an SMTP outage delays notices, it does not lose them. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60_000);
}
