import { z } from 'zod';
import { msg } from './schema-messages.js';

/**
 * Nova Poshta delivery as both sides see it (docs/delivery.md): settlements found as the shopper
 * types, the branches and parcel lockers of one settlement, and the weight rule that keeps a heavy
 * cart away from a point that cannot take it.
 */

export const MIN_CITY_QUERY = 2;
export const MAX_QUERY_LENGTH = 100;
/** How many branches one answer lists at most; the shopper narrows the rest by typing. */
export const MAX_BRANCH_LIMIT = 500;
export const DEFAULT_BRANCH_LIMIT = 50;

/** Nova Poshta's references are UUIDs; the demo directory's are too. */
export const NovaPoshtaRefSchema = z
  .string({ error: msg('novaPoshtaRefInvalid') })
  .trim()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, msg('novaPoshtaRefInvalid'))
  .transform((ref) => ref.toLowerCase());

const query = (field: 'city' | 'query') =>
  z
    .string()
    .max(MAX_QUERY_LENGTH, msg('queryTooLong', { field, max: MAX_QUERY_LENGTH }))
    .optional()
    .transform((q) => q?.trim().replace(/\s+/g, ' ') ?? '');

/** A settlement as the city combobox shows it: "Біла Церква", "м.", "Київська обл.", district. */
export const CitySchema = z.object({
  /** The settlement's ref (Address.searchSettlements `Ref`): what the branch search and the order take. */
  ref: z.string(),
  /** The city's ref in the older directory (`DeliveryCity`); waybills use it. */
  cityRef: z.string(),
  name: z.string(),
  /** Oblast ("Київська"), empty for Kyiv itself. */
  area: z.string(),
  /** District ("Білоцерківський"), often empty. */
  region: z.string(),
  /** "м.", "смт", "с.", … */
  type: z.string(),
  /** How many branches and lockers Nova Poshta has there. */
  warehouses: z.number(),
});
export type City = z.infer<typeof CitySchema>;

export const CityListSchema = z.object({
  cities: z.array(CitySchema),
  /** true when the answer comes from the offline demo directory, not from Nova Poshta. */
  demo: z.boolean(),
});
export type CityList = z.infer<typeof CityListSchema>;

export const CityQuerySchema = z.object({ q: query('city') });

export const BRANCH_TYPES = ['branch', 'locker', 'cargo'] as const;
export type BranchType = (typeof BRANCH_TYPES)[number];

export const BranchSchema = z.object({
  ref: z.string(),
  number: z.string(),
  description: z.string(),
  /** Street and house, without the branch's name. */
  address: z.string(),
  type: z.enum(BRANCH_TYPES),
  /** The heaviest parcel the point accepts, in kg; null when Nova Poshta sets no limit. */
  maxWeightKg: z.number().nullable(),
});
export type Branch = z.infer<typeof BranchSchema>;

export const BranchListSchema = z.object({
  branches: z.array(BranchSchema),
  /** How many points matched; more than `branches.length` when the answer was cut at the limit. */
  total: z.number(),
  /** true when the answer comes from the offline demo directory, not from Nova Poshta. */
  demo: z.boolean(),
});
export type BranchList = z.infer<typeof BranchListSchema>;

/**
 * GET /api/delivery/branches: `cityRef` (a settlement ref from /cities) with an optional search `q`
 * (number or street) and `type`; the older `city` (a name) still works.
 */
export const BranchQuerySchema = z.object({
  cityRef: NovaPoshtaRefSchema.optional(),
  city: query('city'),
  q: query('query'),
  type: z.enum(BRANCH_TYPES, { error: msg('branchTypeInvalid') }).optional(),
  limit: z.coerce
    .number({ error: msg('qtyNotNumber') })
    .int(msg('qtyNotInteger'))
    .min(1, msg('limitMin'))
    .max(MAX_BRANCH_LIMIT, msg('qtyMax', { max: MAX_BRANCH_LIMIT }))
    .default(DEFAULT_BRANCH_LIMIT),
});
export type BranchQuery = z.output<typeof BranchQuerySchema>;

/** The parcel's weight: the catalogue's package weight (kg) of each line times its quantity. */
export function parcelWeightKg(lines: readonly { weight: number; qty: number }[]): number {
  const grams = lines.reduce((sum, line) => sum + Math.round(line.weight * 1000) * line.qty, 0);
  return grams / 1000;
}

/**
 * A placed order's parcel: each line's pack weight as ordered (the line's stored snapshot), so
 * editing the catalogue never changes a parcel. A line without a snapshot weighs nothing.
 */
export function orderedParcelWeightKg(items: readonly { weight: number | null; qty: number }[]): number {
  return parcelWeightKg(items.map((item) => ({ weight: item.weight ?? 0, qty: item.qty })));
}

