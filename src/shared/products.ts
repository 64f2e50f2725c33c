import { z } from 'zod';
import { RecordIdSchema } from './record-id.js';
import { msg } from './schema-messages.js';
import { PRODUCT_REF } from './product-path.js';
import { FERMENT_TYPES } from './catalog.js';
import { CATEGORY_SLUG_PATTERN, FacetSchema } from './categories.js';
import { PRODUCT_STATUSES } from './product-status.js';
import { IMAGE_ALT_MAX, MAX_PRODUCT_IMAGES } from './product-images.js';

export { PRODUCT_STATUSES, type ProductStatus } from './product-status.js';
import { PRODUCT_SORTS } from './product-sorts.js';

/** A product as the API sends it (docs/domain.md). */
export const ReviewSchema = z.object({
  id: RecordIdSchema,
  name: z.string(),
  rating: z.number(),
  comment: z.string(),
  user: z.string().nullable(),
  createdAt: z.string(),
});
export type Review = z.infer<typeof ReviewSchema>;

/** A pack size as the API sends it: cheapest first, archived ones left out (docs/domain.md). */
export const VariantSchema = z.object({
  id: RecordIdSchema,
  sku: z.string(),
  /** "50 г", "1 кг", "11,5 г", "1 шт". */
  label: z.string(),
  /** UAH per pack before the discount. */
  price: z.number(),
  discount: z.number(),
  countInStock: z.number(),
  /** kg per pack. */
  weight: z.number(),
  gtin: z.string().nullable(),
  /** The place in the admin's editor (0 first). */
  position: z.number(),
  /** At or below this stock the pack is "закінчується" on the dashboard (docs/back-office.md). */
  lowStockThreshold: z.number().optional(),
});
export type Variant = z.infer<typeof VariantSchema>;

/** A picture of the gallery as the API sends it (product-images.ts). */
export const ProductImageSchema = z.object({
  url: z.string(),
  /** Ukrainian alt text; `altEn` English, '' when the admin gave none. */
  alt: z.string(),
  altEn: z.string(),
  /** Widths stored beside `url` for `srcset`, smallest first; empty for a picture of one size (the demo SVGs). */
  widths: z.array(z.number()),
});

export const ProductSchema = z.object({
  id: RecordIdSchema,
  /** The readable part of the product's address (docs/seo.md). */
  slug: z.string(),
  name: z.string(),
  /** The main picture (the gallery's first), kept for existing clients. */
  image: z.string(),
  /** The gallery in the admin's order, the main picture first (docs/domain.md, "Images"). */
  images: z.array(ProductImageSchema),
  description: z.string(),
  price: z.number(),
  discount: z.number(),
  /** The category's slug (docs/domain.md); the seeded ones keep the values this field always had ("Hops", "Kegs"). */
  category: z.string(),
  /** Hop-growing country, yeast maker or equipment brand (a producer of the category, docs/domain.md). */
  producer: z.string(),
  /** The maker or packer the price feeds name as the brand (docs/seo.md); null: the producer, unless it is a country. */
  brand: z.string().nullable(),
  weight: z.number(),
  countInStock: z.number(),
  /**
   * The attributes every client has always read as fields, read from `attributes` (temperature,
   * fermentation, cropYear, alpha; docs/decisions/017-categories-and-attributes.md).
   */
  fermentationTemperature: z.string().nullable(),
  fermentationType: z.enum(FERMENT_TYPES).nullable(),
  cropYear: z.number().nullable(),
  /** A hop's alpha acids, % of weight. */
  alphaAcid: z.number().nullable(),
  /** Values of the category's attributes by key (GET /api/categories defines them). */
  attributes: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  rating: z.number(),
  numReviews: z.number(),
  user: z.string().nullable(),
  createdAt: z.string(),
  /** Shoppers only ever get published products; the admin sees drafts and hidden ones too. */
  status: z.enum(PRODUCT_STATUSES),
  /**
   * The packs on sale, cheapest first. price, discount, countInStock and weight above summarise them:
   * the cheapest pack in stock (or the cheapest), total stock (docs/decisions/013-product-variants.md).
   */
  variants: z.array(VariantSchema),
});
export type Product = z.infer<typeof ProductSchema>;

