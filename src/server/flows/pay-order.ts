import { randomUUID } from 'node:crypto';
import { isOfflineMethod, type PayOrder } from '../../shared/orders.js';
import { AppError } from '../errors.js';
import {
  markOrderPaid,
  requirePayableOrder,
  type OrdersContext,
  type OrderWithItems,
  type Payer,
  type PaymentDeps,
  type VerifiedPayment,
} from '../features/orders/index.js';
import { defineFlow, runFlow } from './steps.js';

interface Paying {
  orderId: string;
  verified: VerifiedPayment;
  paid?: OrderWithItems;
}

/**
 * Pay an order (docs/payments.md): a verified payment applied in one transaction — the order
 * marked paid, its fiscal receipt queued, the shopper told (markOrderPaid) — so the rollback is
 * its undo. A payment a provider took for an order that can no longer take it (cancelled, or paid
 * by another payment) is given back through the provider's refund path: compensateCancelledPayment
 * in the payments feature's callbacks (docs/payments.md, "Compensation").
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
