import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { httpRequestDuration, registerMetricsSource, registry, type MetricsSource } from '../observability/metrics.js';
import { sendRouteNotFound } from './errors.js';

/**
 * Prometheus metrics (docs/deploy.md, "Metrics"): every request's time by route pattern and status
 * class, and GET /metrics for a scraper that sends `Authorization: Bearer <METRICS_TOKEN>`. Without
 * the token configured the route does not exist; with a wrong one it answers as if it did not.
 */
export function registerMetrics(app: FastifyInstance, source: MetricsSource, token: string | undefined) {
  app.addHook('onResponse', async (request, reply) => {
    httpRequestDuration.observe(
      { method: request.method, route: routeLabel(request), status_class: `${Math.floor(reply.statusCode / 100)}xx` },
      reply.elapsedTime / 1000,
    );
  });
  const unregister = registerMetricsSource(source);
  app.addHook('onClose', async () => {
    unregister();
  });
  if (!token) return;
  const expected = Buffer.from(`Bearer ${token}`);
  // Scrapes are frequent and carry the token: no request log lines for them.
  app.get('/metrics', { schema: { hide: true }, logLevel: 'silent' }, async (request, reply) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return sendRouteNotFound(request, reply);
    reply.header('cache-control', 'no-store').type(registry.contentType);
    return registry.metrics();
  });
}

/** The route's pattern (/api/orders/:id), never the address itself: ids would make a series each. */
function routeLabel(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (pattern && pattern !== '/*') return pattern;
  if (pattern === '/*') return 'static';
  return request.url.startsWith('/api/') ? 'unmatched' : 'page';
}
