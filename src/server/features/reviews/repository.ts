import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { reviews, type ReviewRow } from '../../db/schema.js';

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
