import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, lte, not, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FiscalReceipt } from '../../../shared/fiscal.js';
import type { OrderStatus } from '../../../shared/order-status.js';
import type { PaymentMethod } from '../../../shared/payment-methods.js';
import type { Tx } from '../../db/client.js';
import { orderItems, orders, strayPayments, type OrderItemRow, type OrderRow, type RefundRow } from '../../db/schema.js';
// eslint-disable-next-line shop/import-layers -- an order's customer name and e-mail, joined where orders are read and searched
import { users } from '../../db/schema.js';
import { lockProducts, refreshProductSummaries, returnVariantStock } from '../products/index.js';

export type NewOrder = typeof orders.$inferInsert;
export type NewOrderItem = Omit<typeof orderItems.$inferInsert, 'orderId'>;
export type OrderChanges = Partial<Omit<NewOrder, 'id' | 'number' | 'userId' | 'createdAt'>>;

/** An order with its customer's name and e-mail (null once the account is gone). */
export interface OrderWithUser {
  order: OrderRow;
  user: { id: string; name: string; email: string } | null;
}

export interface OrderWithItems extends OrderWithUser {
  items: OrderItemRow[];
  /** Its fiscal receipts (docs/fiscal.md), when read with the order. */
  receipts?: FiscalReceipt[];
  /** Its refunds, oldest first (docs/orders.md, "Refunds"), when read with the order. */
  refunds?: RefundRow[];
}

/**
 * A paid order, in SQL: it has a payment time (docs/orders.md), as `isPaid` in src/shared says.
 * `paidAt` names the column where a query spells its own, e.g. sql`o.paid_at`.
 */
export const paidCondition = (paidAt: SQL | AnyPgColumn = orders.paidAt): SQL => sql`${paidAt} IS NOT NULL`;

/** Puts a cancelled order's units back on their packs' shelves; lines of deleted packs have nowhere to go. */
export async function returnStock(tx: Tx, items: OrderItemRow[]): Promise<void> {
  const lines = items.filter((item) => item.variantId && item.productId);
  const productIds = [...new Set(lines.map((line) => line.productId!))];
  await lockProducts(tx, productIds);
  for (const line of [...lines].sort((a, b) => a.variantId!.localeCompare(b.variantId!))) await returnVariantStock(tx, line.variantId!, line.qty);
  await refreshProductSummaries(tx, productIds);
}

export async function insertOrder(tx: Tx, values: NewOrder, items: NewOrderItem[]): Promise<OrderRow> {
  const [order] = await tx.insert(orders).values(values).returning();
  if (items.length) await tx.insert(orderItems).values(items.map((item) => ({ ...item, orderId: order.id })));
  return order;
}

const orderWithUserColumns = {
  order: orders,
  userId: users.id,
  userName: users.name,
  userEmail: users.email,
};

type JoinedRow = { order: OrderRow; userId: string | null; userName: string | null; userEmail: string | null };

const withUser = (row: JoinedRow): OrderWithUser => ({
  order: row.order,
  user: row.userId ? { id: row.userId, name: row.userName ?? '', email: row.userEmail ?? '' } : null,
});

export async function findOrderById(tx: Tx, id: string): Promise<OrderWithUser | null> {
  const [row] = await tx.select(orderWithUserColumns).from(orders).leftJoin(users, eq(users.id, orders.userId)).where(eq(orders.id, id)).limit(1);
  return row ? withUser(row) : null;
}

export async function findOrderByAccessTokenHash(tx: Tx, accessTokenHash: string): Promise<OrderRow | null> {
  const [row] = await tx.select().from(orders).where(eq(orders.accessTokenHash, accessTokenHash)).limit(1);
  return row ?? null;
}

/** Gives a guest's order to an account, only while it has none (a second claim changes nothing). */
export async function updateOrderOwner(tx: Tx, id: string, userId: string): Promise<void> {
  await tx
    .update(orders)
    .set({ userId })
    .where(and(eq(orders.id, id), isNull(orders.userId)));
}

/** The order row locked until the transaction ends: status changes of one order happen one at a time. */
export async function lockOrder(tx: Tx, id: string): Promise<OrderRow | null> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  return row ?? null;
}

