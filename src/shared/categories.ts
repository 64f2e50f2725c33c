import { z } from 'zod';
import { RecordIdSchema } from './record-id.js';
import { ATTRIBUTE_PARAM_PREFIX } from './attribute-params.js';
import { msg } from './schema-messages.js';
import { pathTo, paths, ROUTE_NAMES, ROUTES, type RouteSpec } from './routes.js';

export { ATTRIBUTE_PARAM_PREFIX };

/**
 * Categories, producers and attribute definitions as the owner edits them (docs/domain.md,
 * docs/decisions/017-categories-and-attributes.md), and the attribute filters of a listing.
 */

export const ATTRIBUTE_TYPES = ['number', 'enum', 'text', 'boolean'] as const;
export type AttributeType = (typeof ATTRIBUTE_TYPES)[number];

/** A product's attribute values by key: numbers, enum values, free text, yes/no. */
export type AttributeValue = string | number | boolean;
export type AttributeValues = Record<string, AttributeValue>;

export const CATEGORY_SLUG_PATTERN = /^[A-Za-z0-9][A-Za-z0-9-]{0,62}$/;
export const ATTRIBUTE_KEY_PATTERN = /^[a-z][A-Za-z0-9]{0,39}$/;
export const ATTRIBUTE_TEXT_MAX = 200;

const name = (max: number) => z.string().trim().min(1).max(max);

export const AttributeOptionSchema = z.object({
  value: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9-]{0,39}$/),
  name: name(60),
  nameEn: name(60),
});
export type AttributeOption = z.infer<typeof AttributeOptionSchema>;

export const AttributeDefinitionInputSchema = z
  .object({
    key: z.string().trim().regex(ATTRIBUTE_KEY_PATTERN),
    name: name(80),
    nameEn: name(80),
    type: z.enum(ATTRIBUTE_TYPES),
    unit: z.string().trim().max(20).default(''),
    options: z.array(AttributeOptionSchema).max(50).default([]),
    filterable: z.boolean().default(false),
    position: z.number().int().min(0).max(1000).default(0),
  })
  .superRefine((attribute, ctx) => {
    if (attribute.type === 'enum' && attribute.options.length === 0)
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'Додайте хоча б одне значення' });
    const values = attribute.options.map((o) => o.value);
    if (new Set(values).size !== values.length) ctx.addIssue({ code: 'custom', path: ['options'], message: 'Значення повторюються' });
  });
export type AttributeDefinitionInput = z.output<typeof AttributeDefinitionInputSchema>;

export const AttributeDefinitionSchema = z.object({
  id: RecordIdSchema,
  key: z.string(),
  name: z.string(),
  nameEn: z.string(),
  type: z.enum(ATTRIBUTE_TYPES),
  unit: z.string(),
  options: z.array(AttributeOptionSchema),
  filterable: z.boolean(),
  position: z.number(),
});
export type AttributeDefinition = z.infer<typeof AttributeDefinitionSchema>;

export const ProducerSchema = z.object({
  id: RecordIdSchema,
  name: z.string(),
  country: z.string(),
  /** The category's slug, or null for a producer of every category. */
  category: z.string().nullable(),
  position: z.number(),
});
export type Producer = z.infer<typeof ProducerSchema>;

export const ProducerInputSchema = z.object({
  name: name(100),
  country: z.string().trim().max(100).default(''),
  category: z.string().regex(CATEGORY_SLUG_PATTERN).nullable().default(null),
  position: z.number().int().min(0).max(1000).default(0),
});
export type ProducerInput = z.output<typeof ProducerInputSchema>;

export const CategorySchema = z.object({
  id: RecordIdSchema,
  slug: z.string(),
  name: z.string(),
  nameEn: z.string(),
  /** The group's slug ("Equipment" for "Kegs"), or null for a top-level category. */
  parent: z.string().nullable(),
  position: z.number(),
  visible: z.boolean(),
  description: z.string(),
  /** Google's product taxonomy for the feeds: an id ("3577") or a path; '' takes the group's (docs/seo.md). */
  googleProductCategory: z.string(),
  /** The category's number in the Hotline and YML feeds. */
  feedId: z.number(),
  /** The shop's page that lists it. */
  path: z.string(),
  /** Published products in it and, for a group, in its categories. */
  count: z.number(),
  attributes: z.array(AttributeDefinitionSchema),
  producers: z.array(ProducerSchema),
});
export type Category = z.infer<typeof CategorySchema>;

