/** Packing slips and waybill labels for the warehouse (docs/api.md, "Export, import and packing"). */
export { packingRoutes } from './routes.js';
