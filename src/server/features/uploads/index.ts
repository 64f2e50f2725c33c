/** Uploaded pictures (docs/domain.md). */
export { uploadRoutes } from './routes.js';
