import { timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';
import { parcelWeightKg, type DeliveryEstimate } from '../../../shared/delivery.js';
import { discountedPriceMinor, formatUahMinor, fromMinor } from '../../../shared/pricing.js';
import { paths } from '../../../shared/routes.js';
import {
  isCashOnDelivery,
  isPaid,
  isOfflineMethod,
  ORDERS_PAGE_SIZE,
  shopperCanCancel,
  type OrderCreateSchema,
  type OrderListQuerySchema,
  type OrderStatus,
  type PaymentResult,
} from '../../../shared/orders.js';
import type { Db, Tx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/sql-state.js';
import type { OrderRow, UserRow } from '../../db/schema.js';
import { findVariantsOf } from '../products/index.js';
import { AppError } from '../../errors.js';
import { secretDigest } from '../../secret-digest.js';
import { queueOrderNotices, queueShopNotice, type NoticeSettings, type OrderEvent } from '../notifications/index.js';
import { orderReceipts, queueSellReceipt } from '../fiscal/index.js';
import { returnUse } from '../promo-codes/index.js';
import { findRefundsOfOrder } from '../refunds/index.js';
import { assertTransition } from './order-status.js';
import {
  findOrderByAccessTokenHash,
  findOrderById,
  findOrderByIdempotencyKey,
  findOrderByPaymentId,
  findOrderItems,
  findOrdersOfUser,
  findOrdersPage,
  lockOrder,
  markPendingRow,
  returnStock,
  updateOrder,
  updateOrderOwner,
  type OrderChanges,
  type OrderWithItems,
  type OrderWithUser,
  recordStrayPayment,
} from './repository.js';

type OrderCreate = z.output<typeof OrderCreateSchema>;

/** What changing an order needs: the database, and who hears of the change (docs/notifications.md). */
export interface OrdersContext {
  db: Db;
  notices: NoticeSettings;
}

/**
 * Who places the order: a signed-in customer, or a guest known by e-mail and the secret of the
 * order's link (only its hash is stored; the secret itself goes out once, in the letter on placing).
 */
export type Buyer = { user: UserRow } | { guest: { email: string | null; accessToken: string; accessTokenHash: string } };

/** The branch checked against Nova Poshta's directory (docs/delivery.md): stored as the directory says. */
export interface CheckedBranch {
  settlementRef: string;
  cityRef: string;
  warehouseRef: string;
  cityName: string;
  branchDescription: string;
  maxWeightKg: number | null;
}
type OrderListQuery = z.output<typeof OrderListQuerySchema>;

/** Courier delivery to the door (docs/delivery.md): the settlement and street from the directory, the house and flat as typed. */
export interface CheckedDoor {
  settlementRef: string;
  cityName: string;
  area: string;
  region: string;
  streetRef: string;
  streetName: string;
  house: string;
  flat: string;
}

/** What the order keeps beside the payload: courier delivery, and Nova Poshta's estimate when it came in time. */
export interface PlacingExtras {
  door?: CheckedDoor;
  estimate?: DeliveryEstimate;
}

/** A courier address as one line ("Адресна доставка: вул. Київська, 5, кв. 3"): what the order shows where a branch would be. */
export function doorAddressLine(door: Pick<CheckedDoor, 'streetName' | 'house' | 'flat'>): string {
  return `Адресна доставка: ${door.streetName}, ${door.house}${door.flat ? `, кв. ${door.flat}` : ''}`;
}

/**
 * The parcel as the estimate needs it before the order exists: each line's pack weight and price
 * after discount, read without locks (docs/delivery.md). Unknown products weigh nothing here; the
 * order itself refuses them.
 */
export async function parcelOf(tx: Tx, lines: OrderCreate['orderItems']): Promise<{ weightKg: number; value: number }> {
  const variantsOf = await findVariantsOf(tx, [...new Set(lines.map((line) => line.product))]);
  let valueMinor = 0;
  const weights = [];
  for (const line of lines) {
    const own = variantsOf.get(line.product) ?? [];
    const variant = line.variant ? own.find((v) => v.id === line.variant) : own[0];
    if (!variant) continue;
    valueMinor += discountedPriceMinor(variant.priceMinor, variant.discount) * line.qty;
    weights.push({ weight: variant.weight, qty: line.qty });
  }
  return { weightKg: parcelWeightKg(weights), value: fromMinor(valueMinor) };
}

/** GET /api/orders/by-key/{key}: the order this customer (or, with no session, a guest) placed under the key, or null. */
export async function findOrderByKey(tx: Tx, user: UserRow | null, key: string): Promise<OrderWithItems | null> {
  const found = await findOrderByIdempotencyKey(tx, user?.id ?? null, key);
  return found ? requireOrder(tx, found.id) : null;
}

/**
 * A guest's order by the secret of its link; anything else does not exist. The row is found by the
 * secret's hash, so the lookup's timing says nothing about the secret; the match is confirmed in
 * constant time all the same.
 */
async function requireGuestOrderRow(tx: Tx, accessToken: string): Promise<OrderRow> {
  const hash = Buffer.from(secretDigest(accessToken));
  const found = await findOrderByAccessTokenHash(tx, hash.toString());
  const stored = Buffer.from(found?.accessTokenHash ?? '');
  if (!found || stored.length !== hash.length || !timingSafeEqual(stored, hash)) throw orderNotFound();
  return found;
}

export async function requireGuestOrder(tx: Tx, accessToken: string): Promise<OrderWithItems> {
  return requireOrder(tx, (await requireGuestOrderRow(tx, accessToken)).id);
}

/**
 * A guest who signed up (or in) takes their order into the account: the link proves it is theirs.
 * An order already in an account stays where it is.
 */
export async function claimGuestOrder(db: Db, user: UserRow, accessToken: string): Promise<OrderWithItems> {
  const found = await requireGuestOrderRow(db, accessToken);
  await updateOrderOwner(db, found.id, user.id);
  // Read again: of two accounts claiming at once, only the first has it.
  const claimed = await requireOrder(db, found.id);
  if (claimed.order.userId !== user.id) throw new AppError('ORDER_ALREADY_CLAIMED');
  return claimed;
}

/** The full order; for anyone but its owner or an admin it does not exist (404, not 403). */
export async function requireOrderFor(tx: Tx, user: UserRow, id: string): Promise<OrderWithItems> {
  const found = await findVisibleOrder(tx, user, id);
  return { ...found, items: await findOrderItems(tx, id), receipts: await orderReceipts(tx, id), refunds: await findRefundsOfOrder(tx, id) };
}

export async function listMyOrders(tx: Tx, user: UserRow): Promise<OrderWithUser[]> {
  return findOrdersOfUser(tx, user.id);
}

/** Admin: one page of orders, newest first, filtered by status and a search for number, phone, name, e-mail or ТТН. */
export async function listOrders(tx: Tx, query: OrderListQuery) {
  const { rows, total } = await findOrdersPage(
    tx,
    { status: query.status, q: query.q },
    { limit: ORDERS_PAGE_SIZE, offset: (query.pageNumber - 1) * ORDERS_PAGE_SIZE },
  );
  return { orders: rows, page: query.pageNumber, pages: Math.ceil(total / ORDERS_PAGE_SIZE) };
}

export interface PaymentDeps {
  /** Asks PayPal about a payment the browser reports; throws 4xx/5xx when it does not pay this order. */
  verifyPayPal: (paypalOrderId: string, order: OrderRow) => Promise<VerifiedPayment>;
  testMode: boolean;
}

/** A payment a provider confirmed: its id (unique among orders) and what the order page shows of it. */
export interface VerifiedPayment {
  paymentId: string;
  paymentResult: PaymentResult;
}

/**
 * Who pays: the signed-in owner of the order with this id, or whoever holds the secret of a guest
 * order's link (docs/payments.md); the secret stands in for the session.
 */
export type Payer = { user: UserRow; orderId: string } | { guestToken: string };

/** Where the payer sees the order: the account's order page, or the guest's secret link. */
export const orderPagePath = (payer: Payer, order: OrderRow) => ('guestToken' in payer ? paths.guestOrder(payer.guestToken) : paths.order(order.id));

/**
 * The payer's order, still payable: for a signed-in shopper their own (404 for others' orders, 403
 * for an admin), for a guest the order of the link (404 for an unknown secret); 409 once paid or
 * cancelled.
 */
export async function requirePayableOrder(tx: Tx, payer: Payer): Promise<OrderRow> {
  const order = await requirePayerOrder(tx, payer);
  assertTransition(order, 'paid');
  return order;
}

/** The payer's order whatever its status (paid, cancelled…): the same checks of who asks as requirePayableOrder. */
export async function requirePayerOrder(tx: Tx, payer: Payer): Promise<OrderRow> {
  if (!('user' in payer)) return requireGuestOrderRow(tx, payer.guestToken);
  const { order } = await findVisibleOrder(tx, payer.user, payer.orderId);
  if (order.userId !== payer.user.id) throw new AppError('NOT_YOUR_ORDER');
  return order;
}

export async function findOrderRow(tx: Tx, id: string): Promise<OrderRow | null> {
  return (await findOrderById(tx, id))?.order ?? null;
}

/** Keeps the PayPal order created for an order, with its dollar amount and rate, to check the capture against. */
export async function recordPayPalOrder(tx: Tx, id: string, paypal: { orderId: string; amountCents: number; rate: number }) {
  await updateOrder(tx, id, { paypalOrderId: paypal.orderId, paypalAmountCents: paypal.amountCents, paypalRate: paypal.rate });
}

/**
 * The one way an order becomes paid: a verified online payment (with the provider's id and
 * details) or the admin confirming an offline one. A status transition like any other.
 */
export async function markOrderPaid(ctx: OrdersContext, id: string, payment?: VerifiedPayment): Promise<OrderWithItems> {
  if (payment) {
    const holder = await findOrderByPaymentId(ctx.db, payment.paymentId);
    if (holder && holder.id !== id) throw paymentReused();
  }
  try {
    return await changeStatus(ctx, id, 'paid', {
      event: 'paid',
      changes: (order, now) => ({
        paidAt: now,
        paymentPendingStatus: null,
        paymentPendingSince: null,
        confirmedAt: order.confirmedAt ?? now,
        ...(payment ? { paymentId: payment.paymentId, paymentResult: payment.paymentResult } : {}),
      }),
    });
  } catch (error) {
    // Two orders raced to claim one payment: the unique index kept the second out.
    if (isUniqueViolation(error)) throw paymentReused();
    throw error;
  }
}

/**
 * The provider holds the shopper's money but has not finished (LiqPay `wait_accept`/`hold_wait`,
 * PayPal `PENDING`): the order is marked so, and the expiry job leaves it alone (docs/payments.md).
 * Only a pending, unpaid order changes; returns whether it did.
 */
export async function markPaymentPending(tx: Tx, id: string, pending: { status: string; paypalCaptureId?: string }, now = new Date()): Promise<boolean> {
  const rows = await markPendingRow(tx, id, pending, now);
  return rows > 0;
}

/**
 * A held payment the provider declined or failed (PayPal capture `DECLINED`/`FAILED`): the order is
 * unpaid again, so it may expire, and the shop is told.
 */
export async function clearPaymentPending(ctx: OrdersContext, id: string, providerStatus: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (!order || order.paymentPendingStatus === null) return;
    const changed = await updateOrder(tx, id, { paymentPendingStatus: null, paymentPendingSince: null, paypalCaptureId: null });
    await queueShopNotice(tx, ctx.notices, changed, {
      subject: `Платіж за замовлення №${order.number} не пройшов (${providerStatus})`,
      lines: [
        `Платіжна система відхилила платіж за замовлення №${order.number} (статус ${providerStatus}).`,
        'Замовлення лишається неоплаченим: зв’яжіться з покупцем.',
      ],
    });
  });
}

