import { VariantInputSchema } from '../products.js';
import { RecordIdSchema } from '../record-id.js';
import { ORIGINAL_ID_NAME } from './product-names.js';

/**
 * Ids under the name the API's first clients read (docs/api.md, docs/decisions/032-true-names-at-the-edge.md):
 * every object whose `id` is a `RecordIdSchema` (products, packs, reviews, orders and their lines,
 * users, refunds, categories, producers, attributes, promo codes, …) also carries it as `_id`, and
 * a pack in the admin's product edit may still name itself by `_id`.
 */
export const ID_ORIGINAL_NAMES = [
  [RecordIdSchema, ORIGINAL_ID_NAME],
  [VariantInputSchema.shape.id, ORIGINAL_ID_NAME],
] as const;
