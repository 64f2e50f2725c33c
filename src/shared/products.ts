import { z } from 'zod';
import { CATEGORY_FILTERS, FERMENT_TYPES, PRODUCT_CATEGORIES } from './catalog.js';

/** A product as the API sends it (SPEC.md §3). */
export const ReviewSchema = z.object({
  _id: z.string(),
  name: z.string(),
  rating: z.number(),
  comment: z.string(),
  user: z.string().nullable(),
  createdAt: z.string(),
});
export type Review = z.infer<typeof ReviewSchema>;

export const ProductSchema = z.object({
  _id: z.string(),
  name: z.string(),
  image: z.string(),
  description: z.string(),
  price: z.number(),
  discount: z.number(),
  category: z.enum(PRODUCT_CATEGORIES),
  origin: z.string(),
  weight: z.number(),
  countInStock: z.number(),
  ferment_temp: z.string().nullable(),
  ferment_type: z.enum(FERMENT_TYPES).nullable(),
  cropYear: z.number().nullable(),
  alfa: z.number().nullable(),
  rating: z.number(),
  numReviews: z.number(),
  user: z.string().nullable(),
  createdAt: z.string(),
});
export type Product = z.infer<typeof ProductSchema>;

export const ProductDetailSchema = ProductSchema.extend({ reviews: z.array(ReviewSchema) });
export type ProductDetail = z.infer<typeof ProductDetailSchema>;

export const ProductListSchema = z.object({
  products: z.array(ProductSchema),
  page: z.number(),
  pages: z.number(),
});
export type ProductList = z.infer<typeof ProductListSchema>;

/** Longer keywords are cut, not refused: a pasted paragraph still gets an answer. */
export const MAX_KEYWORD_LENGTH = 100;
export const MAX_PAGE_NUMBER = 10_000;

export const ProductListQuerySchema = z.object({
  keyword: z
    .string()
    .optional()
    .transform((k) => k?.trim().slice(0, MAX_KEYWORD_LENGTH) || undefined),
  pageNumber: z.coerce
    .number({ error: 'Номер сторінки має бути числом' })
    .int('Номер сторінки має бути цілим числом')
    .min(1, 'Номер сторінки починається з 1')
    .max(MAX_PAGE_NUMBER)
    .default(1),
  category: z.enum(CATEGORY_FILTERS, { error: 'Невідома категорія' }).optional(),
  producer: z
    .string()
    .max(100)
    .optional()
    .transform((p) => p?.trim() || undefined),
  discount: z
    .enum(['true', 'false'])
    .optional()
    .transform((d) => d === 'true'),
  /** Admins only: include products that are out of stock. */
  all: z
    .enum(['true', 'false'])
    .optional()
    .transform((a) => a === 'true'),
});
export type ProductListQuery = z.infer<typeof ProductListQuerySchema>;

export const IdParamsSchema = z.object({
  id: z.uuid({ error: 'Некоректний ідентифікатор' }),
});