export const CategoryListSchema = z.object({ categories: z.array(CategorySchema) });
export type CategoryList = z.infer<typeof CategoryListSchema>;

export const CategoryInputSchema = z.object({
  slug: z.string().trim().regex(CATEGORY_SLUG_PATTERN),
  name: name(80),
  nameEn: name(80),
  parent: z.string().regex(CATEGORY_SLUG_PATTERN).nullable().default(null),
  position: z.number().int().min(0).max(1000).default(0),
  visible: z.boolean().default(true),
  description: z.string().trim().max(1000).default(''),
  googleProductCategory: z
    .string()
    .trim()
    .max(250)
    .regex(/^(\d{1,7}|[^<>\n]*[A-Za-z][^<>\n]*)?$/, msg('googleCategoryInvalid'))
    .default(''),
  /** The whole list of its attributes: kept by key, new ones added, missing ones removed. */
  attributes: z.array(AttributeDefinitionInputSchema).max(40).default([]),
});
export type CategoryInput = z.output<typeof CategoryInputSchema>;
export type CategoryFormInput = z.input<typeof CategoryInputSchema>;

/**
 * The page that lists a category (docs/screens.md): the four sections the shop always had keep their
 * addresses (src/shared/routes.ts), equipment categories are filters of /equipment, a category the
 * owner adds gets `/catalog/{slug}`.
 */
export function categoryPath(slug: string, parentSlug: string | null): string {
  const section = ROUTE_NAMES.map((name): RouteSpec => ROUTES[name]).find((route) => route.category === slug);
  if (section) return section.pattern;
  if (parentSlug === ROUTES.equipment.category) return `${paths.equipment}?category=${encodeURIComponent(slug)}`;
  return pathTo('category', { slug });
}

/**
 * A product's attribute values checked against its category's definitions: the cleaned values, or
 * the first problem as `{ key, reason }`. Null or '' removes a value.
 */
export function checkAttributeValues(
  definitions: readonly Pick<AttributeDefinition, 'key' | 'type' | 'options'>[],
  values: Record<string, unknown>,
): { ok: true; values: AttributeValues } | { ok: false; key: string; reason: 'unknown' | 'type' | 'option' | 'length' } {
  const byKey = new Map(definitions.map((d) => [d.key, d]));
  const cleaned: AttributeValues = {};
  for (const [key, raw] of Object.entries(values)) {
    const definition = byKey.get(key);
    if (!definition) return { ok: false, key, reason: 'unknown' };
    if (raw === null || raw === undefined || raw === '') continue;
    if (definition.type === 'number') {
      if (typeof raw !== 'number' || !Number.isFinite(raw) || Math.abs(raw) > 1e9) return { ok: false, key, reason: 'type' };
    } else if (definition.type === 'boolean') {
      if (typeof raw !== 'boolean') return { ok: false, key, reason: 'type' };
    } else if (typeof raw !== 'string') {
      return { ok: false, key, reason: 'type' };
    } else if (definition.type === 'enum' && !definition.options.some((o) => o.value === raw)) {
      return { ok: false, key, reason: 'option' };
    } else if (raw.trim().length > ATTRIBUTE_TEXT_MAX) {
      return { ok: false, key, reason: 'length' };
    }
    cleaned[key] = typeof raw === 'string' ? raw.trim() : raw;
  }
  return { ok: true, values: cleaned };
}

/** One attribute filter of a listing: a number range or a set of values. */
export type AttributeFilter = { key: string; type: 'range'; min: number | null; max: number | null } | { key: string; type: 'values'; values: string[] };

const NUMBER = String.raw`-?\d+(?:[.,]\d+)?`;
const RANGE = new RegExp(`^(${NUMBER})?\\.\\.(${NUMBER})?$`);
/** "12-14" as the issue spells it: two non-negative numbers. */
const DASHED_RANGE = /^(\d+(?:[.,]\d+)?)-(\d+(?:[.,]\d+)?)$/;

/**
 * Reads `attr.{key}` query parameters (docs/api.md): a number attribute takes `min..max` (either end
 * may be left out; `12-14` works too), an enum or text one a comma-separated list of values, a yes/no
 * one `true` or `false`. Returns the filters or the first bad parameter.
 */
