import { z } from 'zod';
import { RecordIdSchema } from './record-id.js';
import { msg } from './schema-messages.js';
import { MAX_LINE_QTY, MAX_ORDER_LINES } from './order-limits.js';
import { DELIVERY_KINDS, NovaPoshtaRefSchema } from './delivery.js';
import { ORDER_STATUSES, TRACKING_NUMBER } from './order-status.js';
import { DEFAULT_PAYMENT_METHOD, PAYMENT_METHODS } from './payment-methods.js';
import { PhoneSchema } from './phone.js';
import { EmailSchema } from './users.js';
import { FiscalReceiptSchema } from './fiscal.js';
import { OrderRefundSchema } from './refunds.js';
import type { LineOptions } from './line-options.js';

export * from './payment-methods.js';
export * from './order-status.js';
export * from './refunds.js';

/**
 * Orders as both sides see them (docs/api.md). The create payload keeps the original field names
 * (docs/orders.md), but the server trusts only product ids and quantities from it: names, images,
 * prices and totals come from the database and the shared pricing rules.
 */

export const MAX_ORDER_COMMENT = 500;

const requiredText = (message: string, max: number) => z.string({ error: message }).trim().min(1, message).max(max, msg('maxChars', { max }));

/** Where the parcel goes and who collects it (docs/orders.md); the API's original `shippingAddress` is src/shared/wire/orders.ts. */
export const ShippingSchema = z
  .object({
    recipientName: requiredText(msg('recipientRequired'), 200),
    city: requiredText(msg('cityRequired'), 100),
    phoneNumber: PhoneSchema,
    /** The Nova Poshta branch or locker as the shopper saw it; for courier delivery, the address as one line. */
    branch: requiredText(msg('branchRequired'), 300),
    postalCode: z
      .string()
      .trim()
      .max(20, msg('maxChars', { max: 20 }))
      .optional()
      .default(''),
    /**
     * The settlement and the branch chosen from Nova Poshta's directory (docs/delivery.md); the server
     * checks that the branch belongs to the settlement. Both absent: a branch typed by hand while
     * Nova Poshta was unreachable.
     */
    settlementRef: NovaPoshtaRefSchema.optional(),
    branchRef: NovaPoshtaRefSchema.optional(),
    /**
     * `door`: Nova Poshta's courier brings the parcel to `street` (chosen from the settlement's
     * streets, with its `streetRef`), `house` and `flat`; `branch` then carries the address as one
     * line (docs/delivery.md).
     */
    delivery: z
      .enum(DELIVERY_KINDS, { error: msg('invalidValue') })
      .optional()
      .default('branch'),
    streetRef: NovaPoshtaRefSchema.optional(),
    street: z
      .string()
      .trim()
      .max(200, msg('maxChars', { max: 200 }))
      .optional(),
    house: z.string().trim().max(10, msg('houseInvalid')).optional(),
    flat: z.string().trim().max(10, msg('flatInvalid')).optional(),
    /** The settlement's oblast and district as the directory lists them: a courier waybill names them. */
    area: z
      .string()
      .trim()
      .max(100, msg('maxChars', { max: 100 }))
      .optional(),
    region: z
      .string()
      .trim()
      .max(100, msg('maxChars', { max: 100 }))
      .optional(),
  })
  .refine((a) => !a.branchRef || a.settlementRef, { message: msg('cityFromList'), path: ['settlementRef'] })
  .refine((a) => a.delivery !== 'door' || a.settlementRef, { message: msg('cityFromList'), path: ['settlementRef'] })
  .refine((a) => a.delivery !== 'door' || (a.streetRef && a.street), { message: msg('streetRequired'), path: ['street'] })
  .refine((a) => a.delivery !== 'door' || a.house, { message: msg('houseRequired'), path: ['house'] });
export type Shipping = z.output<typeof ShippingSchema>;
export type ShippingInput = z.input<typeof ShippingSchema>;

/** A line's options: `{ milled: true }`, `{ milled: false }` (the same as none) or nothing; any other key is refused. */
export const LineOptionsSchema = z
  .strictObject({ milled: z.boolean({ error: msg('lineOptionsInvalid') }).optional() }, { error: msg('lineOptionsInvalid') })
  .optional()
  .transform((options): LineOptions => (options?.milled ? { milled: true } : {}));

