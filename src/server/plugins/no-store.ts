import type { FastifyInstance } from 'fastify';

/**
 * Personal answers are never stored by a browser's or a proxy's cache (docs/deploy.md, "Caching"):
 * accounts, orders (the guest's link too), the admin's settings and anything that changes data,
 * answered or refused. Public catalogue answers keep whatever their routes say.
 */
const PERSONAL = [
  /^\/api\/users(\/|$|\?)/,
  /^\/api\/orders(\/|$|\?)/,
  /^\/api\/settings\/admin(\/|$|\?)/,
  /^\/api\/admin(\/|$|\?)/,
  /^\/api\/payments(\/|$|\?)/,
];

export function registerNoStore(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.hasHeader('cache-control') || !request.url.startsWith('/api/')) return payload;
    const changes = request.method !== 'GET' && request.method !== 'HEAD';
    if (changes || PERSONAL.some((pattern) => pattern.test(request.url))) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}