export function parseAttributeFilters(
  definitions: readonly Pick<AttributeDefinition, 'key' | 'type' | 'options' | 'filterable'>[],
  params: Record<string, unknown>,
): { ok: true; filters: AttributeFilter[] } | { ok: false; param: string; reason: 'unknown' | 'malformed' } {
  const byKey = new Map(definitions.filter((d) => d.filterable).map((d) => [d.key, d]));
  const filters: AttributeFilter[] = [];
  for (const [param, raw] of Object.entries(params)) {
    if (!param.startsWith(ATTRIBUTE_PARAM_PREFIX)) continue;
    const definition = byKey.get(param.slice(ATTRIBUTE_PARAM_PREFIX.length));
    if (!definition) return { ok: false, param, reason: 'unknown' };
    const value = Array.isArray(raw) ? raw.join(',') : typeof raw === 'string' ? raw.trim() : '';
    if (!value || value.length > 200) return { ok: false, param, reason: 'malformed' };
    if (definition.type === 'number') {
      const match = RANGE.exec(value) ?? DASHED_RANGE.exec(value);
      const exact = new RegExp(`^${NUMBER}$`).test(value);
      if (!match && !exact) return { ok: false, param, reason: 'malformed' };
      const num = (s: string | undefined) => (s === undefined ? null : Number(s.replace(',', '.')));
      const [min, max] = exact ? [num(value), num(value)] : [num(match![1]), num(match![2])];
      if ((min === null && max === null) || (min !== null && max !== null && min > max)) return { ok: false, param, reason: 'malformed' };
      filters.push({ key: definition.key, type: 'range', min, max });
    } else {
      const values = [...new Set(value.split(',').map((v) => v.trim()))].filter(Boolean);
      const allowed =
        definition.type === 'enum'
          ? (v: string) => definition.options.some((o) => o.value === v)
          : definition.type === 'boolean'
            ? (v: string) => v === 'true' || v === 'false'
            : (v: string) => v.length <= ATTRIBUTE_TEXT_MAX;
      if (values.length === 0 || values.length > 20 || !values.every(allowed)) return { ok: false, param, reason: 'malformed' };
      filters.push({ key: definition.key, type: 'values', values });
    }
  }
  return { ok: true, filters };
}

/** Counts for the current filter (docs/api.md): per value of an enum, the range of a number. */
export const FacetSchema = z.object({
  key: z.string(),
  name: z.string(),
  nameEn: z.string(),
  type: z.enum(ATTRIBUTE_TYPES),
  unit: z.string(),
  values: z.array(z.object({ value: z.string(), name: z.string(), nameEn: z.string(), count: z.number() })),
  min: z.number().nullable(),
  max: z.number().nullable(),
});
export type Facet = z.infer<typeof FacetSchema>;

/**
 * The attributes the product JSON always carried as fields, read from a product's attributes
 * (docs/decisions/017-categories-and-attributes.md).
 */
export function attributeFields(attributes: AttributeValues): {
  alphaAcid: number | null;
  cropYear: number | null;
  fermentationType: 'top' | 'bottom' | null;
  fermentationTemperature: string | null;
} {
  const number = (v: AttributeValue | undefined) => (typeof v === 'number' ? v : null);
  const fermentation = attributes.fermentation;
  return {
    alphaAcid: number(attributes.alpha),
    cropYear: number(attributes.cropYear),
    fermentationType: fermentation === 'top' || fermentation === 'bottom' ? fermentation : null,
    fermentationTemperature: typeof attributes.temperature === 'string' ? attributes.temperature : null,
  };
}

/** The same fields as a client from before attributes sends them, as attribute values (null removes one). */
export function attributesFromFields(fields: {
  alphaAcid?: number | null;
  cropYear?: number | null;
  fermentationType?: string | null;
  fermentationTemperature?: string | null;
}): Record<string, AttributeValue | null> {
  const values: Record<string, AttributeValue | null> = {};
  if (fields.alphaAcid !== undefined) values.alpha = fields.alphaAcid;
  if (fields.cropYear !== undefined) values.cropYear = fields.cropYear;
  if (fields.fermentationType !== undefined) values.fermentation = fields.fermentationType;
  if (fields.fermentationTemperature !== undefined) values.temperature = fields.fermentationTemperature;
  return values;
}
