/**
 * Where a product stands (docs/domain.md): a draft is being prepared, a published one is sold, a
 * hidden one is kept but not shown. Shoppers see and order published products only.
 */
export const PRODUCT_STATUSES = ['draft', 'published', 'hidden'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