/**
 * The provider returned the money (LiqPay `reversed`): the refund is recorded on the order and the
 * shop is told through the outbox. Status and stock are the admin's call. The same refund twice
 * changes nothing; returns whether it was new.
 */
export async function recordRefund(ctx: OrdersContext, id: string, refund: { amountMinor: number; refundId: string }, now = new Date()): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (!order) throw orderNotFound();
    if (order.refundId === refund.refundId && order.refundMinor === refund.amountMinor) return false;
    // LiqPay reports the shop's own refunds (docs/orders.md, "Refunds") back as `reversed`: already counted.
    if (order.refundMinor !== null && refund.amountMinor <= order.refundMinor) return false;
    const changed = await updateOrder(tx, id, {
      refundMinor: refund.amountMinor,
      refundId: refund.refundId,
      refundedAt: now,
      paymentPendingStatus: null,
      paymentPendingSince: null,
    });
    await queueShopNotice(tx, ctx.notices, changed, {
      subject: `Повернення коштів за замовлення №${order.number}: ${formatUahMinor(refund.amountMinor)}`,
      lines: [
        `Платіжна система повернула покупцеві ${formatUahMinor(refund.amountMinor)} за замовлення №${order.number} (платіж ${refund.refundId}).`,
        'Склад не змінено: якщо товар не відправлятимете, скасуйте замовлення або поверніть товар на склад вручну.',
      ],
    });
    return true;
  });
}

