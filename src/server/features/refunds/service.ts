import { formatUahMinor } from '../../../shared/pricing.js';
import { isPaid, planRefund, refundedPieces, REFUNDABLE_STATUSES, type RefundPlan, type RefundRequest } from '../../../shared/orders.js';
import type { Tx } from '../../db/client.js';
import type { OrderItemRow, OrderRow, RefundRow, UserRow } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { issueReturnReceipt } from '../fiscal/index.js';
import { queueOrderNotices, queueShopNotice } from '../notifications/index.js';
import {
  assertTransition,
  findOrderItems,
  lockOrder,
  updateOrder,
  type OrderChanges,
  type OrderWithItems,
  requireOrder,
  type OrdersContext,
} from '../orders/index.js';
import { RefundOutcomeUnknown } from '../payments/index.js';
import { findCompensation, findCountedRefunds, findSucceededRefunds, insertRefund, markRefund } from './repository.js';

/**
 * Refunds (docs/orders.md, "Refunds"; docs/decisions/018-refunds.md). Three steps, because the money
 * moves at a provider between two transactions:
 * 1. lock the order, check the lines against what was paid less every refund that counts, and write
 *    the refund `pending` — a second refund at once waits for the lock and then sees this one;
 * 2. ask the provider (LiqPay, PayPal) — nothing is held locked meanwhile;
 * 3. record the outcome: succeeded (the order's refunded sum, `refunded` once everything went back,
 *    the letters, the return receipt) or failed (nothing changes). An unknown outcome (no answer)
 *    leaves the refund pending, still counting, so it can never be paid out twice.
 */

export type RefundProvider = RefundRow['provider'];
/** Providers that give money back themselves, asked by the shop. */
export type GatewayProvider = 'liqpay' | 'paypal' | 'monobank';
const byGateway = (provider: RefundProvider): provider is GatewayProvider => provider === 'liqpay' || provider === 'paypal' || provider === 'monobank';

/** What gives money back at a provider; the payments feature answers it. */
export interface RefundGateway {
  refund(
    order: OrderRow,
    provider: GatewayProvider,
    refund: { key: string; amountMinor: number; usdCents: number; note: string; captureId?: string },
  ): Promise<{ refundId: string }>;
}

/** Through the payment's own provider; transfers and cash on delivery by hand; a test payment took no money. */
export function refundProviderOf(order: Pick<OrderRow, 'paymentId'>): RefundProvider {
  const id = order.paymentId ?? '';
  if (id.startsWith('liqpay:')) return 'liqpay';
  if (id.startsWith('paypal:')) return 'paypal';
  if (id.startsWith('monobank:')) return 'monobank';
  if (id.startsWith('test:')) return 'test';
  return 'manual';
}

/** PayPal was paid in dollars: a refund gives back the same share of them; the last one all that is left. */
export function usdCentsFor(
  order: Pick<OrderRow, 'paypalAmountCents' | 'totalMinor'>,
  amountMinor: number,
  earlierMinor: readonly number[],
  complete: boolean,
): number {
  const cents = order.paypalAmountCents ?? 0;
  const share = (minor: number) => Math.round((minor * cents) / order.totalMinor);
  if (complete) return cents - earlierMinor.reduce((sum, minor) => sum + share(minor), 0);
  return share(amountMinor);
}

function assertRefundable(order: OrderRow) {
  if (order.status === 'cancelled') throw new AppError('ORDER_CANCELLED');
  if (!isPaid(order)) throw new AppError('ORDER_NOT_PAID');
  if (order.status === 'refunded') throw new AppError('ORDER_ALREADY_REFUNDED');
  if (!REFUNDABLE_STATUSES.includes(order.status)) throw new AppError('ORDER_BAD_TRANSITION');
}

function planRefused(plan: Exclude<RefundPlan, { ok: true }>, items: OrderItemRow[]): AppError {
  const name = items.find((item) => item.id === plan.item)?.name ?? '';
  switch (plan.code) {
    case 'REFUND_LINE_UNKNOWN':
      return new AppError('REFUND_LINE_UNKNOWN');
    case 'REFUND_TOO_MANY':
      return new AppError('REFUND_TOO_MANY', { product: name });
    case 'ORDER_ALREADY_REFUNDED':
      return new AppError('ORDER_ALREADY_REFUNDED');
    default:
      return new AppError('REFUND_EXCEEDS_PAID');
  }
}

