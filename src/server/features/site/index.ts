/** The public site (docs/seo.md): server-rendered pages, sitemap and feeds. */
export { renderPage } from './page-head.js';
export { resolvePage } from './pages.js';
export { loadRenderRoot } from './server-render.js';
export { siteRoutes } from './routes.js';
