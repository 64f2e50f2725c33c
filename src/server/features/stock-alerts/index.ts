/** Back-in-stock alerts (docs/notifications.md): whatever puts a variant back in stock queues its alerts; an import asks which products are waited on. */
export { productsWithAlerts } from './repository.js';
export { queueRestockAlerts } from './service.js';
export { stockAlertRoutes } from './routes.js';
