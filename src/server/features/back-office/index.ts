/** The owner's back office (docs/back-office.md): the dashboard and the customers, read through the orders' and products' faces. */
export { backOfficeRoutes } from './routes.js';
