export { queueLowStockNotices, type LowStockTargets } from './low-stock.js';
export { backOfficeRoutes } from './routes.js';
