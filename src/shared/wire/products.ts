import { ProductSchema, ProductUpdateSchema } from '../products.js';
import { PRODUCT_ORIGINAL_NAMES } from './product-names.js';

/**
 * The product's original fields (./product-names.ts) by the schema fields they stand for: every
 * product the API answers carries them beside the true ones, and the admin's edit
 * (PUT /api/products/{id}) still takes them.
 */
export const PRODUCT_FIELD_ORIGINAL_NAMES = Object.entries(PRODUCT_ORIGINAL_NAMES).flatMap(([name, original]) => {
  const field = name as keyof typeof PRODUCT_ORIGINAL_NAMES;
  return [
    [ProductSchema.shape[field], original],
    [ProductUpdateSchema.shape[field], original],
  ] as const;
});