/**
 * PUT /api/orders/{id}/refund (admin): gives back the chosen lines' money through the payment's
 * provider, or records it as given back by hand. Returns the order as it is afterwards.
 */
export async function refundOrder(
  ctx: OrdersContext,
  gateway: RefundGateway,
  admin: UserRow,
  orderId: string,
  request: RefundRequest,
): Promise<OrderWithItems> {
  const started = await ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw new AppError('ORDER_NOT_FOUND');
    assertRefundable(order);
    const items = await findOrderItems(tx, orderId);
    const earlier = await findCountedRefunds(tx, orderId);
    const plan = planRefund(
      items.map((item) => ({ id: item.id, qty: item.qty, priceMinor: item.priceMinor, discountMinor: item.discountMinor })),
      earlier,
      order.totalMinor,
      request.lines,
    );
    if (!plan.ok) throw planRefused(plan, items);
    const refund = await insertRefund(tx, {
      orderId,
      lines: request.lines,
      amountMinor: plan.amountMinor,
      provider: refundProviderOf(order),
      reason: request.reason,
      adminId: admin.id,
    });
    return { order, refund, earlierMinor: earlier.map((row) => row.amountMinor), complete: plan.complete };
  });

  const { order, refund } = started;
  let providerRefundId: string | null = null;
  if (byGateway(refund.provider)) {
    try {
      const done = await gateway.refund(order, refund.provider, {
        key: refund.id,
        amountMinor: refund.amountMinor,
        usdCents: refund.provider === 'paypal' ? usdCentsFor(order, refund.amountMinor, started.earlierMinor, started.complete) : 0,
        note: request.reason,
      });
      providerRefundId = done.refundId;
    } catch (error) {
      await recordFailure(ctx, refund, error);
      throw error;
    }
  }
  await ctx.db.transaction((tx) => recordSuccess(ctx, tx, orderId, refund, providerRefundId));
  return requireOrder(ctx.db, orderId);
}

/** The provider said no (nothing given back): failed. It did not say (no answer): still pending, still counting. */
async function recordFailure(ctx: OrdersContext, refund: RefundRow, error: unknown) {
  const unknown = error instanceof RefundOutcomeUnknown;
  const text = error instanceof Error ? error.message : String(error);
  await ctx.db.transaction((tx) => markRefund(tx, refund.id, { status: unknown ? 'pending' : 'failed', error: text }));
}

async function recordSuccess(ctx: OrdersContext, tx: Tx, orderId: string, refund: RefundRow, providerRefundId: string | null) {
  const order = (await lockOrder(tx, orderId))!;
  await markRefund(tx, refund.id, { status: 'succeeded', providerRefundId: providerRefundId ?? undefined, error: null });
  const done = await findSucceededRefunds(tx, orderId);
  const totalMinor = done.reduce((sum, row) => sum + row.amountMinor, 0);
  const items = await findOrderItems(tx, orderId);
  const pieces = refundedPieces(done);
  const everything = totalMinor >= order.totalMinor || items.every((item) => (pieces.get(item.id) ?? 0) >= item.qty);
  const changes: OrderChanges = { refundMinor: totalMinor, refundedAt: new Date(), refundId: providerRefundId ?? `${refund.provider}:${refund.id}` };
  if (everything && order.status !== 'refunded') {
    assertTransition(order, 'refunded');
    changes.status = 'refunded';
  }
  const changed = await updateOrder(tx, orderId, changes);
  await queueOrderNotices(tx, ctx.notices, 'refunded', changed);
  await queueShopNotice(tx, ctx.notices, changed, {
    subject: `Повернення коштів за замовлення №${order.number}: ${formatUahMinor(refund.amountMinor)}`,
    lines: [
      `Покупцеві повернуто ${formatUahMinor(refund.amountMinor)} за замовлення №${order.number} (${PROVIDER_NAMES[refund.provider]}).`,
      `Причина: ${refund.reason}`,
      `Усього повернуто ${formatUahMinor(totalMinor)} з ${formatUahMinor(order.totalMinor)}.`,
    ],
  });
  await oweReturnReceipt(tx, orderId, refund);
}

const PROVIDER_NAMES: Record<RefundProvider, string> = {
  liqpay: 'через LiqPay',
  paypal: 'через PayPal',
  monobank: 'через monobank',
  manual: 'вручну',
  test: 'тестовий платіж',
};

