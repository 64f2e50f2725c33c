import { toMinor } from '../../../shared/pricing.js';
import type { PaymentResult } from '../../../shared/orders.js';
import { BadInput } from '../../errors.js';
import type { PayPalClient } from './paypal-client.js';

/** SPEC.md §1: shoppers pay the order's total as US dollars. */
export const PAYMENT_CURRENCY = 'USD';

export interface VerifiedPayment {
  /** PayPal's order id: unique among orders, so one payment never pays two of them. */
  paymentId: string;
  paymentResult: PaymentResult;
}

/**
 * Asks PayPal itself about a payment the browser reports: it must be completed, in dollars, for
 * exactly the order's total, and (when PayPal carries our order id) for this very order.
 * The browser's own claims about status and amount are never trusted.
 */
export async function verifyPayPalPayment(
  paypal: PayPalClient,
  paypalOrderId: string,
  expected: { orderId: string; totalMinor: number },
): Promise<VerifiedPayment> {
  if (!paypal.configured) throw new BadInput('Оплату через PayPal на цьому сервері не налаштовано', 'PAYPAL_NOT_CONFIGURED');
  const remote = await paypal.getOrder(paypalOrderId);
  const unit = remote.purchase_units[0];
  const capture = unit.payments?.captures?.[0];
  if (remote.status !== 'COMPLETED' || (capture && capture.status !== 'COMPLETED')) {
    throw new BadInput('Платіж PayPal ще не завершено', 'PAYMENT_NOT_COMPLETED');
  }
  const amount = capture?.amount ?? unit.amount;
  if (!amount) throw new BadInput('PayPal не повідомив суму платежу', 'PAYMENT_WRONG_AMOUNT');
  if (amount.currency_code !== PAYMENT_CURRENCY) {
    throw new BadInput(`Платіж має бути в ${PAYMENT_CURRENCY}, а не в ${amount.currency_code}`, 'PAYMENT_WRONG_CURRENCY');
  }
  const paidMinor = /^\d+(\.\d{1,2})?$/.test(amount.value) ? toMinor(Number(amount.value)) : NaN;
  if (paidMinor !== expected.totalMinor) {
    throw new BadInput('Сума платежу не збігається з сумою замовлення', 'PAYMENT_WRONG_AMOUNT');
  }
  if (unit.custom_id && unit.custom_id !== expected.orderId) {
    throw new BadInput('Цей платіж зроблено за інше замовлення', 'PAYMENT_OTHER_ORDER');
  }
  return {
    paymentId: `paypal:${remote.id}`,
    paymentResult: {
      id: remote.id,
      status: remote.status,
      update_time: remote.update_time ?? new Date().toISOString(),
      email_address: remote.payer?.email_address ?? '',
    },
  };
}