/** GET /api/products/top: the best rated. */
export const TopProductsSchema = z.array(ProductSchema);

export const ProductDetailSchema = ProductSchema.extend({ reviews: z.array(ReviewSchema) });
export type ProductDetail = z.infer<typeof ProductDetailSchema>;

export const ProductListSchema = z.object({
  products: z.array(ProductSchema),
  page: z.number(),
  pages: z.number(),
  /** For a category's listing: counts per value of each filterable attribute under the other filters (docs/api.md). */
  facets: z.array(FacetSchema).optional(),
  /** Products matching every filter. */
  total: z.number().optional(),
});
export type ProductList = z.infer<typeof ProductListSchema>;

/** Longer keywords are cut, not refused: a pasted paragraph still gets an answer. */
export const MAX_KEYWORD_LENGTH = 100;
export const MAX_PAGE_NUMBER = 10_000;

export { PRODUCT_SORTS, type ProductSort } from './product-sorts.js';

/** `attr.{key}` parameters pass through to the category's filters (docs/api.md); others are dropped. */
export const ProductListQuerySchema = z.looseObject({
  keyword: z
    .string()
    .optional()
    .transform((k) => k?.trim().slice(0, MAX_KEYWORD_LENGTH) || undefined),
  pageNumber: z.coerce
    .number({ error: msg('pageNotNumber') })
    .int(msg('pageNotInteger'))
    .min(1, msg('pageFromOne'))
    .max(MAX_PAGE_NUMBER)
    .default(1),
  category: z.string().regex(CATEGORY_SLUG_PATTERN, msg('categoryUnknown')).optional(),
  producer: z
    .string()
    .max(100)
    .optional()
    .transform((p) => p?.trim() || undefined),
  discount: z
    .enum(['true', 'false'])
    .optional()
    .transform((d) => d === 'true'),
  /** Admins only: every product in one order, sold out or not. */
  all: z
    .enum(['true', 'false'])
    .optional()
    .transform((a) => a === 'true'),
  sort: z.enum(PRODUCT_SORTS, { error: msg('sortUnknown') }).optional(),
  /** `100-500`: a pack's price after discount in hryvnia (price-range.ts); read by the service, which answers FILTER_INVALID. */
  price: z.string().max(50).optional(),
  /** Sold-out products are listed after the others unless this leaves them out. */
  inStock: z
    .enum(['true', 'false'], { error: msg('inStockInvalid') })
    .optional()
    .transform((v) => v === 'true'),
});
export type ProductListQuery = z.infer<typeof ProductListQuerySchema>;

/** What the header's search suggests while a shopper types (GET /api/search/suggest, docs/api.md). */
export const SuggestQuerySchema = z.object({
  // A repeated parameter reads as its first value; a long one is cut, as a keyword is.
  q: z.preprocess((q) => (Array.isArray(q) ? q[0] : q), z.string().optional()).transform((q) => q?.trim().slice(0, MAX_KEYWORD_LENGTH) ?? ''),
});

export const SuggestionsSchema = z.object({
  categories: z.array(z.object({ key: z.string(), name: z.string(), path: z.string() })),
  products: z.array(ProductSchema.pick({ id: true, slug: true, name: true, image: true, price: true, discount: true, category: true, countInStock: true })),
});
export type Suggestions = z.infer<typeof SuggestionsSchema>;
/** Products a suggestion list shows at most. */
export const SUGGESTED_PRODUCTS = 6;

/** A product's page and detail answer take its slug or, for old links, its id. */
export const ProductRefParamsSchema = z.object({
  id: z.string().regex(PRODUCT_REF, { error: msg('productNotFound') }),
});

export const IdParamsSchema = z.object({
  id: z.uuid({ error: msg('idInvalid') }),
});

export const PRODUCT_NAME_MAX = 200;
export const PRODUCT_DESCRIPTION_MAX = 5000;
export const REVIEW_COMMENT_MAX = 1000;
/** Hop harvests older than this are not sold; next year's is announced ahead. */
export const MIN_CROP_YEAR = 2000;
export const maxCropYear = () => new Date().getFullYear() + 1;

const number = (field: string) => z.number({ error: msg('numberRequired', { field }) });

