/** The catalogue (docs/domain.md): products and their variants. Orders take and return stock; import, recipes and the site read the catalogue. */
export { CatalogCache, followCatalogChanges } from './catalog-cache.js';
export { defaultPackLabel, findProductByRef, insertProducts, listAllProducts, type ProductRecord, refreshDerivedColumns, withVariants } from './repository.js';
export { getProductPage, getTopProducts, newProductDefaults, requireProductDetail } from './service.js';
export { findVariantsByIds, findVariantsOf, insertVariants, refreshProductSummaries, returnVariantStock, summaryOf, takeVariantStock } from './variants.js';
export { productAdminRoutes } from './admin-routes.js';
export { productRoutes } from './routes.js';
