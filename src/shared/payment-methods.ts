/**
 * Payment methods, apart from the order schemas so the cart (on every page) does not pull the
 * validation library into the first page load. docs/payments.md says how each is paid.
 */

/**
 * PayPal and Card (PayPal's card button) charge dollars at the NBU rate; LiqPay and Monobank
 * (monobank's payment page: card, Apple Pay, Google Pay) charge hryvnia; PrivatBank is a transfer
 * to the shop's card/IBAN; NovaPoshta is cash on delivery.
 */
export const PAYMENT_METHODS = ['Monobank', 'LiqPay', 'PayPal', 'Card', 'PrivatBank', 'NovaPoshta'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** Always available: needs no provider and no settings. */
export const DEFAULT_PAYMENT_METHOD: PaymentMethod = 'NovaPoshta';

/** Methods paid online: the provider confirms the payment, never the admin. */
export const ONLINE_PAYMENT_METHODS: readonly PaymentMethod[] = ['Monobank', 'LiqPay', 'PayPal', 'Card'];

/** Methods paid through PayPal's buttons on the order page. */
export const PAYPAL_PAYMENT_METHODS: readonly PaymentMethod[] = ['PayPal', 'Card'];

/** GET /api/config/payments: the methods this shop can take now, and what the order page needs for them. */
export interface PaymentsConfig {
  methods: PaymentMethod[];
  /** PayPal's public client id for its buttons; null when PayPal is not configured. */
  paypalClientId: string | null;
  /** Today's NBU rate in UAH per dollar; null when it cannot be had (PayPal then says so). */
  usdRate: number | null;
  /** The 'Test Pay Order' button. */
  testMode: boolean;
}

/** The web app's query of whether test payments are on; the server's rendered pages carry its answer. */
export const TEST_MODE_QUERY_KEY = ['config', 'testMode'];
