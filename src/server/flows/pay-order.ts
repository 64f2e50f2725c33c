import { randomUUID } from 'node:crypto';
import { isOfflineMethod, isPaid, type PayOrder } from '../../shared/orders.js';
import type { OrderRow } from '../db/schema.js';
import { AppError } from '../errors.js';
import {
  findOrderRow,
  markOrderPaid,
  reportStrayPayment,
  requirePayableOrder,
  type OrdersContext,
  type OrderWithItems,
  type Payer,
  type PaymentDeps,
  type VerifiedPayment,
} from '../features/orders/index.js';
import type { PaymentApplied, ProviderPayment } from '../features/payments/index.js';
import { compensateCancelledPayment, type RefundGateway } from '../features/refunds/index.js';
import { defineFlow, runFlow } from './steps.js';

interface Paying {
  orderId: string;
  verified: VerifiedPayment;
  paid?: OrderWithItems;
}

/**
 * Pay an order (docs/payments.md): a verified payment applied in one transaction — the order
 * marked paid, its fiscal receipt queued, the shopper told (markOrderPaid) — so the rollback is
 * its undo. The shopper's PUT …/pay (payOrder) and every provider's word (applyProviderPayment)
 * run it; nothing else marks an order paid online.
 */
const payOrderFlow = (ctx: OrdersContext) =>
  defineFlow<Paying>('pay-order', [
    {
      name: 'marked paid, fiscal receipt queued, shopper told',
      run: async (state) => {
        state.paid = await markOrderPaid(ctx, state.orderId, state.verified);
      },
    },
  ]);

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
  const { paid } = await runFlow(payOrderFlow(ctx), { orderId: order.id, verified });
  return paid!;
}

/**
 * A payment a provider confirmed and the payments feature verified (signature, currency, amount,
 * order): LiqPay's callback or status, monobank's webhook or invoice status, a PayPal capture or
 * its recheck. A `pending` order is paid by it, once. Said again (a replayed callback, the webhook
 * after the shopper's return), it changes nothing. Money for an order that can no longer take it
 * never stays silently: a cancelled order's payment goes back through the provider
 * (compensateCancelledPayment, docs/payments.md "Compensation"), and a payment for an order paid
 * by another one is reported to the shop to return by hand (reportStrayPayment).
 */
export async function applyProviderPayment(ctx: OrdersContext, gateway: RefundGateway, orderId: string, payment: ProviderPayment): Promise<PaymentApplied> {
  const order = await findOrderRow(ctx.db, orderId);
  if (!order) throw new AppError('ORDER_NOT_FOUND');
  if (order.status !== 'pending') return paymentTooLate(ctx, gateway, order, payment);
  const { refund: _refund, ...verified } = payment;
  try {
    await runFlow(payOrderFlow(ctx), { orderId, verified });
    return { outcome: 'paid', paid: true };
  } catch (error) {
    // Another call changed the order meanwhile (the webhook and the shopper's return, the cancel in another tab).
    const now = error instanceof AppError && error.statusCode === 409 ? await findOrderRow(ctx.db, orderId) : null;
    if (!now || now.status === 'pending') throw error;
    return paymentTooLate(ctx, gateway, now, payment);
  }
}

/** The payment met an order no longer pending: the same payment again, a cancelled order's, or a second one. */
async function paymentTooLate(ctx: OrdersContext, gateway: RefundGateway, order: OrderRow, payment: ProviderPayment): Promise<PaymentApplied> {
  if (order.status === 'cancelled' && !isPaid(order)) {
    const given = await compensateCancelledPayment(ctx, gateway, order.id, payment.refund);
    return { outcome: given === 'flagged' ? 'flagged' : 'refunded', paid: false };
  }
  if (order.paymentId === payment.paymentId) return { outcome: 'replayed', paid: isPaid(order) };
  await reportStrayPayment(ctx, order.id, { amountMinor: payment.refund.amountMinor, paymentId: payment.paymentId });
  return { outcome: 'stray', paid: isPaid(order) };
}
