import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { registerErrorHandling, sendRouteNotFound } from './plugins/errors.js';
import { CatalogCache, followCatalogChanges } from './features/products/catalog-cache.js';
import { productRoutes } from './features/products/routes.js';
import { orderRoutes } from './features/orders/routes.js';
import { deliveryRoutes } from './features/delivery/routes.js';
import { paymentRoutes } from './features/payments/routes.js';
import { userRoutes } from './features/users/routes.js';
import { productAdminRoutes } from './features/products/admin-routes.js';
import { reviewRoutes } from './features/reviews/routes.js';
import { uploadRoutes } from './features/uploads/routes.js';
import './types.js';

export interface AppOptions {
  /** Opened by the caller (main.ts or a test), who also closes it. */
  database: Database;
  logger?: boolean;
}

/** Builds the whole shop without listening: main.ts listens, tests inject. */
export async function buildApp(config: Readonly<Config>, options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    bodyLimit: 1024 * 1024,
    // A hop count trusts that many proxies next to the server.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    // Fastify's defaults keep an attacker's slow connection open far too long.
    requestTimeout: 30_000,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const { database } = options;
  const catalogCache = new CatalogCache();
  const stopFollowing = await followCatalogChanges(database, catalogCache, app.log);
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false }) : null;

  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('catalogCache', catalogCache);
  app.decorateRequest('sessionUser', undefined);
  app.addHook('onClose', async () => {
    await stopFollowing();
    redis?.disconnect();
  });

  registerErrorHandling(app, config.isProduction);
  // API answers are data, never documents: the strictest policy. Pages get theirs in serveWebApp.
  await app.register(fastifyHelmet, { contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } } });
  await app.register(fastifyCookie);
  // Routes opt in with `config: { rateLimit: ... }`; shared through Redis when several instances run.
  await app.register(fastifyRateLimit, { global: false, ...(redis ? { redis } : {}) });

  await app.register(productRoutes);
  await app.register(orderRoutes);
  await app.register(deliveryRoutes);
  await app.register(paymentRoutes);
  await app.register(userRoutes);
  await app.register(productAdminRoutes);
  await app.register(reviewRoutes);
  await app.register(uploadRoutes);

  mkdirSync(config.uploadsDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: config.uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    immutable: true,
    maxAge: '365d',
  });
  await serveWebApp(app, config.webDir);
  return app;
}

/** The built SPA: hashed assets cached for a year; any other GET outside /api gets index.html. */
async function serveWebApp(app: FastifyInstance, webRoot: string) {
  if (!existsSync(path.join(webRoot, 'index.html'))) {
    app.setNotFoundHandler(sendRouteNotFound);
    return;
  }
  await app.register(fastifyStatic, {
    root: webRoot,
    wildcard: true,
    index: 'index.html',
    setHeaders(res, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      const page = filePath.endsWith('.html');
      res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : page ? 'no-cache' : 'public, max-age=3600');
      if (page) res.header('content-security-policy', DOCUMENT_POLICY);
    },
  });
  app.setNotFoundHandler((request, reply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/');
    if (isPage) {
      return reply.header('cache-control', 'no-cache').header('content-security-policy', DOCUMENT_POLICY).sendFile('index.html', webRoot);
    }
    return sendRouteNotFound(request, reply);
  });
}

function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/** The pages' content security policy: PayPal's buttons load its script and frames; nothing else comes from outside. */
const PAYPAL = 'https://*.paypal.com https://*.paypalobjects.com';
const DOCUMENT_POLICY = [
  "default-src 'self'",
  `script-src 'self' ${PAYPAL}`,
  "style-src 'self' 'unsafe-inline'",
  `img-src 'self' data: ${PAYPAL}`,
  `connect-src 'self' ${PAYPAL}`,
  `frame-src 'self' ${PAYPAL}`,
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');