export const OrderLineInputSchema = z.object({
  product: z.uuid({ error: msg('productIdInvalid') }),
  /** The pack; may be left out only for a product with a single pack (a cart from before pack sizes). */
  variant: z.uuid({ error: msg('variantIdInvalid') }).optional(),
  /** `{ milled: true }` for malt the shop mills (src/shared/line-options.ts). */
  options: LineOptionsSchema,
  qty: z
    .number({ error: msg('qtyNotNumber') })
    .int(msg('qtyNotInteger'))
    .min(1, msg('qtyMin'))
    .max(MAX_LINE_QTY, msg('qtyMax', { max: MAX_LINE_QTY })),
});

/** POST /api/orders. Any other fields (names, prices, totals) are accepted and ignored. */
/** The languages the shop speaks; an order keeps the one its shopper used (docs/notifications.md). */
export const ORDER_LOCALES = ['uk', 'en'] as const;
export type OrderLocale = (typeof ORDER_LOCALES)[number];

/** The shopper's language from an `Accept-Language` header: English when it comes before Ukrainian, else Ukrainian. */
export function orderLocaleOf(acceptLanguage: string | undefined): OrderLocale {
  const tags = (acceptLanguage ?? '')
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().toLowerCase().split(';');
      const q = Number(
        params
          .find((p) => p.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { lang: tag.split('-')[0], q: Number.isFinite(q) ? q : 0 };
    })
    .filter((t) => t.lang === 'uk' || t.lang === 'en')
    .sort((a, b) => b.q - a.q);
  return tags[0]?.lang === 'en' ? 'en' : 'uk';
}

export const OrderCreateSchema = z.object({
  orderItems: z
    .array(OrderLineInputSchema, { error: msg('orderItemsRequired') })
    .min(1, msg('cartEmpty'))
    .max(MAX_ORDER_LINES, msg('tooManyLines', { max: MAX_ORDER_LINES })),
  shipping: ShippingSchema,
  paymentMethodId: z.enum(PAYMENT_METHODS, { error: msg('paymentMethodRequired') }).default(DEFAULT_PAYMENT_METHOD),
  /** The buyer ticked the consent to the public offer; required when the shop asks for the tick (docs/domain.md). */
  acceptOffer: z.boolean({ error: msg('invalidType') }).optional(),
  /** The language the shopper uses; without it, the request's Accept-Language decides. */
  locale: z.enum(ORDER_LOCALES).optional(),
  /** A promo code (docs/promo-codes.md): checked and counted in the order's transaction; a refused code refuses the order. */
  promoCode: z
    .string({ error: msg('promoCodeFormat') })
    .trim()
    .max(64, msg('promoCodeFormat'))
    .optional()
    .transform((code) => code || undefined),
  /** A note to the shop ("зателефонуйте перед відправкою"); the shop's eyes only (docs/orders.md). */
  comment: z
    .string({ error: msg('notText') })
    .trim()
    .max(MAX_ORDER_COMMENT, msg('orderCommentTooLong', { max: MAX_ORDER_COMMENT }))
    .optional()
    .default(''),
});
export type OrderCreate = z.input<typeof OrderCreateSchema>;

/**
 * POST /api/orders/guest: the same order, and the guest's e-mail, which may be left out: the phone
 * is enough, and the order's link is then shown once on screen (docs/delivery.md).
 */
export const GuestOrderCreateSchema = OrderCreateSchema.extend({
  email: z
    .union([z.literal(''), EmailSchema])
    .optional()
    .transform((email) => email || undefined),
});
export type GuestOrderCreate = z.input<typeof GuestOrderCreateSchema>;

/** The secret of a guest order's link: 32 random bytes, base64url. */
export const GuestOrderParamsSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, msg('orderLinkInvalid')),
});

export const OrderItemSchema = z.object({
  id: RecordIdSchema,
  name: z.string(),
  qty: z.number(),
  image: z.string(),
  /** UAH per unit after the discount at the time of the order. */
  price: z.number(),
  /** null once the product has been deleted from the catalogue. */
  product: z.string().nullable(),
  /** The pack ordered (null once deleted with its product); SKU, label and unit weight as they were then. */
  variant: z.string().nullable(),
  sku: z.string().nullable(),
  label: z.string().nullable(),
  /** kg per unit. */
  weight: z.number().nullable(),
  options: z.object({ milled: z.literal(true).optional() }),
  /** The line's share of the order's promo discount (UAH for the whole line): refunds give back price × qty less it. */
  promoDiscount: z.number(),
});

export const PaymentResultSchema = z.object({
  id: z.string(),
  status: z.string(),
  update_time: z.string(),
  email_address: z.string(),
});
export type PaymentResult = z.infer<typeof PaymentResultSchema>;

