import { ProductSchema, ProductUpdateSchema } from '../products.js';

/**
 * The product's fields under the names the API's first clients know (docs/api.md,
 * docs/decisions/032-true-names-at-the-edge.md): `origin` is the producer (a hop's growing country,
 * a yeast's or equipment's maker), `alfa` the alpha acids, `ferment_temp` and `ferment_type` the
 * fermentation's temperature and type. Every product the API answers carries them beside the true
 * ones, and the admin's edit (PUT /api/products/{id}) still takes them. `cropYear` was always true.
 */
export const PRODUCT_ORIGINAL_NAMES = [
  [ProductSchema.shape.producer, 'origin'],
  [ProductSchema.shape.alphaAcid, 'alfa'],
  [ProductSchema.shape.fermentationTemperature, 'ferment_temp'],
  [ProductSchema.shape.fermentationType, 'ferment_type'],
  [ProductUpdateSchema.shape.producer, 'origin'],
  [ProductUpdateSchema.shape.alphaAcid, 'alfa'],
  [ProductUpdateSchema.shape.fermentationTemperature, 'ferment_temp'],
  [ProductUpdateSchema.shape.fermentationType, 'ferment_type'],
] as const;