/** Records a stray payment of an order; false when it was recorded before (a repeated callback). */
export async function recordStrayPayment(tx: Tx, orderId: string, payment: { amountMinor: number; paymentId: string }): Promise<boolean> {
  const recorded = await tx
    .insert(strayPayments)
    .values({ orderId, paymentId: payment.paymentId, amountMinor: payment.amountMinor })
    .onConflictDoNothing()
    .returning({ paymentId: strayPayments.paymentId });
  return recorded.length > 0;
}

/** The order placed under this key: by this customer, or (userId null) as a guest. */
export async function findOrderByIdempotencyKey(tx: Tx, userId: string | null, key: string): Promise<OrderRow | null> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(userId ? eq(orders.userId, userId) : isNull(orders.userId), eq(orders.idempotencyKey, key)))
    .limit(1);
  return row ?? null;
}

export async function findOrderItems(tx: Tx, orderId: string): Promise<OrderItemRow[]> {
  return findItemsOfOrders(tx, [orderId]);
}

/** The lines of these orders, each order's by name (then price) as its pages show them. */
export async function findItemsOfOrders(tx: Tx, orderIds: readonly string[]): Promise<OrderItemRow[]> {
  if (orderIds.length === 0) return [];
  return tx
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, [...orderIds]))
    .orderBy(orderItems.name, orderItems.priceMinor, orderItems.id);
}

/** The rows of these orders, in no particular order; missing ids are simply absent. */
export async function findOrdersByIds(tx: Tx, ids: readonly string[]): Promise<OrderRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(orders)
    .where(inArray(orders.id, [...ids]));
}

/** The order's row alone, or null. */
export async function findOrder(tx: Tx, id: string): Promise<OrderRow | null> {
  const [row] = await findOrdersByIds(tx, [id]);
  return row ?? null;
}

/** Where the order's letters and receipts go: its account's e-mail, or the guest's. */
export async function findShopperEmail(tx: Tx, order: Pick<OrderRow, 'userId' | 'guestEmail'>): Promise<string | null> {
  if (!order.userId) return order.guestEmail;
  const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, order.userId));
  return user?.email ?? order.guestEmail;
}

/** Which of these orders are guests' (placed without an account). */
export async function findGuestOrderIds(tx: Tx, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(inArray(orders.id, [...ids]), isNull(orders.userId)));
  return new Set(rows.map((row) => row.id));
}

export async function findOrdersOfUser(tx: Tx, userId: string): Promise<OrderWithUser[]> {
  const rows = await tx
    .select(orderWithUserColumns)
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  return rows.map(withUser);
}

export interface OrderFilter {
  status?: OrderStatus;
  /** A number, phone, name, e-mail or ТТН. */
  q: string;
}

/** What `q` matches: the number or ТТН exactly, the phone by its digits, the name or e-mail (an account's or a guest's) by a part. */
function searchCondition(q: string): SQL | undefined {
  if (!q) return undefined;
  const digits = q.replace(/[\s()+-]/g, '');
  const conditions: SQL[] = [];
  if (/^\d{1,9}$/.test(digits)) conditions.push(eq(orders.number, Number(digits)));
  if (/^\d{14}$/.test(digits)) conditions.push(eq(orders.trackingNumber, digits));
  // Phones are kept as +380XXXXXXXXX; the last digits are what people read out.
  if (/^\d{5,12}$/.test(digits)) conditions.push(sql`${orders.recipientPhone} LIKE ${`%${digits}`}`);
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  conditions.push(ilike(orders.recipientName, pattern), ilike(users.email, pattern), ilike(orders.guestEmail, pattern));
  return or(...conditions);
}

/** One page of orders, newest first, and how many match in all. */
export async function findOrdersPage(tx: Tx, filter: OrderFilter, page: { limit: number; offset: number }) {
  const where = and(filter.status ? eq(orders.status, filter.status) : undefined, searchCondition(filter.q));
  const [rows, [{ total }]] = await Promise.all([
    tx
      .select(orderWithUserColumns)
      .from(orders)
      .leftJoin(users, eq(users.id, orders.userId))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(page.limit)
      .offset(page.offset),
    tx.select({ total: count() }).from(orders).leftJoin(users, eq(users.id, orders.userId)).where(where),
  ]);
  return { rows: rows.map(withUser), total };
}

export async function findOrderByPaymentId(tx: Tx, paymentId: string): Promise<OrderRow | null> {
  const [row] = await tx.select().from(orders).where(eq(orders.paymentId, paymentId)).limit(1);
  return row ?? null;
}

