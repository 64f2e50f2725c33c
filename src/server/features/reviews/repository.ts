import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { products, reviews, type ReviewRow } from '../../db/schema.js';

export async function findReviewByUser(tx: Tx, productId: string, userId: string): Promise<ReviewRow | null> {
  const [row] = await tx
    .select()
    .from(reviews)
    .where(and(eq(reviews.productId, productId), eq(reviews.userId, userId)))
    .limit(1);
  return row ?? null;
}

export async function insertReview(
  tx: Tx,
  values: { productId: string; userId: string; name: string; rating: number; comment: string },
): Promise<ReviewRow> {
  const [row] = await tx.insert(reviews).values(values).returning();
  return row;
}

/** Sets the product's rating (average, one decimal, as the seed does) and count from its reviews. */
export async function recomputeRating(tx: Tx, productId: string): Promise<{ rating: number; numReviews: number }> {
  const [row] = await tx
    .update(products)
    .set({
      rating: sql`coalesce((select round(avg(${reviews.rating})::numeric, 1)::float8 from ${reviews} where ${reviews.productId} = ${productId}), 0)`,
      numReviews: sql`(select count(*)::int from ${reviews} where ${reviews.productId} = ${productId})`,
      updatedAt: new Date(),
    })
    .where(eq(products.id, productId))
    .returning({ rating: products.rating, numReviews: products.numReviews });
  return row;
}
