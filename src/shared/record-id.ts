import { z } from 'zod';

/**
 * The id of a stored record the API hands out (a product, pack, order, user, review, category …).
 * The API also answers it as `_id`, the name its first clients read (src/shared/wire/ids.ts).
 */
export const RecordIdSchema = z.string();