export async function updateOrder(tx: Tx, id: string, changes: OrderChanges): Promise<OrderRow> {
  const [row] = await tx.update(orders).set(changes).where(eq(orders.id, id)).returning();
  return row;
}

/** Pending orders of the given methods placed before `before`, oldest first. */
/** Pending orders of these methods placed before `before`; only those the shop has not confirmed when `unconfirmed`. */
export async function findExpiredOrderIds(tx: Tx, methods: readonly PaymentMethod[], before: Date, limit: number, unconfirmed = false): Promise<string[]> {
  const rows = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'pending'),
        inArray(orders.paymentMethodId, [...methods]),
        lte(orders.createdAt, before),
        // A payment the provider holds is not an unpaid order (docs/payments.md).
        isNull(orders.paymentPendingStatus),
        unconfirmed ? isNull(orders.confirmedAt) : undefined,
      ),
    )
    .orderBy(asc(orders.createdAt))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Marks a pending, unpaid order as held by its provider; the first moment of waiting is kept. Returns the rows changed. */
export async function markPendingRow(tx: Tx, id: string, pending: { status: string; paypalCaptureId?: string }, now: Date): Promise<number> {
  const rows = await tx
    .update(orders)
    .set({
      paymentPendingStatus: pending.status,
      paymentPendingSince: sql`coalesce(${orders.paymentPendingSince}, ${now.toISOString()}::timestamptz)`,
      ...(pending.paypalCaptureId ? { paypalCaptureId: pending.paypalCaptureId } : {}),
    })
    .where(and(eq(orders.id, id), eq(orders.status, 'pending'), not(paidCondition())))
    .returning({ id: orders.id });
  return rows.length;
}

/** Orders whose PayPal capture is PENDING, the longest waiting first. */
export async function findPendingPayPalCaptures(tx: Tx, limit: number): Promise<{ id: string; captureId: string }[]> {
  const rows = await tx
    .select({ id: orders.id, captureId: orders.paypalCaptureId })
    .from(orders)
    // A cancelled order's held capture is still watched: if it completes, the money goes back.
    .where(and(isNotNull(orders.paypalCaptureId), isNotNull(orders.paymentPendingStatus), inArray(orders.status, ['pending', 'cancelled'])))
    .orderBy(asc(orders.paymentPendingSince))
    .limit(limit);
  return rows.flatMap((row) => (row.captureId ? [{ id: row.id, captureId: row.captureId }] : []));
}

/** Flags "Відмова отримувача" on a shipped order once; returns whether this call did. */
export async function flagParcelRefused(tx: Tx, id: string, status: string, now: Date): Promise<boolean> {
  const rows = await tx
    .update(orders)
    .set({ parcelRefusedAt: now, parcelRefusedStatus: status })
    .where(and(eq(orders.id, id), eq(orders.status, 'shipped'), isNull(orders.parcelRefusedAt)))
    .returning({ id: orders.id });
  return rows.length > 0;
}

/**
 * Shipped parcels whose status is older than `before`, claimed for one instance's round: locked rows
 * another instance holds are skipped (SKIP LOCKED), and the claim moves their check time forward, so
 * several instances share the parcels instead of asking Nova Poshta twice (docs/orders.md).
 */
export async function claimParcelsToTrack(tx: Tx, before: Date, now: Date, limit: number): Promise<OrderRow[]> {
  const due = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.status, 'shipped'), isNotNull(orders.trackingNumber), or(isNull(orders.trackingCheckedAt), lte(orders.trackingCheckedAt, before))))
    .orderBy(sql`${orders.trackingCheckedAt} ASC NULLS FIRST`, asc(orders.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  if (due.length)
    await tx
      .update(orders)
      .set({ trackingCheckedAt: now })
      .where(
        inArray(
          orders.id,
          due.map((row) => row.id),
        ),
      );
  return due;
}

/** Which of these packs some order line names (a pack once ordered is archived, not deleted). */
export async function findOrderedVariantIds(tx: Tx, variantIds: readonly string[]): Promise<Set<string>> {
  const rows = await tx
    .selectDistinct({ id: orderItems.variantId })
    .from(orderItems)
    .where(inArray(orderItems.variantId, [...variantIds]));
  return new Set(rows.map((row) => row.id!));
}
