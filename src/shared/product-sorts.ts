/**
 * Orders a shopper can choose for any list or search (docs/api.md). Without one a list is newest
 * first and a search best match first. "popular" is the number of reviews; "alpha_desc" the hops'
 * alpha acids, highest first (products without a figure last). Apart from products.ts, which
 * needs zod, so that the listing header loads none (docs/decisions/012-first-load.md).
 */
export const PRODUCT_SORTS = ['popular', 'price_asc', 'price_desc', 'newest', 'rating', 'alpha_desc'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