/**
 * The provider took money for an order that cannot take it any more (paid by another payment, or
 * cancelled meanwhile): nothing changes on the order, and the shop is told to return the money,
 * once per payment however often the provider repeats it.
 */
export async function reportStrayPayment(ctx: OrdersContext, id: string, payment: { amountMinor: number; paymentId: string }): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (!order) throw orderNotFound();
    // Providers repeat callbacks: the first to record this payment tells the shop, the others nothing.
    if (!(await recordStrayPayment(tx, order.id, payment))) return;
    await queueShopNotice(tx, ctx.notices, order, {
      subject: `Зайвий платіж за замовлення №${order.number}: ${formatUahMinor(payment.amountMinor)}`,
      lines: [
        `Платіжна система прийняла ${formatUahMinor(payment.amountMinor)} за замовлення №${order.number} (платіж ${payment.paymentId}), але замовлення вже ${isPaid(order) ? 'оплачене іншим платежем' : 'скасоване'}.`,
        'Замовлення не змінено: поверніть покупцеві кошти в кабінеті платіжної системи.',
      ],
    });
  });
}

/** Admin: confirms the payment of an offline method (bank transfer, cash on delivery). */
export async function confirmOfflinePayment(ctx: OrdersContext, id: string): Promise<OrderWithItems> {
  const found = await findOrderById(ctx.db, id);
  if (!found) throw orderNotFound();
  if (!isOfflineMethod(found.order.paymentMethodId)) {
    throw new AppError('ORDER_PAID_ONLINE');
  }
  return markOrderPaid(ctx, id);
}