const priceField = () => number('price').min(0, msg('priceNegative')).max(1_000_000, msg('priceTooBig'));
const discountField = () => number('discount').int(msg('discountInteger')).min(0, msg('discountRange')).max(100, msg('discountRange'));
const stockField = () => number('countInStock').int(msg('stockInteger')).min(0, msg('stockNegative')).max(1_000_000, msg('stockTooBig'));
const weightField = () => number('weight').positive(msg('weightPositive')).max(1000, msg('weightTooBig'));

const imagePath = () =>
  z
    .string({ error: msg('imageRequired') })
    .trim()
    .max(500, msg('imagePathTooLong'))
    // Same-origin paths only: the shop's content policy shows no images from elsewhere.
    .regex(/^\/(?![/\\])\S*$/, msg('imagePathInvalid'));

export const MAX_VARIANTS = 30;
export const SKU_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** One pack size in the admin's edit: `_id` for an existing one, none for a new one. */
export const VariantInputSchema = z.object({
  id: z.uuid({ error: msg('variantIdInvalid') }).optional(),
  sku: z
    .string({ error: msg('skuRequired') })
    .trim()
    .min(1, msg('skuRequired'))
    .regex(SKU_PATTERN, msg('skuInvalid'))
    // One spelling: "cascade-50" and "CASCADE-50" are the same SKU.
    .transform((sku) => sku.toUpperCase()),
  label: z
    .string({ error: msg('variantLabelRequired') })
    .trim()
    .min(1, msg('variantLabelRequired'))
    .max(40, msg('variantLabelTooLong')),
  price: priceField(),
  discount: discountField(),
  countInStock: stockField(),
  weight: weightField(),
  gtin: z
    .string()
    .trim()
    .regex(/^(\d{8}|\d{12,14})?$/, msg('gtinInvalid'))
    .nullable()
    .optional()
    .transform((v) => v || null),
  /** Left out: the pack keeps its threshold (a new one gets 5). */
  lowStockThreshold: z
    .number({ error: msg('lowStockThresholdInvalid') })
    .int(msg('lowStockThresholdInvalid'))
    .min(0, msg('lowStockThresholdInvalid'))
    .max(100_000, msg('lowStockThresholdInvalid'))
    .optional(),
});
export type VariantInput = z.output<typeof VariantInputSchema>;

/**
 * Every field an admin edits (PUT /api/products/{id}, docs/api.md). The edit form and the server
 * validate with this same schema, so the form shows exactly the server's rules.
 */
