import { PAYMENT_METHODS, type PaymentMethod } from '../payment-methods.js';

/**
 * The original names of an order's fields and payment methods (src/shared/wire/orders.ts), without
 * its schemas: the browser's cart reads a cart saved under them, and the first page must not carry
 * zod for that (docs/decisions/012-first-load.md).
 */

/** The original names of the payment methods, by what each one is. */
export const LEGACY_PAYMENT_METHOD_NAMES = {
  monobank: 'Monobank',
  liqpay: 'LiqPay',
  paypal: 'PayPal',
  paypal_card: 'Card',
  card_transfer: 'PrivatBank',
  cash_on_delivery: 'NovaPoshta',
} as const satisfies Record<PaymentMethod, string>;
export type LegacyPaymentMethodName = (typeof LEGACY_PAYMENT_METHOD_NAMES)[PaymentMethod];

const methodByLegacyName = new Map<unknown, PaymentMethod>(PAYMENT_METHODS.map((method) => [LEGACY_PAYMENT_METHOD_NAMES[method], method]));

/** A method named either way: an original name becomes its id; anything else is left for the schema to judge. */
export const paymentMethodFromWire = (value: unknown): unknown => methodByLegacyName.get(value) ?? value;

/**
 * An address in the original shape: `address` is the recipient's name, `country` the branch,
 * `warehouseRef` the branch's ref. Turned into the true shape field by field; a field given both
 * ways keeps the true one.
 */
export function shippingFromWire(address: unknown): unknown {
  if (!address || typeof address !== 'object' || Array.isArray(address)) return address;
  const { address: recipientName, country: branch, warehouseRef: branchRef, ...rest } = address as Record<string, unknown>;
  return { recipientName, branch, branchRef, ...rest };
}
