/** Health checks (docs/deploy.md). */
export { healthRoutes } from './routes.js';