/**
 * Admin: "Підтвердити замовлення" — the shop has spoken to the shopper and keeps the order, so an
 * unpaid offline order no longer expires (docs/orders.md). Confirming twice changes nothing.
 */
export async function confirmOrder(ctx: OrdersContext, id: string): Promise<OrderWithItems> {
  await ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (!order) throw orderNotFound();
    if (order.status === 'cancelled') throw new AppError('ORDER_CANCELLED');
    if (!order.confirmedAt) await updateOrder(tx, id, { confirmedAt: new Date() });
  });
  return requireOrder(ctx.db, id);
}

/** Admin: hands the parcel to Nova Poshta under a waybill number (ТТН). */
export async function shipOrder(ctx: OrdersContext, id: string, trackingNumber: string, waybillRef: string | null = null): Promise<OrderWithItems> {
  return changeStatus(ctx, id, 'shipped', {
    event: 'shipped',
    changes: (order, now) => ({
      shippedAt: now,
      trackingNumber,
      waybillRef,
      trackingStatus: null,
      trackingCheckedAt: null,
      confirmedAt: order.confirmedAt ?? now,
    }),
  });
}

/** Admin: the shopper has the parcel. Cash on delivery is paid at that moment. */
export async function deliverOrder(ctx: OrdersContext, id: string): Promise<OrderWithItems> {
  return changeStatus(ctx, id, 'delivered', {
    changes: (order, now) => ({
      deliveredAt: now,
      ...(!isPaid(order) && isCashOnDelivery(order.paymentMethodId) ? { paidAt: now } : {}),
    }),
  });
}

/**
 * Admin: "Підтвердити повернення" — the parcel came back (refused at the branch, returned by the
 * shopper): the order is `returned` and its stock goes back, in one transaction, exactly once: the
 * locked row says whether it came back before (docs/orders.md, "Returns").
 */
export async function confirmReturn(ctx: OrdersContext, id: string): Promise<OrderWithItems> {
  return changeStatus(ctx, id, 'returned', {
    guard(order) {
      if (order.returnedAt) throw new AppError('ORDER_ALREADY_RETURNED');
    },
    changes: (_, now) => ({ returnedAt: now }),
    effects: async (tx, order) => returnStock(tx, await findOrderItems(tx, order.id)),
  });
}

