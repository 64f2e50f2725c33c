import { and, asc, desc, eq, gt, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { categoriesOf, type CategoryFilter } from '../../../shared/catalog.js';
import { latinForm, productSearchColumns, searchWords, skeletonForm } from '../../../shared/search-text.js';
import { fromMinor } from '../../../shared/pricing.js';
import type { Product, Review } from '../../../shared/products.js';
import type { Tx } from '../../db/client.js';
import { products, reviews, type ProductRow, type ReviewRow } from '../../db/schema.js';

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
): Promise<{ rows: ProductRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (!filter.includeOutOfStock) conditions.push(gt(products.countInStock, 0));
  if (filter.category) conditions.push(inArray(products.category, categoriesOf(filter.category)));
  if (filter.producer) conditions.push(eq(products.origin, filter.producer));
  if (filter.discountedOnly) conditions.push(ne(products.discount, 0));

  const search = filter.keyword ? keywordSearch(filter.keyword) : null;
  if (search) conditions.push(search.where);

  const where = conditions.length ? and(...conditions) : undefined;
  const order = [
    ...(search?.rank ? [desc(search.rank)] : []),
    desc(products.createdAt),
    desc(products.id),
  ];
  const [rows, [{ count }]] = await Promise.all([
    tx
      .select()
      .from(products)
      .where(where)
      .orderBy(...order)
      .limit(page.size)
      .offset((page.number - 1) * page.size),
    tx.select({ count: sql<number>`count(*)::int` }).from(products).where(where),
  ]);
  return { rows, total: count };
}

/**
 * Every word of the keyword must match a word of the name or producer: as a substring of its Latin
 * form, by the start of its consonant skeleton (transliteration, dropped vowels), or by trigram
 * word similarity (typos). All three are served by the trigram GIN indexes.
 */
function keywordSearch(keyword: string): { where: SQL; rank: SQL | null } {
  const words = searchWords(keyword).slice(0, 8);
  // Only punctuation: nothing in the catalogue is named like that.
  if (words.length === 0) return { where: sql`false`, rank: null };
  const wordConditions = words.map((word) => {
    const latin = latinForm(word);
    const skeleton = skeletonForm(word);
    const alternatives: SQL[] = [];
    if (latin) alternatives.push(sql`${products.searchText} like ${`%${escapeLike(latin)}%`}`);
    if (latin.length >= 3) alternatives.push(sql`${latin} <% ${products.searchText}`);
    // A short skeleton says little ("кег" and "кг" both read "kg"): it must match a whole word.
    if (skeleton.length >= 3) alternatives.push(sql`${products.searchSkeleton} like ${`% ${escapeLike(skeleton)}%`}`);
    else if (skeleton.length === 2 && latin.length >= 4) {
      alternatives.push(sql`${products.searchSkeleton} like ${`% ${escapeLike(skeleton)} %`}`);
    }
    return alternatives.length ? sql`(${sql.join(alternatives, sql` or `)})` : sql`false`;
  });
  const phrase = words.map(latinForm).join(' ');
  return {
    where: sql.join(wordConditions, sql` and `),
    rank: sql`(${products.searchText} like ${`% ${escapeLike(phrase)}%`})::int * 2 + word_similarity(${phrase}, ${products.searchText})`,
  };
}

/** LIKE wildcards typed by a shopper are literal characters. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

export async function findProductById(tx: Tx, id: string, options: { forUpdate?: boolean } = {}): Promise<ProductRow | null> {
  const query = tx.select().from(products).where(eq(products.id, id)).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function findTopRated(tx: Tx, limit: number): Promise<ProductRow[]> {
  return tx
    .select()
    .from(products)
    .where(and(gt(products.countInStock, 0), gt(products.numReviews, 0)))
    .orderBy(desc(products.rating), desc(products.numReviews), asc(products.id))
    .limit(limit);
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

export function toProduct(row: ProductRow): Product {
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
