/**
 * The catalogue (docs/domain.md): products and their variants. Orders take and return stock (and tell
 * the shop of packs running low); import, export, recipes and the site read the
 * catalogue and an import writes many packs at once; the back office
 * lists the packs running low.
 */
export {
  findPacksBySku,
  findProductsBySlug,
  lockProductsInIdOrder,
  type PackUpdate,
  type PackWithProduct,
  takenSkus,
  updatePacks,
  writeProductSummaries,
} from './bulk.js';
export { CatalogCache, followCatalogChanges } from './catalog-cache.js';
export {
  defaultPackLabel,
  findProductByRef,
  findPublishedProducts,
  insertProducts,
  lockProducts,
  listAllProducts,
  type ProductRecord,
  refreshDerivedColumns,
  withVariants,
} from './repository.js';
export { findLowStockPacks, type LowStockPack, type LowStockTargets, queueLowStockNotices } from './low-stock.js';
export { findPackPage, type PackKey } from './pack-pages.js';
export { getProductPage, getTopProducts, newProductDefaults, requireProductDetail } from './service.js';
export { findVariantsByIds, findVariantsOf, insertVariants, refreshProductSummaries, returnVariantStock, summaryOf, takeVariantStock } from './variants.js';
export { productAdminRoutes } from './admin-routes.js';
export { productRoutes } from './routes.js';
