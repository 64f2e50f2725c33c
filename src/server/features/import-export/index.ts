export { exportRoutes } from './export-routes.js';
export { importRoutes } from './import-routes.js';