/** The last status Nova Poshta reported for the waybill, and when the shop read it. */
export const TrackingSchema = z.object({ status: z.string(), updatedAt: z.string() });
export type Tracking = z.infer<typeof TrackingSchema>;

export const PaymentPendingSchema = z.object({ status: z.string(), since: z.string() });
export type PaymentPending = z.infer<typeof PaymentPendingSchema>;
export const RefundSchema = z.object({ amount: z.number(), refundedAt: z.string(), id: z.string().nullable() });
export type Refund = z.infer<typeof RefundSchema>;

export const OrderSchema = z.object({
  id: RecordIdSchema,
  /** The readable number ("Замовлення №1024"). */
  number: z.number(),
  status: z.enum(ORDER_STATUSES),
  /** null once the customer's account has been deleted. */
  user: z.object({ id: RecordIdSchema, name: z.string(), email: z.string() }).nullable(),
  shipping: z.object({
    recipientName: z.string(),
    phoneNumber: z.string(),
    city: z.string(),
    postalCode: z.string(),
    /** The branch or locker as shown; for courier delivery the address as one line. */
    branch: z.string(),
    /** Nova Poshta's refs of the settlement and branch (null for a branch typed by hand). */
    settlementRef: z.string().nullable(),
    branchRef: z.string().nullable(),
    /** `door`: courier delivery to the street, house and flat below (null for a branch). */
    delivery: z.enum(DELIVERY_KINDS),
    street: z.string().nullable(),
    house: z.string().nullable(),
    flat: z.string().nullable(),
  }),
  /**
   * Nova Poshta's tariff (hryvnias) and expected day (yyyy-mm-dd) as estimated when the order was
   * placed; null when it did not answer in time (docs/delivery.md).
   */
  shippingEstimate: z.object({ cost: z.number(), date: z.string().nullable() }).nullable(),
  /** The shopper's note to the shop; '' when none. */
  comment: z.string(),
  /** The e-mail of a guest who ordered without an account (null otherwise). */
  guestEmail: z.string().nullable(),
  /** Placed without an account (its e-mail may be left out); an account's order whose account was deleted is not. */
  guest: z.boolean(),
  paymentMethodId: z.enum(PAYMENT_METHODS),
  orderItems: z.array(OrderItemSchema),
  /** The money fields below are hryvnia with 2 decimals. */
  currency: z.literal('UAH'),
  itemsPrice: z.number(),
  shippingPrice: z.number(),
  /** Delivery is paid to Nova Poshta on pickup at its tariff (shippingPrice is 0 then, not "free"). */
  shippingByCarrier: z.boolean(),
  taxPrice: z.number(),
  /** The promo code the order was placed with, as typed then (null: none), and what it took off the items; in totalPrice. */
  promoCode: z.string().nullable(),
  discountPrice: z.number(),
  totalPrice: z.number(),
  isPaid: z.boolean(),
  paidAt: z.string().nullable(),
  paymentResult: PaymentResultSchema.nullable(),
  isDelivered: z.boolean(),
  deliveredAt: z.string().nullable(),
  shippedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  /** When the shop confirmed the order; an unconfirmed offline order expires (docs/orders.md). */
  confirmedAt: z.string().nullable(),
  /** The Nova Poshta waybill (ТТН) once shipped. */
  trackingNumber: z.string().nullable(),
  tracking: TrackingSchema.nullable(),
  /** The public offer's version the order was placed under (/oferta/v/{n}); null for orders from before it. */
  offerVersion: z.number().nullable(),
  /**
   * A payment the provider holds but has not finished (docs/payments.md): LiqPay's `wait_accept` or
   * `hold_wait`, PayPal's `PENDING` capture. The order is not expired while it waits.
   */
  paymentPending: PaymentPendingSchema.nullable(),
  /** Money given back so far (the sum of the refunds that went through), hryvnia; null when none. */
  refund: RefundSchema.nullable(),
  /** Every refund of the order, oldest first, with the lines it took back (docs/orders.md, "Refunds"). */
  refunds: z.array(OrderRefundSchema),
  /** When the admin confirmed the goods came back (stock returned then). */
  returnedAt: z.string().nullable(),
  /** Nova Poshta reported the parcel refused or going back ("Відмова отримувача"); the admin confirms the return. */
  parcelRefused: z.object({ status: z.string(), at: z.string() }).nullable(),
  /** Money the shop must not keep and could not give back by itself (a payment for a cancelled order): the admin acts. */
  paymentAttention: z.string().nullable(),
  /** The language the shopper ordered in; letters about the order speak it. */
  locale: z.enum(ORDER_LOCALES),
  createdAt: z.string(),
  /** Fiscal receipts of the order's payment and refunds (docs/fiscal.md). */
  receipts: z.array(FiscalReceiptSchema),
});
export type Order = z.infer<typeof OrderSchema>;

