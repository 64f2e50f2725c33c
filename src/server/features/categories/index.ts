/** Categories (docs/domain.md): the catalogue's taxonomy as products and the site read it (a category's page answers while it is shown). */
export { type Catalogue, isCategoryVisible, loadCatalogue, loadCategories } from './repository.js';
export { getPublicCategories } from './service.js';
export { categoryRoutes } from './routes.js';
