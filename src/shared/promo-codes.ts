import { z } from 'zod';
import { RecordIdSchema } from './record-id.js';
import { msg } from './schema-messages.js';
import { OrderLineInputSchema } from './orders.js';
import { MAX_ORDER_LINES } from './order-limits.js';
import { toMinor, type PromoTerms } from './pricing.js';

/**
 * Promo codes (docs/promo-codes.md): what the admin writes, what the shopper's check answers, and the
 * rules both sides read (which lines a code applies to; its dates are the shop's days, src/shared/time-zone.ts).
 */

export const PROMO_KINDS = ['percent', 'fixed', 'free_delivery'] as const;
export type PromoKind = (typeof PROMO_KINDS)[number];

/** Letters (Cyrillic too), digits, "-" and "_": what a shopper can type from a flyer without doubt. */
export const PROMO_CODE = /^[\p{L}\p{N}_-]{3,32}$/u;

/** The form the shop compares codes in: no spaces around, one case. */
export const normalizePromoCode = (code: string) => code.trim().toLocaleUpperCase('uk-UA');

const PromoCodeTextSchema = z
  .string({ error: msg('promoCodeFormat') })
  .trim()
  .regex(PROMO_CODE, msg('promoCodeFormat'));

const KyivDateSchema = z
  .string({ error: msg('promoDateInvalid') })
  .regex(/^\d{4}-\d{2}-\d{2}$/, msg('promoDateInvalid'))
  .refine(
    (value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    msg('promoDateInvalid'),
  );

const LimitSchema = z
  .number({ error: msg('promoLimitInvalid') })
  .int(msg('promoLimitInvalid'))
  .min(1, msg('promoLimitInvalid'))
  .max(1_000_000, msg('promoLimitInvalid'))
  .nullable()
  .default(null);

/** POST and PUT /api/admin/promo-codes: money in hryvnia with at most 2 decimals, dates as Kyiv days. */
export const PromoCodeInputSchema = z
  .strictObject({
    code: PromoCodeTextSchema,
    kind: z.enum(PROMO_KINDS, { error: msg('invalidValue') }),
    /** 1–100 for `percent`. */
    percent: z
      .number({ error: msg('promoPercentRange') })
      .int(msg('promoPercentRange'))
      .min(1, msg('promoPercentRange'))
      .max(100, msg('promoPercentRange'))
      .nullable()
      .default(null),
    /** Hryvnia off for `fixed`. */
    amount: z
      .number({ error: msg('promoAmountRequired') })
      .positive(msg('promoAmountRequired'))
      .max(1_000_000, msg('promoAmountRequired'))
      .nullable()
      .default(null),
    /** The items' sum (hryvnia) an order must reach; 0: none. */
    minOrder: z
      .number({ error: msg('invalidType') })
      .min(0, msg('tooSmall', { min: 0 }))
      .max(10_000_000)
      .default(0),
    validFrom: KyivDateSchema.nullable().default(null),
    validTo: KyivDateSchema.nullable().default(null),
    totalLimit: LimitSchema,
    perCustomerLimit: LimitSchema,
    /** Category slugs; with `products` empty too, the code applies to every product. */
    categories: z.array(z.string().trim().min(1).max(63)).max(100).default([]),
    products: z
      .array(z.uuid({ error: msg('productIdInvalid') }))
      .max(500)
      .default([]),
    active: z.boolean({ error: msg('invalidType') }).default(true),
  })
  .refine((p) => p.kind !== 'percent' || p.percent !== null, { message: msg('promoPercentRange'), path: ['percent'] })
  .refine((p) => p.kind !== 'fixed' || p.amount !== null, { message: msg('promoAmountRequired'), path: ['amount'] })
  .refine((p) => !p.validFrom || !p.validTo || p.validFrom <= p.validTo, { message: msg('promoDatesOrder'), path: ['validTo'] });
export type PromoCodeInput = z.input<typeof PromoCodeInputSchema>;
export type PromoCodeValues = z.output<typeof PromoCodeInputSchema>;

/** A promo code as the admin sees it. */
export const PromoCodeSchema = z.object({
  id: RecordIdSchema,
  code: z.string(),
  kind: z.enum(PROMO_KINDS),
  percent: z.number().nullable(),
  amount: z.number().nullable(),
  minOrder: z.number(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  totalLimit: z.number().nullable(),
  perCustomerLimit: z.number().nullable(),
  categories: z.array(z.string()),
  products: z.array(z.string()),
  active: z.boolean(),
  /** Uses by orders not cancelled. */
  usedCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PromoCode = z.infer<typeof PromoCodeSchema>;
export const PromoCodeListSchema = z.object({ promoCodes: z.array(PromoCodeSchema) });

/** DELETE: an unused code is gone; a used one is only switched off, so its orders keep their history. */
export const PromoCodeDeletedSchema = z.object({ deleted: z.boolean(), promoCode: PromoCodeSchema.nullable() });

/**
 * POST /api/promo-codes/check. A guest may name the e-mail and phone the order will carry, so that
 * "already used by you" is answered before the order, as the order itself would answer it.
 */
export const PromoCheckSchema = z.object({
  code: z
    .string({ error: msg('promoCodeFormat') })
    .trim()
    .min(1, msg('promoCodeFormat'))
    .max(64, msg('promoCodeFormat')),
  orderItems: z
    .array(OrderLineInputSchema, { error: msg('orderItemsRequired') })
    .min(1, msg('cartEmpty'))
    .max(MAX_ORDER_LINES, msg('tooManyLines', { max: MAX_ORDER_LINES })),
  email: z.string().trim().max(320).optional(),
  phone: z.string().trim().max(32).optional(),
});
export type PromoCheck = z.input<typeof PromoCheckSchema>;

/** What the code gives these lines, priced by the shared function (docs/pricing.md). */
export const PromoCheckResultSchema = z.object({
  code: z.string(),
  kind: z.enum(PROMO_KINDS),
  percent: z.number().nullable(),
  amount: z.number().nullable(),
  /** The products among the lines the code applies to (ids). */
  products: z.array(z.string()),
  discountPrice: z.number(),
  freeDelivery: z.boolean(),
});
export type PromoCheckResult = z.infer<typeof PromoCheckResultSchema>;

/** Why a code gives nothing (docs/errors.md); each carries its own words on both sides. */
export const PROMO_REFUSALS = [
  'PROMO_CODE_UNKNOWN',
  'PROMO_CODE_EXPIRED',
  'PROMO_CODE_NOT_YET_VALID',
  'PROMO_CODE_BELOW_MINIMUM',
  'PROMO_CODE_USED_UP',
  'PROMO_CODE_ALREADY_USED',
  'PROMO_CODE_NOT_APPLICABLE',
] as const;
export type PromoRefusalCode = (typeof PROMO_REFUSALS)[number];

/** The terms for the pricing function, from a code's stored or checked form. */
export function promoTermsOf(code: { kind: PromoKind; percent: number | null; amount: number | null }): PromoTerms {
  if (code.kind === 'percent') return { kind: 'percent', percent: code.percent ?? 0 };
  if (code.kind === 'fixed') return { kind: 'fixed', amountMinor: toMinor(code.amount ?? 0) };
  return { kind: 'free_delivery' };
}

/** Whether a code with these targets applies to a product: no targets, the product named, or its category named. */
export function promoApplies(targets: { categories: readonly string[]; products: readonly string[] }, product: { id: string; category: string }): boolean {
  if (targets.categories.length === 0 && targets.products.length === 0) return true;
  return targets.products.includes(product.id) || targets.categories.includes(product.category);
}
