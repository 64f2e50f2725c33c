/** Packing lists for the warehouse (docs/back-office.md). */
export { packingRoutes } from './routes.js';
