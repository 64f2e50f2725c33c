import { asc, desc, sql, type SQL } from 'drizzle-orm';
import type { ProductSort } from '../../../shared/products.js';
import { products } from '../../db/schema.js';

/*
 * The ORDER BY of every product list and search (docs/decisions/001-search.md, "Sorting").
 * Each expression here is written exactly as an index of migration 0015 holds it: PostgreSQL reads a
 * sorted page from an index only when the ORDER BY matches the index's expressions and directions.
 * Constants stay in the SQL text, never parameters, for the same reason.
 */

/** In-stock products first: sold-out ones stay listed, after them. */
const inStockFirst = sql`(${products.countInStock} > 0) desc`;
/** The price a shopper sees: after the discount. bigint: a 1,000,000 грн price times 100 leaves int4. */
const shownPrice = sql`(${products.priceMinor}::bigint * (100 - ${products.discount}))`;
/** A single five-star review must not outrank forty at 4.8: the rating pulled toward 3.5 by two imaginary reviews. */
export const weightedRating = sql`((${products.rating} * ${products.numReviews} + 7) / (${products.numReviews} + 2))`;

const newest = [desc(products.createdAt), desc(products.id)];

const SORT_KEYS: Record<ProductSort, SQL[]> = {
  newest,
  popular: [desc(products.numReviews), ...newest],
  price_asc: [sql`${shownPrice} asc`, asc(products.id)],
  price_desc: [sql`${shownPrice} desc`, desc(products.id)],
  rating: [sql`${weightedRating} desc`, desc(products.id)],
  alpha_desc: [sql`((${products.attributes}->>'alpha')::double precision) desc nulls last`, desc(products.id)],
};

export interface ListingOrder {
  /** The shopper's choice; without one, best match first (when ranked), then newest. */
  sort?: ProductSort;
  /** How well a product matches the search, when the matches are few enough to rank. */
  rank?: SQL | null;
  /** Sold-out products after the others; false for the admin's list, which shows all in one order. */
  soldOutLast: boolean;
}

/** The ORDER BY terms of a list; ties always break on id, so pages are stable. */
export function listingOrder({ sort, rank, soldOutLast }: ListingOrder): SQL[] {
  const keys = sort ? SORT_KEYS[sort] : [...(rank ? [desc(rank)] : []), ...newest];
  return soldOutLast ? [inStockFirst, ...keys] : keys;
}
