import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { fromMinor } from '../../../shared/pricing.js';
import type { Order, OrderSummary, PaymentResult } from '../../../shared/orders.js';
import type { Tx } from '../../db/client.js';
import { orderItems, orders, products, users, type OrderItemRow, type OrderRow, type ProductRow } from '../../db/schema.js';

export type NewOrder = typeof orders.$inferInsert;
export type NewOrderItem = Omit<typeof orderItems.$inferInsert, 'orderId'>;

/** An order with its customer's name and e-mail (null once the account is gone). */
export interface OrderWithUser {
  order: OrderRow;
  user: { id: string; name: string; email: string } | null;
}

export async function findProductsByIds(tx: Tx, ids: string[]): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  return tx.select().from(products).where(inArray(products.id, ids));
}

/**
 * Takes `qty` units of a product only if that many are left; the row lock makes concurrent orders
 * wait and re-check, so the last unit is never sold twice. Returns the updated row, or null.
 */
export async function takeStock(tx: Tx, productId: string, qty: number): Promise<ProductRow | null> {
  const [row] = await tx
    .update(products)
    .set({ countInStock: sql`${products.countInStock} - ${qty}` })
    .where(and(eq(products.id, productId), gte(products.countInStock, qty)))
    .returning();
  return row ?? null;
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
  const [row] = await tx
    .select(orderWithUserColumns)
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, id))
    .limit(1);
  return row ? withUser(row) : null;
}

export async function findOrderItems(tx: Tx, orderId: string): Promise<OrderItemRow[]> {
  return tx.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(orderItems.name, orderItems.id);
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

export async function findAllOrders(tx: Tx): Promise<OrderWithUser[]> {
  const rows = await tx
    .select(orderWithUserColumns)
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  return rows.map(withUser);
}

export async function findOrderByPaymentId(tx: Tx, paymentId: string): Promise<OrderRow | null> {
  const [row] = await tx.select().from(orders).where(eq(orders.paymentId, paymentId)).limit(1);
  return row ?? null;
}

/** Marks an unpaid order paid; null when it was paid meanwhile (the caller lost a race). */
export async function markPaid(
  tx: Tx,
  id: string,
  payment: { paymentId: string; paymentResult: PaymentResult; paidAt: Date },
): Promise<OrderRow | null> {
  const [row] = await tx
    .update(orders)
    .set({ isPaid: true, paidAt: payment.paidAt, paymentId: payment.paymentId, paymentResult: payment.paymentResult })
    .where(and(eq(orders.id, id), eq(orders.isPaid, false)))
    .returning();
  return row ?? null;
}

/** Marks a paid, undelivered order delivered; null when that no longer holds. */
export async function markDelivered(tx: Tx, id: string, deliveredAt: Date): Promise<OrderRow | null> {
  const [row] = await tx
    .update(orders)
    .set({ isDelivered: true, deliveredAt })
    .where(and(eq(orders.id, id), eq(orders.isPaid, true), eq(orders.isDelivered, false)))
    .returning();
  return row ?? null;
}

export function toOrderSummary({ order, user }: OrderWithUser): OrderSummary {
  return {
    _id: order.id,
    user: user ? { _id: user.id, name: user.name, email: user.email } : null,
    shippingAddress: {
      address: order.address,
      city: order.city,
      postalCode: order.postalCode,
      country: order.country,
      phoneNumber: order.phone,
    },
    paymentMethod: order.paymentMethod,
    itemsPrice: fromMinor(order.itemsMinor),
    shippingPrice: fromMinor(order.shippingMinor),
    taxPrice: fromMinor(order.taxMinor),
    totalPrice: fromMinor(order.totalMinor),
    isPaid: order.isPaid,
    paidAt: order.paidAt?.toISOString() ?? null,
    isDelivered: order.isDelivered,
    deliveredAt: order.deliveredAt?.toISOString() ?? null,
    createdAt: order.createdAt.toISOString(),
  };
}

export function toOrder(row: OrderWithUser, items: OrderItemRow[]): Order {
  return {
    ...toOrderSummary(row),
    paymentResult: (row.order.paymentResult as PaymentResult | null) ?? null,
    orderItems: items.map((item) => ({
      _id: item.id,
      name: item.name,
      qty: item.qty,
      image: item.image,
      price: fromMinor(item.priceMinor),
      product: item.productId,
    })),
  };
}
