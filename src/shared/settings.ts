import { z } from 'zod';
import { isEdrpouValid, isLuhnValid, isRnokppValid, isUkrainianIban } from './checksums.js';
import { msg } from './schema-messages.js';
import { DEFAULT_PRICING, fromMinor } from './pricing.js';
import { OFFER_CONSENT_MODES } from './legal.js';
import { DEFAULT_ORDER_LIMITS, MAX_LINE_QTY, type OrderLimits } from './order-limits.js';

export { pricingRulesOf } from './pricing.js';

/**
 * The shop's settings (docs/settings.md): who the shop is, where transfers go, how delivery and tax
 * are charged, and the Nova Poshta sender of its waybills. Edited by the admin, kept in the database.
 */

const text = (max: number) =>
  z
    .string({ error: msg('notText') })
    .trim()
    .max(max, msg('maxChars', { max }));
const required = (max: number, message: string) => text(max).min(1, message);
/** Whole hryvnia or kopiykas: at most two decimals. */
const uah = z
  .number({ error: msg('amountNotNumber') })
  .min(0, msg('amountNegative'))
  .max(1_000_000, msg('amountTooBig'))
  .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, msg('amountCents'));

export const ShopDetailsSchema = z.object({
  name: required(100, msg('shopNameRequired')),
  phone: text(30),
  email: z.email({ error: msg('shopEmailInvalid') }).max(320),
  address: text(300),
  /** The registered trader, e.g. "ФОП Коваленко Ірина Петрівна". */
  legalName: text(200),
  /** ЄДРПОУ (8 digits) or the trader's ІПН (10 digits). */
  taxId: z
    .string()
    .trim()
    .regex(/^(\d{8}|\d{10})?$/, msg('taxIdInvalid')),
  /** When shoppers may call or write, as the Contacts page says it ("пн–сб, 9:00–19:00"). */
  hours: text(200).default(''),
  /** One or two sentences: meta descriptions, link previews, the feeds, JSON-LD (docs/settings.md). */
  description: text(300).default(''),
  /** The About page's text, paragraphs split by an empty line; empty: a short generic text. */
  about: text(5000).default(''),
});

/** Where a "transfer to a PrivatBank card" goes; the method is offered once a card or IBAN is set. */
export const TransferDetailsSchema = z.object({
  cardNumber: z
    .string()
    .transform((s) => s.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^(\d{16})?$/, msg('cardNumberInvalid'))),
  iban: z
    .string()
    .transform((s) => s.replace(/\s/g, '').toUpperCase())
    .pipe(z.string().regex(/^(UA\d{27})?$/, msg('ibanInvalid'))),
  recipient: text(200),
});

export const PricingSettingsSchema = z.object({
  taxRatePercent: z
    .number({ error: msg('percentNotNumber') })
    .min(0, msg('percentRange'))
    .max(100, msg('percentRange')),
  /** UAH; null: the shopper pays Nova Poshta's tariff on pickup. */
  shippingFee: uah.nullable(),
  /** UAH; null: delivery is never free. */
  freeShippingFrom: uah.nullable(),
});

export type PricingSettingsInput = z.input<typeof PricingSettingsSchema>;

/** The sender of the shop's waybills: refs from Nova Poshta's Counterparty/Address directories. */
const ref = z
  .string()
  .trim()
  .regex(/^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})?$/i, msg('novaPoshtaIdInvalid'));
export const NovaPoshtaSenderSchema = z.object({
  counterpartyRef: ref,
  contactRef: ref,
  cityRef: ref,
  warehouseRef: ref,
  contactName: text(200),
  phone: z
    .string()
    .transform((s) => s.replace(/[\s()-]/g, ''))
    .pipe(z.string().regex(/^(\+380\d{9})?$/, msg('senderPhoneInvalid'))),
});

/**
 * How the buyer accepts the public offer at checkout (docs/domain.md): 'notice' says that placing
 * the order accepts it, 'checkbox' asks for a tick and the server refuses an order without it.
 * A client that sends no section (older ones) sets the notice.
 */
/** The price aggregators' own ids of the shop (docs/seo.md). */
export const FeedSettingsSchema = z.object({
  /** Hotline's number of the shop (its price list's `firmId`); without it /feeds/hotline.xml answers 503. */
  hotlineFirmId: z
    .string()
    .trim()
    .regex(/^(\d{1,10})?$/, msg('hotlineFirmIdInvalid'))
    .default(''),
});

export const LegalSettingsSchema = z.object({
  offerConsent: z.enum(OFFER_CONSENT_MODES, { error: msg('offerConsentInvalid') }).default('notice'),
});
const units = (max: number) =>
  z
    .number({ error: msg('wholeUnitsRange', { max }) })
    .int(msg('wholeUnitsRange', { max }))
    .min(1, msg('wholeUnitsRange', { max }))
    .max(max, msg('wholeUnitsRange', { max }));
