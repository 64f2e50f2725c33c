/** Back-in-stock alerts (docs/notifications.md): whatever puts a variant back in stock queues its alerts. */
export { queueRestockAlerts } from './service.js';
export { stockAlertRoutes } from './routes.js';
