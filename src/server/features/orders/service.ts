import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';
import { branchRefuses, parcelWeightKg, type DeliveryEstimate } from '../../../shared/delivery.js';
import { discountedPriceMinor, formatUahMinor, fromMinor, priceOrderMinor, pricingRulesOf, toMinor } from '../../../shared/pricing.js';
import { paths } from '../../../shared/routes.js';
import {
  isCashOnDelivery,
  isPaid,
  isOfflineMethod,
  ORDERS_PAGE_SIZE,
  PAYMENT_METHODS,
  shopperCanCancel,
  type OrderCreateSchema,
  type OrderListQuerySchema,
  type OrderStatus,
  type PayOrder,
  type PaymentResult,
} from '../../../shared/orders.js';
import type { Db, Tx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/sql-state.js';
import type { OrderRow, ProductRow, ProductVariantRow, UserRow } from '../../db/schema.js';
import { isMillable, lineKey, type LineOptions } from '../../../shared/line-options.js';
import { findVariantsByIds, findVariantsOf, refreshProductSummaries, takeVariantStock } from '../products/index.js';
import { AppError } from '../../errors.js';
import { secretDigest } from '../../secret-digest.js';
import { getSettings } from '../settings/index.js';
import { assertOfferAccepted, offerVersionInForce } from '../legal/index.js';
import { queueOrderNotices, queueShopNotice, type NoticeSettings, type OrderEvent } from '../notifications/index.js';
import { queueLowStockNotices } from '../back-office/index.js';
import { orderReceipts, queueSellReceipt } from '../fiscal/index.js';
import { applyPromo, promoCustomerOf, recordUse, returnUse, type AppliedPromo } from '../promo-codes/index.js';
import { assertTransition } from './order-status.js';
import { assertWithinLimits } from './limits.js';
import { assertSameBody, bodyHash, withKnownOutcome } from './idempotency.js';
import {
  findExpiredOrderIds,
  findOrderByAccessTokenHash,
  findOrderById,
  findOrderByIdempotencyKey,
  findOrderByPaymentId,
  findOrderItems,
  findOrdersOfUser,
  findRefundsOfOrder,
  findOrdersPage,
  insertOrder,
  lockOrder,
  lockProducts,
  markPendingRow,
  returnStock,
  updateOrder,
  updateOrderOwner,
  type NewOrderItem,
  type OrderChanges,
  type OrderWithItems,
  type OrderWithUser,
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

/**
 * Places an order in one transaction: prices from the database and the shared rules, stock taken
 * pack by pack with a conditional update. Any shortfall rolls everything back with a 409 naming
 * the product. Only product and pack ids, options and quantities of the payload are used.
 *
 * With an idempotency key, the same key from the same customer always answers with the one order
 * it placed (`replayed`), even when two submits race: the unique index lets one of them commit.
 */
export async function placeOrder(
  { db, notices }: OrdersContext,
  buyer: Buyer,
  payload: OrderCreate,
  idempotencyKey?: string,
  branch?: CheckedBranch,
  extras: PlacingExtras = {},
): Promise<{ order: OrderWithItems; replayed: boolean }> {
  // A customer's keys are the customer's; a guest's keys are shared among guests, so they must be long (idempotency.ts).
  const userId = 'user' in buyer ? buyer.user.id : null;
  const hash = idempotencyKey ? bodyHash(payload) : null;
  const replay = async (earlier: OrderRow) => {
    assertSameBody(earlier.idempotencyBodyHash, hash!);
    return { order: await requireOrder(db, earlier.id), replayed: true };
  };
  if (idempotencyKey) {
    const earlier = await findOrderByIdempotencyKey(db, userId, idempotencyKey);
    if (earlier) return replay(earlier);
  }
  try {
    return {
      order: await insertNewOrder(db, notices, buyer, payload, idempotencyKey ? { key: idempotencyKey, bodyHash: hash! } : undefined, branch, extras),
      replayed: false,
    };
  } catch (error) {
    const earlier = idempotencyKey && isUniqueViolation(error) ? await findOrderByIdempotencyKey(db, userId, idempotencyKey) : null;
    if (!earlier) throw error;
    return replay(earlier);
  }
}

/** GET /api/orders/by-key/{key}: the order this customer (or, with no session, a guest) placed under the key, or null. */
export async function findOrderByKey(tx: Tx, user: UserRow | null, key: string): Promise<OrderWithItems | null> {
  const found = await findOrderByIdempotencyKey(tx, user?.id ?? null, key);
  return found ? requireOrder(tx, found.id) : null;
}

async function insertNewOrder(
  db: Db,
  notices: NoticeSettings,
  buyer: Buyer,
  payload: OrderCreate,
  idempotency: { key: string; bodyHash: string } | undefined,
  branch: CheckedBranch | undefined,
  { door, estimate }: PlacingExtras,
): Promise<OrderWithItems> {
  const productIds = [...new Set(payload.orderItems.map((line) => line.product))].sort();
  const userId = 'user' in buyer ? buyer.user.id : null;

  // The answer is read inside the transaction: once it commits, nothing is left to fail and be
  // mistaken for "nothing changed" (docs/errors.md, DB_UNAVAILABLE).
  return withKnownOutcome((committing) =>
    db.transaction(async (tx) => {
      const settings = await getSettings(tx);
      assertOfferAccepted(settings, payload.acceptOffer);
      const rules = pricingRulesOf(settings.pricing);
      // The offer in force as the order is placed: the order page links this very version.
      const offerVersion = await offerVersionInForce(tx);
      // Locking the products in one global order keeps two multi-line orders from deadlocking each other.
      const known = new Map((await lockProducts(tx, productIds)).map((p) => [p.id, p]));
      if (productIds.some((id) => !known.has(id))) throw new AppError('PRODUCT_GONE');
      const lines = await resolveLines(tx, known, payload.orderItems);

      // Each pack's stock is taken once for all its lines (milled and whole), packs in one global order.
      const wantedOf = new Map<string, number>();
      for (const line of lines) wantedOf.set(line.variant.id, (wantedOf.get(line.variant.id) ?? 0) + line.qty);
      const packName = (line: ResolvedLine) => `${line.product.name}, ${line.variant.label}`;
      const packs = [...wantedOf.keys()].map((variantId) => lines.find((l) => l.variant.id === variantId)!);
      assertWithinLimits(
        packs.map((line) => ({ name: packName(line), qty: wantedOf.get(line.variant.id)!, countInStock: line.variant.countInStock })),
        settings.orderLimits,
        'user' in buyer,
      );
      if (branch) assertBranchTakes(branch, parcelWeightKg(lines.map((line) => ({ weight: line.variant.weight, qty: line.qty }))));

      const taken = new Map<string, ProductVariantRow>();
      for (const variantId of [...wantedOf.keys()].sort()) {
        const variant = await takeVariantStock(tx, variantId, wantedOf.get(variantId)!);
        if (!variant) {
          const name = packName(lines.find((l) => l.variant.id === variantId)!);
          throw new AppError('OUT_OF_STOCK', { product: name });
        }
        taken.set(variantId, variant);
      }
      await refreshProductSummaries(tx, productIds);
      await queueLowStockNotices(tx, [...taken.keys()], notices);

      const items: NewOrderItem[] = [];
      const priced = [];
      for (const line of lines) {
        // The locked pack is the price the shopper pays, even if an admin edited it a moment ago.
        const variant = taken.get(line.variant.id)!;
        priced.push({ price: fromMinor(variant.priceMinor), discount: variant.discount, qty: line.qty });
        items.push({
          productId: line.product.id,
          name: line.product.name,
          image: line.product.image,
          priceMinor: discountedPriceMinor(variant.priceMinor, variant.discount),
          qty: line.qty,
          variantId: variant.id,
          sku: variant.sku,
          label: variant.label,
          weight: variant.weight,
          options: line.options,
        });
      }
      // The code is judged and its use counted under its row lock, after the products' locks (the
      // one order every writer takes them in): of two orders racing for its last use, one gets it.
      const customer = promoCustomerOf(userId, 'user' in buyer ? buyer.user.email : buyer.guest.email, payload.shipping.phoneNumber);
      let promo: AppliedPromo | null = null;
      if (payload.promoCode) {
        const promoLines = lines.map((line, i) => ({
          productId: line.product.id,
          category: line.product.category,
          totalMinor: items[i].priceMinor * line.qty,
        }));
        promo = await applyPromo(tx, payload.promoCode, promoLines, customer, new Date(), true);
      }
      const { lineDiscountsMinor, ...prices } = priceOrderMinor(
        priced.map((line, i) => ({ ...line, promo: promo?.applies[i] ?? false })),
        rules,
        promo?.terms,
      );
      lineDiscountsMinor.forEach((discountMinor, i) => (items[i].discountMinor = discountMinor));
      const { recipientName, city, postalCode, branch: typedBranch, phoneNumber } = payload.shipping;
      const order = await insertOrder(
        tx,
        {
          ...('user' in buyer ? { userId: buyer.user.id } : { guestEmail: buyer.guest.email ?? null, accessTokenHash: buyer.guest.accessTokenHash }),
          recipientName,
          recipientPhone: phoneNumber,
          // A branch from the directory is stored as the directory names it, with its refs; else as typed.
          cityName: branch?.cityName ?? door?.cityName ?? city,
          branchDescription: branch?.branchDescription ?? (door ? doorAddressLine(door) : typedBranch),
          settlementRef: branch?.settlementRef ?? door?.settlementRef ?? null,
          cityRef: branch?.cityRef ?? null,
          warehouseRef: branch?.warehouseRef ?? null,
          ...(door
            ? {
                deliveryKind: 'door' as const,
                streetRef: door.streetRef,
                streetName: door.streetName,
                house: door.house,
                flat: door.flat,
                settlementArea: door.area,
                settlementRegion: door.region,
              }
            : {}),
          shippingEstimateMinor: estimate?.available && estimate.cost !== null ? toMinor(estimate.cost) : null,
          shippingEstimateDate: estimate?.available ? estimate.date : null,
          comment: payload.comment,
          postalCode,
          paymentMethodId: payload.paymentMethodId,
          locale: payload.locale ?? 'uk',
          ...prices,
          promoCode: promo?.row.code ?? null,
          promoCodeId: promo?.row.id ?? null,
          idempotencyKey: idempotency?.key ?? null,
          idempotencyBodyHash: idempotency?.bodyHash ?? null,
          offerVersion,
        },
        items,
      );
      if (promo) await recordUse(tx, promo.row.id, order.id, customer);
      await queueOrderNotices(tx, notices, 'placed', order, 'guest' in buyer ? buyer.guest.accessToken : undefined);
      const placed = await requireOrder(tx, order.id);
      committing();
      return placed;
    }),
  );
}

interface ResolvedLine {
  product: ProductRow;
  variant: ProductVariantRow;
  options: LineOptions;
  qty: number;
}

/**
 * Each line's pack and options, checked (docs/orders.md): only published products; a pack of that
 * product and not archived; no pack named only where the product has a single one; milling only
 * for what can be milled. The same pack with the same options twice counts once, quantities added.
 */
async function resolveLines(tx: Tx, products: Map<string, ProductRow>, input: OrderCreate['orderItems']): Promise<ResolvedLine[]> {
  const variantsOf = await findVariantsOf(tx, [...products.keys()], { includeArchived: true });
  const merged = new Map<string, ResolvedLine>();
  for (const line of input) {
    const product = products.get(line.product)!;
    if (product.status !== 'published') {
      throw new AppError('PRODUCT_UNAVAILABLE', { product: product.name });
    }
    const own = variantsOf.get(product.id) ?? [];
    let variant: ProductVariantRow | undefined;
    if (line.variant) {
      variant = own.find((v) => v.id === line.variant);
      if (!variant) {
        const [elsewhere] = await findVariantsByIds(tx, [line.variant]);
        if (elsewhere) throw new AppError('VARIANT_NOT_OF_PRODUCT', { product: product.name });
        throw new AppError('VARIANT_UNKNOWN', { product: product.name });
      }
      if (variant.archivedAt) {
        throw new AppError('VARIANT_ARCHIVED', {
          product: product.name,
          label: variant.label,
        });
      }
    } else {
      const active = own.filter((v) => !v.archivedAt);
      if (active.length !== 1) throw new AppError('VARIANT_REQUIRED', { product: product.name });
      variant = active[0];
    }
    if (line.options.milled && !isMillable(product.category)) {
      throw new AppError('OPTION_NOT_AVAILABLE', { product: product.name, option: 'milled' });
    }
    const key = lineKey(product.id, variant.id, line.options);
    const earlier = merged.get(key);
    if (earlier) earlier.qty += line.qty;
    else merged.set(key, { product, variant, options: line.options, qty: line.qty });
  }
  return [...merged.values()];
}

/** A parcel heavier than the point takes (a parcel locker's 20 kg, a branch's 30 kg) cannot go there. */
function assertBranchTakes(branch: CheckedBranch, weightKg: number) {
  if (!branchRefuses(branch, weightKg)) return;
  throw new AppError('PARCEL_TOO_HEAVY', { weightKg, maxWeightKg: branch.maxWeightKg, branch: branch.branchDescription });
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
 * PUT /api/orders/{id}/pay (or the guest link's /pay): the payer only, once. A test payment needs
 * test mode; a PayPal payment is checked with PayPal itself against the dollar amount stored when
 * it was created.
 */
export async function payOrder(ctx: OrdersContext, payer: Payer, payment: PayOrder, deps: PaymentDeps): Promise<OrderWithItems> {
  const { db } = ctx;
  const order = await requirePayableOrder(db, payer);
  let verified: VerifiedPayment;
  if ('test' in payment) {
    if (!deps.testMode) throw new AppError('TEST_PAYMENTS_DISABLED');
    // Cash on delivery and transfers are paid outside the site: a test payment would fake a real one (docs/payments.md).
    if (isOfflineMethod(order.paymentMethodId)) {
      throw new AppError('TEST_PAYMENT_OFFLINE_METHOD');
    }
    const testId = `TEST-${randomUUID()}`;
    const email = 'user' in payer ? payer.user.email : (order.guestEmail ?? '');
    verified = {
      paymentId: `test:${testId}`,
      paymentResult: { id: testId, status: 'COMPLETED', update_time: new Date().toISOString(), email_address: email },
    };
  } else {
    // Only the PayPal order the shop created for this order (docs/payments.md): another completed
    // PayPal order, even for the same amount, pays nothing here.
    // (With none created yet, verifyPayPal refuses: PAYPAL_NOT_CREATED.)
    if (order.paypalOrderId && payment.id !== order.paypalOrderId) {
      throw new AppError('PAYPAL_ORDER_MISMATCH');
    }
    verified = await deps.verifyPayPal(payment.id, order);
  }
  return markOrderPaid(ctx, order.id, verified);
}

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
 * cancelled meanwhile): nothing changes on the order, and the shop is told to return the money.
 */
export async function reportStrayPayment(ctx: OrdersContext, id: string, payment: { amountMinor: number; paymentId: string }): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (!order) throw orderNotFound();
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
 * Cancels online-paid orders (PayPal, card, LiqPay) left unpaid longer than `ttlMs`, returning
 * their stock, with the shopper told. Offline methods wait for the admin. Safe on several
 * instances at once: each cancel locks its order and re-checks it is still pending.
 */
export async function expireUnpaidOrders(ctx: OrdersContext, ttlMs: number, now = new Date()): Promise<number> {
  const online = PAYMENT_METHODS.filter((method) => !isOfflineMethod(method));
  return cancelExpired(ctx, await findExpiredOrderIds(ctx.db, online, new Date(now.getTime() - ttlMs), EXPIRY_BATCH));
}

/**
 * Cancels cash-on-delivery and transfer orders the shop has not confirmed ("Підтвердити
 * замовлення", a payment or a shipment) within `ttlMs`, returning their stock, with the shopper
 * told: nobody holds the shop's stock indefinitely by placing orders nobody answers for.
 */
export async function expireUnconfirmedOrders(ctx: OrdersContext, ttlMs: number, now = new Date()): Promise<number> {
  const offline = PAYMENT_METHODS.filter((method) => isOfflineMethod(method));
  const ids = await findExpiredOrderIds(ctx.db, offline, new Date(now.getTime() - ttlMs), EXPIRY_BATCH, true);
  // Confirmed by the admin a moment ago: the locked row says so, and the order stays.
  return cancelExpired(ctx, ids, (order) => {
    if (order.confirmedAt) throw new AppError('ORDER_CONFIRMED');
  });
}

async function cancelExpired(ctx: OrdersContext, ids: string[], guard?: (order: OrderRow) => void): Promise<number> {
  let cancelled = 0;
  for (const id of ids) {
    try {
      await changeStatus(ctx, id, 'cancelled', { ...cancellation, guard });
      cancelled++;
    } catch (error) {
      // Paid or cancelled meanwhile (here or on another instance): nothing to do.
      if (!(error instanceof AppError && error.statusCode === 409)) throw error;
    }
  }
  return cancelled;
}

const EXPIRY_BATCH = 100;