/** How much stock one unconfirmed order may hold (docs/orders.md, "Limits"). */
export const OrderLimitsSchema = z.object({
  guestLineQty: units(MAX_LINE_QTY),
  guestOrderQty: units(100_000),
  customerLineQty: units(MAX_LINE_QTY),
  customerOrderQty: units(100_000),
  maxStockSharePercent: units(100),
}) satisfies z.ZodType<OrderLimits>;

export const ShopSettingsSchema = z.object({
  shop: ShopDetailsSchema,
  transfer: TransferDetailsSchema,
  pricing: PricingSettingsSchema,
  novaPoshtaSender: NovaPoshtaSenderSchema,
  legal: LegalSettingsSchema.default({ offerConsent: 'notice' }),
  feeds: FeedSettingsSchema.default({ hotlineFirmId: '' }),
  /** Older clients save the settings without it: the limits then stay as they were (settings/routes.ts). */
  orderLimits: OrderLimitsSchema.optional(),
});
export type ShopSettings = z.output<typeof ShopSettingsSchema> & { orderLimits: OrderLimits };
export type ShopSettingsInput = z.input<typeof ShopSettingsSchema>;

/**
 * What the admin saves (PUT /api/settings and the settings page): the stored shape plus the numbers'
 * check digits (docs/settings.md). Settings saved before these checks still read as they are.
 */
export const ShopSettingsUpdateSchema = ShopSettingsSchema.superRefine((settings, ctx) => {
  const { cardNumber, iban } = settings.transfer;
  const taxId = settings.shop.taxId;
  if (cardNumber && !isLuhnValid(cardNumber)) ctx.addIssue({ code: 'custom', path: ['transfer', 'cardNumber'], message: msg('cardNumberChecksum') });
  if (iban && !isUkrainianIban(iban)) ctx.addIssue({ code: 'custom', path: ['transfer', 'iban'], message: msg('ibanChecksum') });
  if (taxId.length === 8 && !isEdrpouValid(taxId)) ctx.addIssue({ code: 'custom', path: ['shop', 'taxId'], message: msg('edrpouChecksum') });
  if (taxId.length === 10 && !isRnokppValid(taxId)) ctx.addIssue({ code: 'custom', path: ['shop', 'taxId'], message: msg('rnokppChecksum') });
});

/** The settings as the server answers them: already normalised, so plain fields (responses are encoded, not parsed). */
const plain = (shape: Record<string, unknown>) => z.object(Object.fromEntries(Object.keys(shape).map((key) => [key, z.string()])));
export const ShopSettingsResponseSchema = z.object({
  shop: plain(ShopDetailsSchema.shape),
  transfer: plain(TransferDetailsSchema.shape),
  pricing: z.object({ taxRatePercent: z.number(), shippingFee: z.number().nullable(), freeShippingFrom: z.number().nullable() }),
  novaPoshtaSender: plain(NovaPoshtaSenderSchema.shape),
  legal: z.object({ offerConsent: z.enum(OFFER_CONSENT_MODES) }),
  feeds: plain(FeedSettingsSchema.shape),
  orderLimits: OrderLimitsSchema,
});

/** GET /api/settings: what every visitor may see (the sender's refs stay with the admin). */
export const PublicSettingsSchema = ShopSettingsResponseSchema.omit({ novaPoshtaSender: true });
export type PublicSettings = z.output<typeof PublicSettingsSchema>;

/** A new shop's settings until the admin saves its own. */
export const DEFAULT_SETTINGS: ShopSettings = {
  shop: {
    name: 'Хмільна крамниця',
    phone: '',
    email: 'shop@example.com',
    address: '',
    legalName: '',
    taxId: '',
    hours: '',
    description: 'Хміль, дріжджі, солод і обладнання для домашнього пивоваріння з доставкою Новою поштою.',
    about: '',
  },
  transfer: { cardNumber: '', iban: '', recipient: '' },
  pricing: {
    taxRatePercent: DEFAULT_PRICING.taxRatePercent,
    shippingFee: DEFAULT_PRICING.shippingFeeMinor === null ? null : fromMinor(DEFAULT_PRICING.shippingFeeMinor),
    freeShippingFrom: DEFAULT_PRICING.freeShippingFromMinor === null ? null : fromMinor(DEFAULT_PRICING.freeShippingFromMinor),
  },
  novaPoshtaSender: { counterpartyRef: '', contactRef: '', cityRef: '', warehouseRef: '', contactName: '', phone: '' },
  legal: { offerConsent: 'notice' },
  feeds: { hotlineFirmId: '' },
  orderLimits: DEFAULT_ORDER_LIMITS,
};

/** The transfer method needs somewhere to send the money. */
export const acceptsTransfers = (transfer: ShopSettings['transfer']) => Boolean(transfer.recipient && (transfer.cardNumber || transfer.iban));
