/**
 * Payment methods, apart from the order schemas so the cart (on every page) does not pull the
 * validation library into the first page load.
 */

/** SPEC.md §9 lists PrivatBank, NovaPoshta and PayPal; the issue adds a credit card (paid through PayPal's card button). */
export const PAYMENT_METHODS = ['PayPal', 'PrivatBank', 'NovaPoshta', 'Card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const DEFAULT_PAYMENT_METHOD: PaymentMethod = 'PayPal';

/** Methods paid online on the order page (PayPal's buttons); the others are paid outside the shop. */
export const ONLINE_PAYMENT_METHODS: readonly PaymentMethod[] = ['PayPal', 'Card'];
