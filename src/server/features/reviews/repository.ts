import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Review } from '../../../shared/products.js';
import type { Tx } from '../../db/client.js';
import { reviews, type ReviewRow } from '../../db/schema.js';
// eslint-disable-next-line shop/import-layers -- a product's rating is set from its reviews in one statement, under the product's lock
import { products } from '../../db/schema.js';

/**
 * Locks a product's row for a new review, so two reviews of one product recompute its rating one
 * after the other. False when there is no such product.
 */
export async function lockReviewedProduct(tx: Tx, productId: string): Promise<boolean> {
  const [row] = await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).limit(1).for('update');
  return row !== undefined;
}

export async function findReviewByUser(tx: Tx, productId: string, userId: string): Promise<ReviewRow | null> {
  const [row] = await tx
    .select()
    .from(reviews)
    .where(and(eq(reviews.productId, productId), eq(reviews.userId, userId)))
    .limit(1);
  return row ?? null;
}

export async function insertReview(tx: Tx, values: { productId: string; userId: string; name: string; rating: number; comment: string }): Promise<ReviewRow> {
  const [row] = await tx.insert(reviews).values(values).returning();
  return row;
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

export function toReview(row: ReviewRow): Review {
  return {
    id: row.id,
    name: row.name,
    rating: row.rating,
    comment: row.comment,
    user: row.userId,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The products this customer has reviewed (their ratings change when the account goes). */
export async function findProductIdsReviewedBy(tx: Tx, userId: string): Promise<string[]> {
  const rows = await tx.selectDistinct({ productId: reviews.productId }).from(reviews).where(eq(reviews.userId, userId));
  return rows.map((r) => r.productId);
}
