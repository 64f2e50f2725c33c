import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { orderItems, orders, type OrderItemRow } from '../../db/schema.js';
// eslint-disable-next-line shop/import-layers -- the account's name and e-mail joined to each order of the page
import { users } from '../../db/schema.js';

/** Where a page of orders ends: the time as text keeps PostgreSQL's microseconds, which a Date would round off the keyset. */
export type OrderKey = { createdAt: string; id: string };

/**
 * A page of the orders placed from `since` until before `until` (either open), oldest first, by
 * keyset after `after`, each with its account's name and e-mail (joined in the same statement) and
 * its creation time as the key's text: what the orders' export writes.
 */
export function findPlacedOrderPage(tx: Tx, since: Date | null, until: Date | null, after: OrderKey | null, size: number) {
  return tx
    .select({ order: orders, userName: users.name, userEmail: users.email, createdAtText: sql<string>`${orders.createdAt}::text` })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(
      and(
        since ? gte(orders.createdAt, since) : undefined,
        until ? lt(orders.createdAt, until) : undefined,
        after ? sql`(${orders.createdAt}, ${orders.id}) > (${after.createdAt}::timestamptz, ${after.id}::uuid)` : undefined,
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orders.id))
    .limit(size);
}

/** The lines of these orders in the order they were written (by order, then line id), as an export lists them. */
export async function findLinesInWrittenOrder(tx: Tx, orderIds: readonly string[]): Promise<OrderItemRow[]> {
  return tx
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, [...orderIds]))
    .orderBy(asc(orderItems.orderId), asc(orderItems.id));
}