/** A guest's new order, with the secret of its link: shown once, never stored in the clear. */
export const GuestOrderSchema = OrderSchema.extend({ accessToken: z.string() });
export type GuestOrder = z.infer<typeof GuestOrderSchema>;

/** Lists (my orders, admin order list) leave the lines out. */
export const OrderSummarySchema = OrderSchema.omit({ orderItems: true, paymentResult: true, receipts: true, refunds: true });
export type OrderSummary = z.infer<typeof OrderSummarySchema>;

/** GET /api/orders (admin): newest first, a page at a time, the catalogue's shape. */
export const ORDERS_PAGE_SIZE = 20;
export const OrderListQuerySchema = z.object({
  pageNumber: z.coerce
    .number({ error: msg('pageInvalid') })
    .int(msg('pageInvalid'))
    .min(1, msg('pageInvalid'))
    .max(100_000, msg('pageInvalid'))
    .default(1),
  status: z.enum(ORDER_STATUSES, { error: msg('orderStatusUnknown') }).optional(),
  q: z
    .string()
    .trim()
    .max(100, msg('maxChars', { max: 100 }))
    .optional()
    .default(''),
});
export type OrderListQuery = z.input<typeof OrderListQuerySchema>;
export const OrderListSchema = z.object({ orders: z.array(OrderSummarySchema), page: z.number(), pages: z.number() });
export type OrderList = z.infer<typeof OrderListSchema>;

/** PUT /api/orders/{id}/ship: the waybill number typed by the admin. */
export const ShipOrderSchema = z.object({
  trackingNumber: z
    .string({ error: msg('trackingNumberRequired') })
    .transform((value) => value.replace(/\s/g, ''))
    .pipe(z.string().regex(TRACKING_NUMBER, msg('trackingNumberInvalid'))),
});
export type ShipOrder = z.input<typeof ShipOrderSchema>;

/** The Idempotency-Key header of POST /api/orders: one checkout, one order. */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,100}$/;

/** PUT /api/orders/{id}/pay with PayPal's capture details; the server checks them with PayPal itself. */
export const PayPalPaySchema = z.object({
  id: z
    .string()
    .trim()
    .min(1, msg('paymentIdRequired'))
    .max(64)
    .regex(/^[A-Za-z0-9-]+$/, msg('paymentIdInvalid')),
  status: z.string().max(64).optional(),
  update_time: z.string().max(64).optional(),
  payer: z.looseObject({ email_address: z.string().max(320).optional(), payer_id: z.string().max(64).optional() }).optional(),
});
export type PayPalPay = z.infer<typeof PayPalPaySchema>;

/** PUT /api/orders/{id}/pay with `{ test: true }`: the 'Test Pay Order' button, only in test mode. */
export const TestPaySchema = z.object({ test: z.literal(true) });

export const PayOrderSchema = z.union([TestPaySchema, PayPalPaySchema], { error: msg('paymentDataInvalid') });
export type PayOrder = z.infer<typeof PayOrderSchema>;

/** POST /api/orders/{id}/paypal: the PayPal order created for our order's total in dollars. */
export const PayPalCreatedSchema = z.object({
  id: z.string(),
  amount: z.object({ currency_code: z.literal('USD'), value: z.string() }),
  /** UAH per dollar, the NBU rate the total was converted at. */
  rate: z.number(),
});
export type PayPalCreated = z.infer<typeof PayPalCreatedSchema>;

/** POST /api/orders/{id}/paypal/capture */
export const PayPalCaptureSchema = z.object({ id: PayPalPaySchema.shape.id });

/** POST /api/orders/{id}/liqpay: the signed form the browser posts to LiqPay's checkout. */
export const LiqPayCheckoutSchema = z.object({ data: z.string(), signature: z.string(), checkoutUrl: z.string() });
export type LiqPayCheckout = z.infer<typeof LiqPayCheckoutSchema>;

/** POST /api/orders/{id}/monobank: the invoice monobank created (or the still-valid one reused); the browser opens `pageUrl`. */
export const MonobankInvoiceSchema = z.object({ invoiceId: z.string(), pageUrl: z.string() });
export type MonobankInvoice = z.infer<typeof MonobankInvoiceSchema>;

/** GET /api/config/paypal */
export const PayPalConfigSchema = z.object({ clientId: z.string().nullable(), testMode: z.boolean() });
export type PayPalConfig = z.infer<typeof PayPalConfigSchema>;
