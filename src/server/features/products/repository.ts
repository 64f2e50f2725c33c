import { and, asc, desc, eq, getTableColumns, gt, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { categoriesOf, type CategoryFilter } from '../../../shared/catalog.js';
import { productSearchColumns, queryWordKeys, searchWords } from '../../../shared/search-text.js';
import { fromMinor } from '../../../shared/pricing.js';
import type { Product, Review } from '../../../shared/products.js';
import type { Tx } from '../../db/client.js';
import { products, reviews, type ProductRow, type ReviewRow } from '../../db/schema.js';

/** Every column but the search ones, which are large and only ever read by SQL. */
const { searchText: _searchText, searchKeys: _searchKeys, ...productColumns } = getTableColumns(products);
export type ProductRecord = Omit<ProductRow, 'searchText' | 'searchKeys'>;

export interface ProductFilter {
  keyword?: string;
  category?: CategoryFilter;
  producer?: string;
  discountedOnly?: boolean;
  includeOutOfStock?: boolean;
}

/** A page of products, newest first; with a keyword, best matches first. Stable: ties break on id. */
export async function listProducts(
  tx: Tx,
  filter: ProductFilter,
  page: { number: number; size: number },
): Promise<{ rows: ProductRecord[]; total: number }> {
  const conditions: SQL[] = [];
  if (!filter.includeOutOfStock) conditions.push(gt(products.countInStock, 0));
  if (filter.category) conditions.push(inArray(products.category, categoriesOf(filter.category)));
  if (filter.producer) conditions.push(eq(products.origin, filter.producer));
  if (filter.discountedOnly) conditions.push(ne(products.discount, 0));
  if (!filter.keyword) return selectPage(tx, conditions, null, page);

  const exact = await selectPage(tx, conditions, keywordSearch(filter.keyword, false), page);
  if (exact.total > 0) return exact;
  return selectPage(tx, conditions, keywordSearch(filter.keyword, true), page);
}

/**
 * Ranking reads and sorts every match; past this many, newest first serves a shopper as well and the
 * listing index finds the page at once (bench/search-scale.ts: p95 26 → 12 ms at 100,000 products).
 */
const RANKED_RESULTS_MAX = 1000;

async function selectPage(
  tx: Tx,
  conditions: SQL[],
  search: { where: SQL; rank: SQL | null } | null,
  page: { number: number; size: number },
) {
  const where = and(...conditions, ...(search ? [search.where] : []));
  const [{ count }] = await tx.select({ count: sql<number>`count(*)::int` }).from(products).where(where);
  if (count === 0 || (page.number - 1) * page.size >= count) return { rows: [], total: count };
  const ranked = search?.rank && count <= RANKED_RESULTS_MAX;
  const rows = await tx
    .select(productColumns)
    .from(products)
    .where(where)
    .orderBy(...(ranked ? [desc(search.rank!)] : []), desc(products.createdAt), desc(products.id))
    .limit(page.size)
    .offset((page.number - 1) * page.size);
  return { rows, total: count };
}

/**
 * Every word of the keyword must match a word of the name or producer by the start of its Latin
 * form or of its consonant skeleton (another alphabet, dropped vowels): one GIN lookup a word.
 * Whole-word matches rank first. When that finds nothing, trigram similarity catches typos.
 */
function keywordSearch(keyword: string, fuzzy: boolean): { where: SQL; rank: SQL | null } {
  const words = searchWords(keyword).slice(0, 8).map(queryWordKeys);
  const usable = words.filter((w) => (fuzzy ? w.latin.length >= 3 : w.any.length > 0));
  // Only punctuation, or words too short to mean anything: nothing is named like that.
  if (usable.length === 0 || (!fuzzy && usable.length < words.length)) return { where: sql`false`, rank: null };
  if (fuzzy) {
    const phrase = usable.map((w) => w.latin).join(' ');
    return {
      where: sql.join(usable.map((w) => sql`${w.latin} <% ${products.searchText}`), sql` and `),
      rank: sql`word_similarity(${phrase}, ${products.searchText})`,
    };
  }
  return {
    where: sql.join(usable.map((w) => sql`${products.searchKeys} && ${textArray(w.any)}`), sql` and `),
    rank: sql.join(usable.map((w) => sql`(${products.searchKeys} && ${textArray(w.exact)})::int`), sql` + `),
  };
}

const textArray = (values: string[]) => sql`ARRAY[${sql.join(values.map((v) => sql`${v}`), sql`, `)}]::text[]`;

export async function findProductById(tx: Tx, id: string, options: { forUpdate?: boolean } = {}): Promise<ProductRow | null> {
  const query = tx.select().from(products).where(eq(products.id, id)).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function findTopRated(tx: Tx, limit: number): Promise<ProductRecord[]> {
  return tx
    .select(productColumns)
    .from(products)
    .where(and(gt(products.countInStock, 0), gt(products.numReviews, 0)))
    // A single five-star review must not outrank forty at 4.8: rank by the rating pulled toward 3.5
    // by two imaginary reviews (a Bayesian average).
    .orderBy(desc(sql`(${products.rating} * ${products.numReviews} + 7) / (${products.numReviews} + 2)`), asc(products.id))
    .limit(limit);
}

/**
 * Sets each product's rating (average to one decimal) and review count from the reviews it has:
 * the one place that rule lives (a new review, a deleted reviewer, the demo seed).
 */
export async function recomputeRatings(tx: Tx, productIds: string[]): Promise<{ id: string; rating: number; numReviews: number }[]> {
  if (productIds.length === 0) return [];
  return tx
    .update(products)
    .set({
      rating: sql`coalesce((select round(avg(${reviews.rating})::numeric, 1)::float8 from ${reviews} where ${reviews.productId} = ${products.id}), 0)`,
      numReviews: sql`(select count(*)::int from ${reviews} where ${reviews.productId} = ${products.id})`,
      updatedAt: new Date(),
    })
    .where(inArray(products.id, productIds))
    .returning({ id: products.id, rating: products.rating, numReviews: products.numReviews });
}

export async function findReviews(tx: Tx, productId: string): Promise<ReviewRow[]> {
  return tx.select().from(reviews).where(eq(reviews.productId, productId)).orderBy(desc(reviews.createdAt));
}

export type NewProduct = Omit<typeof products.$inferInsert, 'searchText' | 'searchSkeleton'>;

/** Inserts products, deriving their search columns. */
export async function insertProducts(tx: Tx, values: NewProduct[]): Promise<ProductRow[]> {
  if (values.length === 0) return [];
  return tx
    .insert(products)
    .values(values.map((v) => ({ ...v, ...productSearchColumns(v.name, v.origin) })))
    .returning();
}

/** Updates a product; when name or origin change, its search columns follow. */
export async function updateProduct(
  tx: Tx,
  id: string,
  values: Partial<NewProduct> & { name: string; origin: string },
): Promise<ProductRow | null> {
  const [row] = await tx
    .update(products)
    .set({ ...values, ...productSearchColumns(values.name, values.origin), updatedAt: new Date() })
    .where(eq(products.id, id))
    .returning();
  return row ?? null;
}

export function toProduct(row: ProductRecord): Product {
  return {
    _id: row.id,
    name: row.name,
    image: row.image,
    description: row.description,
    price: fromMinor(row.priceMinor),
    discount: row.discount,
    category: row.category as Product['category'],
    origin: row.origin,
    weight: row.weight,
    countInStock: row.countInStock,
    ferment_temp: row.fermentTemp,
    ferment_type: row.fermentType as Product['ferment_type'],
    cropYear: row.cropYear,
    alfa: row.alfa,
    rating: row.rating,
    numReviews: row.numReviews,
    user: row.userId,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toReview(row: ReviewRow): Review {
  return {
    _id: row.id,
    name: row.name,
    rating: row.rating,
    comment: row.comment,
    user: row.userId,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Deletes a product; its reviews go with it, order lines keep their snapshot (product_id → null). */
export async function deleteProductById(tx: Tx, id: string): Promise<boolean> {
  const deleted = await tx.delete(products).where(eq(products.id, id)).returning({ id: products.id });
  return deleted.length > 0;
}
