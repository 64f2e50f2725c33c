/**
 * Payment methods, apart from the order schemas so the cart (on every page) does not pull the
 * validation library into the first page load. docs/payments.md says how each is paid.
 */

/**
 * Named for what they are: `paypal` and `paypal_card` (PayPal's card button) charge dollars at the
 * NBU rate; `liqpay` and `monobank` (monobank's payment page: card, Apple Pay, Google Pay) charge
 * hryvnia; `card_transfer` is a transfer to the shop's card/IBAN; `cash_on_delivery` is paid to
 * Nova Poshta on receipt. The API also speaks the original names (src/shared/wire/orders.ts).
 */
export const PAYMENT_METHODS = ['monobank', 'liqpay', 'paypal', 'paypal_card', 'card_transfer', 'cash_on_delivery'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** Always available: needs no provider and no settings. */
export const DEFAULT_PAYMENT_METHOD: PaymentMethod = 'cash_on_delivery';

/** Methods paid online: the provider confirms the payment, never the admin. */
export const ONLINE_PAYMENT_METHODS: readonly PaymentMethod[] = ['monobank', 'liqpay', 'paypal', 'paypal_card'];

/** Methods paid through PayPal's buttons on the order page. */
export const PAYPAL_PAYMENT_METHODS: readonly PaymentMethod[] = ['paypal', 'paypal_card'];

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
