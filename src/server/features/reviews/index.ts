/** Reviews (docs/domain.md): products show them; a product's rating is recomputed whenever its reviews or their authors change. */
export { findProductIdsReviewedBy, findReviews, recomputeRatings, toReview } from './repository.js';
export { reviewRoutes } from './routes.js';