/** Whether a point refuses a parcel of this weight: it has a known limit, and the parcel is over it. */
export function branchRefuses<T extends Pick<Branch, 'maxWeightKg'>>(branch: T, weightKg: number): branch is T & { maxWeightKg: number } {
  return branch.maxWeightKg !== null && weightKg > branch.maxWeightKg;
}

/** Whether a point takes a parcel of this weight. */
export function branchTakes(branch: Pick<Branch, 'maxWeightKg'>, weightKg: number): boolean {
  return !branchRefuses(branch, weightKg);
}

/** How the shop matches a branch to what the shopper typed: its number, or words of its description. */
export function branchMatches(branch: Pick<Branch, 'number' | 'description'>, q: string): boolean {
  const needle = q.trim().toLowerCase().replace(/^№\s*/, '');
  if (needle === '') return true;
  if (/^\d+$/.test(needle)) return branch.number.startsWith(needle) || branch.description.includes(needle);
  return normalizeText(branch.description).includes(normalizeText(needle));
}

/** Case, apostrophe forms and repeated spaces do not matter when names are compared. */
export function normalizeText(text: string): string {
  return text
    .toLowerCase()
    .replace(/[’`'ʼ]/g, 'ʼ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** How the parcel reaches the shopper: a branch or parcel locker, or Nova Poshta's courier to the door. */
export const DELIVERY_KINDS = ['branch', 'door'] as const;
export type DeliveryKind = (typeof DELIVERY_KINDS)[number];

/** A street of a settlement (Address.searchSettlementStreets), for courier delivery. */
export const StreetSchema = z.object({
  /** `SettlementStreetRef`. */
  ref: z.string(),
  /** The street as Nova Poshta writes it with its kind: "вул. Ярослава Мудрого". */
  name: z.string(),
});
export type Street = z.infer<typeof StreetSchema>;

export const StreetListSchema = z.object({ streets: z.array(StreetSchema), demo: z.boolean() });
export type StreetList = z.infer<typeof StreetListSchema>;

/** GET /api/delivery/streets?settlementRef=&q=: fewer than two letters find nothing. */
export const StreetQuerySchema = z.object({ settlementRef: NovaPoshtaRefSchema, q: query('query') });

export const MAX_PARCEL_KG = 1000;
export const MAX_DECLARED_VALUE = 1_000_000;

/**
 * GET /api/delivery/estimate: the settlement, `branchRef` (a point's ref) or `door`, the parcel's
 * weight and its declared value in hryvnias (docs/delivery.md).
 */
export const EstimateQuerySchema = z.object({
  settlementRef: NovaPoshtaRefSchema,
  branchRef: z.union([z.literal('door'), NovaPoshtaRefSchema]),
  weightKg: z.coerce
    .number({ error: msg('parcelWeightInvalid') })
    .min(0, msg('parcelWeightInvalid'))
    .max(MAX_PARCEL_KG, msg('parcelWeightInvalid')),
  value: z.coerce
    .number({ error: msg('declaredValueInvalid') })
    .min(0, msg('declaredValueInvalid'))
    .max(MAX_DECLARED_VALUE, msg('declaredValueInvalid')),
});
export type EstimateQuery = z.output<typeof EstimateQuerySchema>;

/**
 * Nova Poshta's price and date for the parcel, or `available: false` when it could not tell in time:
 * the screens then say "за тарифами Нової пошти" as before.
 */
export const DeliveryEstimateSchema = z.object({
  available: z.boolean(),
  /** Nova Poshta's tariff in hryvnias (`Cost` of getDocumentPrice). */
  cost: z.number().nullable(),
  /** The expected delivery day, `yyyy-mm-dd` (getDocumentDeliveryDate). */
  date: z.string().nullable(),
});
export type DeliveryEstimate = z.infer<typeof DeliveryEstimateSchema>;

/**
 * The bands a cached estimate is kept under: the tariff changes by the kilogram and by the declared
 * value's hundreds, so parcels in one band share an answer (docs/delivery.md). The band's upper
 * edge is what Nova Poshta is asked, so the estimate never undersells.
 */
export function weightBandKg(weightKg: number): number {
  if (weightKg <= 0.5) return 0.5;
  if (weightKg <= 1) return 1;
  if (weightKg <= 30) return Math.ceil(weightKg);
  return Math.ceil(weightKg / 5) * 5;
}

export function valueBandUah(value: number): number {
  if (value <= 200) return 200;
  if (value <= 2000) return Math.ceil(value / 100) * 100;
  return Math.ceil(value / 500) * 500;
}

/** The expected day as the screens and letters write it: "2026-11-27" → "27.11". */
export function formatDeliveryDay(date: string): string {
  const [, month, day] = date.split('-');
  return `${day}.${month}`;
}