/** A return receipt for the refunded lines (docs/fiscal.md); an order sold without a receipt (a test payment, before fiscalisation) owes none. */
async function oweReturnReceipt(tx: Tx, orderId: string, refund: RefundRow) {
  if (refund.lines.length === 0) return;
  try {
    await issueReturnReceipt(
      tx,
      orderId,
      refund.lines.map((line) => ({ orderItemId: line.item, qty: line.qty })),
      `refund:${refund.id}`,
    );
  } catch (error) {
    if (error instanceof AppError && error.code === 'RECEIPT_NOT_SOLD') return;
    throw error;
  }
}

/** A payment that reached an order already cancelled (docs/payments.md, "Compensation"). */
export interface LatePayment {
  provider: GatewayProvider;
  /** The provider's id of the payment: one automatic refund per payment. */
  paymentRef: string;
  amountMinor: number;
  usdCents: number;
  captureId?: string;
}

/**
 * Money that arrived for a cancelled order is given back at once, never kept: a refund of the whole
 * payment through its provider, the shopper and the shop told. When the provider refuses or does
 * not answer, the order is flagged for the admin (`paymentAttention`) and the shop told by e-mail
 * and Telegram. The same payment reported twice is refunded once.
 */
export async function compensateCancelledPayment(
  ctx: OrdersContext,
  gateway: RefundGateway,
  orderId: string,
  payment: LatePayment,
): Promise<'refunded' | 'flagged' | 'already'> {
  const reason = `Автоматичне повернення: оплата ${payment.provider}:${payment.paymentRef} надійшла за скасоване замовлення`;
  const started = await ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw new AppError('ORDER_NOT_FOUND');
    if (await findCompensation(tx, orderId, reason)) return null;
    const items = await findOrderItems(tx, orderId);
    const refund = await insertRefund(tx, {
      orderId,
      lines: items.map((item) => ({ item: item.id, qty: item.qty })),
      amountMinor: payment.amountMinor,
      provider: payment.provider,
      reason,
      adminId: null,
    });
    return { order, refund };
  });
  if (!started) return 'already';
  const { order, refund } = started;
  try {
    const done = await gateway.refund(order, payment.provider, {
      key: refund.id,
      amountMinor: payment.amountMinor,
      usdCents: payment.usdCents,
      note: 'Замовлення скасоване до оплати: кошти повернуто',
      captureId: payment.captureId,
    });
    await ctx.db.transaction(async (tx) => {
      await lockOrder(tx, orderId);
      await markRefund(tx, refund.id, { status: 'succeeded', providerRefundId: done.refundId, error: null });
      const changed = await updateOrder(tx, orderId, {
        refundMinor: payment.amountMinor,
        refundedAt: new Date(),
        refundId: done.refundId,
        paymentPendingStatus: null,
      });
      await queueOrderNotices(tx, ctx.notices, 'refunded', changed);
      await queueShopNotice(tx, ctx.notices, changed, {
        subject: `Оплата за скасоване замовлення №${order.number} автоматично повернута`,
        lines: [
          `Платіж ${payment.provider}:${payment.paymentRef} на ${formatUahMinor(payment.amountMinor)} надійшов, коли замовлення №${order.number} уже було скасоване.`,
          'Кошти автоматично повернуто покупцеві.',
        ],
      });
    });
    return 'refunded';
  } catch (error) {
    await recordFailure(ctx, refund, error);
    const why = error instanceof Error ? error.message : String(error);
    await ctx.db.transaction(async (tx) => {
      await lockOrder(tx, orderId);
      const changed = await updateOrder(tx, orderId, {
        paymentPendingStatus: null,
        paymentAttention: `Оплата ${payment.provider}:${payment.paymentRef} на ${formatUahMinor(payment.amountMinor)} надійшла за скасоване замовлення; автоматично повернути не вдалося: ${why}`,
      });
      await queueShopNotice(tx, ctx.notices, changed, {
        subject: `Потрібна дія: оплата за скасоване замовлення №${order.number} не повернута`,
        lines: [
          `Платіж ${payment.provider}:${payment.paymentRef} на ${formatUahMinor(payment.amountMinor)} надійшов, коли замовлення №${order.number} уже було скасоване.`,
          `Автоматичне повернення не вдалося: ${why}`,
          'Поверніть кошти покупцеві в кабінеті платіжної системи.',
        ],
      });
    });
    return 'flagged';
  }
}