export const ProductUpdateSchema = z.object({
  name: z
    .string({ error: msg('productNameRequired') })
    .trim()
    .min(2, msg('productNameTooShort'))
    .max(PRODUCT_NAME_MAX, msg('productNameTooLong', { max: PRODUCT_NAME_MAX })),
  /**
   * The packs, in the editor's order (docs/api.md). Absent: the product-level price, discount, stock
   * and weight edit a product's only pack, as before variants.
   */
  variants: z
    .array(VariantInputSchema, { error: msg('variantsRequired') })
    .min(1, msg('variantsRequired'))
    .max(MAX_VARIANTS, msg('variantsTooMany', { max: MAX_VARIANTS }))
    .optional(),
  /** Publishing needs a price on every pack; hiding keeps the product out of the shop without deleting it. */
  status: z.enum(PRODUCT_STATUSES, { error: msg('productStatusInvalid') }).optional(),
  price: priceField().optional(),
  discount: discountField().optional(),
  image: imagePath(),
  /**
   * The whole gallery in order (the first is the main picture and becomes `image`); one left out is
   * removed. Absent: `image` replaces the main picture, as before galleries.
   */
  images: z
    .array(
      z.object({
        url: imagePath(),
        alt: z
          .string()
          .trim()
          .max(IMAGE_ALT_MAX, msg('imageAltTooLong', { max: IMAGE_ALT_MAX })),
        altEn: z
          .string()
          .trim()
          .max(IMAGE_ALT_MAX, msg('imageAltTooLong', { max: IMAGE_ALT_MAX }))
          .optional()
          .default(''),
      }),
    )
    .max(MAX_PRODUCT_IMAGES, msg('imagesTooMany', { max: MAX_PRODUCT_IMAGES }))
    .optional(),
  producer: z
    .string({ error: msg('producerRequired') })
    .trim()
    .min(1, msg('producerRequired'))
    .max(100, msg('producerTooLong')),
  category: z.string({ error: msg('categoryRequired') }).regex(CATEGORY_SLUG_PATTERN, msg('categoryRequired')),
  /** The brand for the price feeds; '' or null clears it, absent leaves it as it is. */
  brand: z
    .string({ error: msg('notText') })
    .trim()
    .max(100, msg('brandTooLong'))
    .nullable()
    .optional()
    .transform((b) => (b === undefined ? undefined : b || null)),
  /** The category's attribute values (docs/domain.md); without them the old fields below edit theirs. */
  attributes: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  description: z
    .string({ error: msg('descriptionRequired') })
    .trim()
    .min(1, msg('descriptionRequired'))
    .max(PRODUCT_DESCRIPTION_MAX, msg('descriptionTooLong', { max: PRODUCT_DESCRIPTION_MAX })),
  countInStock: stockField().optional(),
  weight: weightField().optional(),
  // The fields from before attributes: absent leaves a value as it is (docs/api.md).
  cropYear: number('cropYear')
    .int(msg('cropYearInteger'))
    .min(MIN_CROP_YEAR, msg('cropYearTooEarly', { min: MIN_CROP_YEAR }))
    .refine((year) => year <= maxCropYear(), msg('cropYearInFuture'))
    .nullable()
    .optional(),
  alphaAcid: number('alphaAcid').min(0, msg('alfaRange')).max(25, msg('alfaRange')).nullable().optional(),
  fermentationTemperature: z
    .string()
    .trim()
    .max(50, msg('fermentTempTooLong'))
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v || null)),
  fermentationType: z
    .enum(FERMENT_TYPES, { error: msg('fermentTypeInvalid') })
    .nullable()
    .optional(),
});
export type ProductUpdate = z.infer<typeof ProductUpdateSchema>;
export type ProductUpdateInput = z.input<typeof ProductUpdateSchema>;

export const MAX_BULK_VARIANT_CHANGES = 500;

/**
 * The admin list's bulk edit (PATCH /api/admin/variants, docs/api.md): per pack, the fields to set;
 * the others stay as they are.
 */
export const VariantBulkChangeSchema = z
  .object({
    id: z.uuid({ error: msg('variantIdInvalid') }),
    price: priceField().optional(),
    discount: discountField().optional(),
    countInStock: stockField().optional(),
  })
  .refine((change) => change.price !== undefined || change.discount !== undefined || change.countInStock !== undefined, msg('bulkChangeEmpty'));
export const VariantBulkChangesSchema = z
  .array(VariantBulkChangeSchema)
  .min(1, msg('bulkChangeEmpty'))
  .max(MAX_BULK_VARIANT_CHANGES, msg('bulkChangesTooMany', { max: MAX_BULK_VARIANT_CHANGES }));
export type VariantBulkChange = z.infer<typeof VariantBulkChangeSchema>;

export const BulkChangeResultSchema = z.object({ products: z.array(ProductSchema) });
export type BulkChangeResult = z.infer<typeof BulkChangeResultSchema>;

/** A shopper's review (POST /api/products/{id}/reviews, docs/api.md). */
export const ReviewCreateSchema = z.object({
  rating: z
    .number({ error: msg('ratingRequired') })
    .int(msg('ratingInteger'))
    .min(1, msg('ratingRange'))
    .max(5, msg('ratingRange')),
  comment: z
    .string({ error: msg('commentRequired') })
    .trim()
    .min(1, msg('commentRequired'))
    .max(REVIEW_COMMENT_MAX, msg('commentTooLong', { max: REVIEW_COMMENT_MAX })),
});
export type ReviewCreate = z.infer<typeof ReviewCreateSchema>;

export const MessageSchema = z.object({ message: z.string() });

export const UploadResultSchema = z.object({
  message: z.string(),
  /** The main size, for the product's image field. */
  image: z.string(),
  /** Every stored width, smallest first. */
  sizes: z.array(z.object({ width: z.number(), url: z.string() })),
});
export type UploadResult = z.infer<typeof UploadResultSchema>;