/**
 * Cancels an order and puts its stock back, in one transaction, exactly once: the order row is
 * locked, so a second cancel (or a racing shipment) waits and then finds it no longer allowed.
 * The admin may cancel until it ships; the shopper only their own order while it is pending.
 */
export async function cancelOrder(ctx: OrdersContext, user: UserRow, id: string): Promise<OrderWithItems> {
  return changeStatus(ctx, id, 'cancelled', {
    authorize(order) {
      if (user.isAdmin) return;
      if (order.userId !== user.id) throw orderNotFound();
      if (order.status !== 'cancelled' && !shopperCanCancel(order)) {
        throw new AppError('ORDER_NOT_CANCELLABLE');
      }
    },
    ...cancellation,
  });
}

/** Cancelling: the stock and a promo code's use go back in the same transaction, and the shopper is told. */
const cancellation = {
  event: 'cancelled',
  changes: (_: OrderRow, now: Date): OrderChanges => ({ cancelledAt: now }),
  effects: async (tx: Tx, order: OrderRow) => {
    await returnStock(tx, await findOrderItems(tx, order.id));
    // The promo code's use comes back with the stock, once (docs/promo-codes.md).
    await returnUse(tx, order.id, new Date());
  },
} satisfies Omit<StatusChange, 'authorize'>;

interface StatusChange {
  /** Throws when this user may not touch the order (checked on the locked row). */
  authorize?: (order: OrderRow) => void;
  changes: (order: OrderRow, now: Date) => OrderChanges;
  /** The notices to queue with the change. */
  event?: OrderEvent;
  /** Throws when the locked row no longer qualifies (confirmed meanwhile). */
  guard?: (order: OrderRow) => void;
  /** More writes in the same transaction (stock). */
  effects?: (tx: Tx, order: OrderRow) => Promise<void>;
}

/**
 * Every status change: lock the order row, check the transitions table on what is really there,
 * write the change and its effects, all in one transaction.
 */
async function changeStatus({ db, notices }: OrdersContext, id: string, to: OrderStatus, step: StatusChange): Promise<OrderWithItems> {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (!order) throw orderNotFound();
    step.authorize?.(order);
    assertTransition(order, to);
    step.guard?.(order);
    await step.effects?.(tx, order);
    const changed = await updateOrder(tx, id, { status: to, ...step.changes(order, new Date()) });
    if (step.event) await queueOrderNotices(tx, notices, step.event, changed);
    // Money taken (online, confirmed, or cash on delivery): a fiscal receipt is owed (docs/fiscal.md).
    if (isPaid(changed) && !isPaid(order)) await queueSellReceipt(tx, changed);
  });
  return requireOrder(db, id);
}

async function findVisibleOrder(tx: Tx, user: UserRow, id: string): Promise<OrderWithUser> {
  const found = await findOrderById(tx, id);
  if (!found || (found.order.userId !== user.id && !user.isAdmin)) throw orderNotFound();
  return found;
}

export async function requireOrder(tx: Tx, id: string): Promise<OrderWithItems> {
  const found = await findOrderById(tx, id);
  if (!found) throw orderNotFound();
  return { ...found, items: await findOrderItems(tx, id), receipts: await orderReceipts(tx, id), refunds: await findRefundsOfOrder(tx, id) };
}

/** A header the shop did not make: refused before anything is written. */
export function checkIdempotencyKey(key: string | string[] | undefined, pattern: RegExp): string | undefined {
  if (key === undefined) return undefined;
  if (typeof key !== 'string' || !pattern.test(key)) {
    throw new AppError('BAD_IDEMPOTENCY_KEY');
  }
  return key;
}

const orderNotFound = () => new AppError('ORDER_NOT_FOUND');
const paymentReused = () => new AppError('PAYMENT_REUSED');

/**
 * Cancels an order that expired (docs/orders.md, "Expiry"): the same cancellation as the admin's,
 * stock and a promo code's use back in one transaction; `guard` refuses on the locked row (confirmed
 * meanwhile). Paid or cancelled meanwhile, here or on another instance: 409, nothing changes.
 */
export async function cancelExpiredOrder(ctx: OrdersContext, id: string, guard?: (order: OrderRow) => void): Promise<OrderWithItems> {
  return changeStatus(ctx, id, 'cancelled', { ...cancellation, guard });
}
