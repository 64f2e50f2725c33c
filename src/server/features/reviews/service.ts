import type { Review, ReviewCreate } from '../../../shared/products.js';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/sql-state.js';
import type { UserRow } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { findReviewByUser, insertReview, lockReviewedProduct, recomputeRatings, toReview } from './repository.js';

export interface ReviewAdded {
  review: Review;
  rating: number;
  numReviews: number;
}

const alreadyReviewed = () => new AppError('ALREADY_REVIEWED');

/** One review per user and product; the product's rating follows in the same transaction. */
export async function addReview(db: Db, productId: string, user: UserRow, input: ReviewCreate): Promise<ReviewAdded> {
  try {
    return await db.transaction(async (tx) => {
      if (!(await lockReviewedProduct(tx, productId))) throw new AppError('PRODUCT_NOT_FOUND');
      if (await findReviewByUser(tx, productId, user.id)) throw alreadyReviewed();
      const row = await insertReview(tx, { productId, userId: user.id, name: user.name, ...input });
      const [{ rating, numReviews }] = await recomputeRatings(tx, [productId]);
      return { review: toReview(row), rating, numReviews };
    });
  } catch (err) {
    // The same user's two requests at once: the unique index decides.
    if (isUniqueViolation(err)) throw alreadyReviewed();
    throw err;
  }
}
