import { and, eq, gt } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { outboxMessages } from '../../db/schema.js';
import { findGuestOrderIds } from '../orders/index.js';

/**
 * Letters anybody can make the shop send to any address (docs/notifications.md, "Abuse"): a guest
 * order's confirmation and a password reset. At most `perDay` of them go to one recipient in 24
 * hours; the rest are dropped with a log line, so the shop is nobody's mail cannon.
 */
export interface RecipientCap {
  perDay: number;
  log?: { warn: (details: object, message: string) => void };
}

const DAY_MS = 24 * 60 * 60_000;

/** True when one more unsolicited letter may go to `recipient`; logs (with the address masked) when not. */
export async function mayMail(tx: Tx, cap: RecipientCap, recipient: string, kind: 'guest-order' | 'password-reset', now = new Date()): Promise<boolean> {
  // The day's letters to this address are few: read them, then ask the orders module which were about guests' orders.
  const letters = await tx
    .select({ orderId: outboxMessages.orderId })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.channel, 'email'), eq(outboxMessages.recipient, recipient), gt(outboxMessages.createdAt, new Date(now.getTime() - DAY_MS))));
  const guestOrders = await findGuestOrderIds(tx, [...new Set(letters.flatMap((letter) => (letter.orderId ? [letter.orderId] : [])))]);
  // Reset letters are the only letters without an order.
  const sent = letters.filter((letter) => letter.orderId === null || guestOrders.has(letter.orderId)).length;
  if (sent < cap.perDay) return true;
  cap.log?.warn({ recipient: maskEmail(recipient), kind, sentToday: sent }, 'letter dropped: daily cap of unsolicited letters to this recipient reached');
  return false;
}

/** "t***@example.com": enough to recognise a pattern in the log, not to harvest addresses. */
export const maskEmail = (email: string) => email.replace(/^(.)[^@]*/, '$1***');
