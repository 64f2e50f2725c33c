/** Categories (docs/domain.md): the catalogue's taxonomy as products and the site read it. */
export { type Catalogue, loadCatalogue } from './repository.js';
export { getPublicCategories } from './service.js';
export { categoryRoutes } from './routes.js';
