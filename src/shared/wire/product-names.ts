/**
 * The product's fields under the names the API's first clients know (docs/api.md,
 * docs/decisions/032-true-names-at-the-edge.md), true name → original: `origin` is the producer
 * (a hop's growing country, a yeast's or equipment's maker), `alfa` the alpha acids, `ferment_temp`
 * and `ferment_type` the fermentation's temperature and type; `cropYear` was always true. Plain
 * names without schemas, so the web's cart store can read a saved cart without them.
 */
export const PRODUCT_ORIGINAL_NAMES = {
  producer: 'origin',
  alphaAcid: 'alfa',
  fermentationTemperature: 'ferment_temp',
  fermentationType: 'ferment_type',
} as const;

/** The name every record's `id` had. */
export const ORIGINAL_ID_NAME = '_id';

const SAVED_PRODUCT_NAMES = Object.entries({ id: ORIGINAL_ID_NAME, ...PRODUCT_ORIGINAL_NAMES });

/**
 * A product the browser kept as the API answered it before true names (a saved cart's line), in
 * the true shape; a field there both ways keeps the true one.
 */
export function savedProductFromWire<T>(saved: T): T {
  if (!saved || typeof saved !== 'object' || Array.isArray(saved)) return saved;
  const product = { ...saved } as Record<string, unknown>;
  for (const [name, original] of SAVED_PRODUCT_NAMES) {
    if (!(original in product)) continue;
    if (product[name] === undefined) product[name] = product[original];
    delete product[original];
  }
  return product as T;
}
