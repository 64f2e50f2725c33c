import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { Config } from './config.js';
import { safeErrorSerializer } from './log-safety.js';
import type { Database } from './db/client.js';
import { registerCompression } from './plugins/compression.js';
import { fallbackStore } from './plugins/rate-limit-store.js';
import { registerNoStore } from './plugins/no-store.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerErrorHandling, sendRouteNotFound } from './plugins/errors.js';
import { registerOpenApi } from './plugins/openapi.js';
import { registerMetrics } from './plugins/metrics.js';
import { outboxAdminRoutes, createMailer, startOutboxWorker, outboxCounts } from './features/notifications/index.js';
import { CatalogCache, followCatalogChanges, productRoutes, refreshDerivedColumns, productAdminRoutes } from './features/products/index.js';
import { healthRoutes } from './features/health/index.js';
import { orderRoutes, startTrackingRefresh } from './features/orders/index.js';
import { applyProviderPayment, createOrderWaybill, payOrder, placeOrder, startUnpaidOrderExpiry } from './flows/index.js';
import { deliveryRoutes, DeliveryDirectory, DeliveryEstimator } from './features/delivery/index.js';
import { paymentRoutes, Payments, startPendingCaptureChecks } from './features/payments/index.js';
import { findUserById, userRoutes, passwordResetRoutes } from './features/users/index.js';
import { categoryRoutes } from './features/categories/index.js';
import { settingsRoutes } from './features/settings/index.js';
import { reviewRoutes } from './features/reviews/index.js';
import { stockAlertRoutes } from './features/stock-alerts/index.js';
import { uploadRoutes } from './features/uploads/index.js';
import { siteRoutes, resolvePage, renderPage, loadRenderRoot } from './features/site/index.js';
import { recipeRoutes } from './features/recipes/index.js';
import { ensureLegalPages, legalRoutes } from './features/legal/index.js';
import { fiscalRoutes, startFiscalWorker } from './features/fiscal/index.js';
import { refundRoutes } from './features/refunds/index.js';
import { promoCodeRoutes } from './features/promo-codes/index.js';
import { exportRoutes, importRoutes } from './features/import-export/index.js';
import { packingRoutes } from './features/packing/index.js';
import { auditRoutes, registerAuditActor } from './features/audit/index.js';
import { backOfficeRoutes } from './features/back-office/index.js';
import { wireSerializerCompiler, wireValidatorCompiler } from './plugins/wire.js';
import './types.js';

const OUTBOX_INTERVAL_MS = 3_000;
const FISCAL_INTERVAL_MS = 10_000;

export interface AppOptions {
  /** Opened by the caller (main.ts or a test), who also closes it. */
  database: Database;
  logger?: boolean;
}

/** Builds the whole shop without listening: main.ts listens, tests inject. */
export async function buildApp(config: Readonly<Config>, options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // Errors are logged without their query parameters (log-safety.ts): no hash or token in a log line.
    logger: options.logger === false ? false : { level: config.logLevel, serializers: { err: safeErrorSerializer }, ...prettyInDevelopment(config) },
    bodyLimit: 1024 * 1024,
    // A hop count trusts that many proxies next to the server.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    // Fastify's defaults keep an attacker's slow connection open far too long.
    requestTimeout: 30_000,
  }).withTypeProvider<ZodTypeProvider>();
  // The original API names are added and read here, by each route's schema (docs/decisions/032-true-names-at-the-edge.md).
  app.setValidatorCompiler(wireValidatorCompiler);
  app.setSerializerCompiler(wireSerializerCompiler);

  const { database } = options;
  // Rows from before slugs, or whose search keys a migration emptied (docs/seo.md).
  await refreshDerivedColumns(database.db);
  // A page without any version gets its template (docs/domain.md): every order has an offer to point at.
  await ensureLegalPages(database.db);
  const catalogCache = new CatalogCache();
  const catalogFeed = followCatalogChanges(database, catalogCache, app.log);
  // Start with the cache on when the database answers; an outage at start only delays it.
  await Promise.race([catalogFeed.ready, new Promise((resolve) => setTimeout(resolve, 3_000).unref())]);
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false }) : null;
  // ioredis reconnects by itself; rate limits count in memory meanwhile and /api/ready reports it.
  redis?.on('error', (err) => app.log.debug({ err }, 'redis unavailable'));

  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('catalogCache', catalogCache);
  // The providers' payments are verified by the feature and applied by the pay-order flow (docs/decisions/036-flows.md).
  app.decorate('payments', new Payments(config, { applyProviderPayment }));
  const deliveryDirectory = new DeliveryDirectory(config.novaPoshta);
  app.decorate('deliveryDirectory', deliveryDirectory);
  app.decorate('deliveryEstimator', new DeliveryEstimator(config.novaPoshta, deliveryDirectory));
  app.decorate('userById', (id: string) => findUserById(database.db, id));
  app.decorateRequest('sessionUser', undefined);
  // Notices go out in the background; tests send them with app.outbox.flush().
  const outbox = startOutboxWorker({
    db: database.db,
    mailer: createMailer(config.mail, app.log),
    telegram: config.telegram,
    log: app.log,
    maxAttempts: config.outbox.maxAttempts,
    retentionMs: config.outbox.retentionMs,
    intervalMs: config.env === 'test' ? 0 : OUTBOX_INTERVAL_MS,
  });
  app.decorate('outbox', outbox);
  // Fiscal receipts go out only when Checkbox is set up (docs/fiscal.md); tests flush by hand.
  const fiscal = config.checkbox
    ? startFiscalWorker({
        db: database.db,
        checkbox: config.checkbox,
        log: app.log,
        siteUrl: config.siteUrl,
        intervalMs: config.env === 'test' ? 0 : FISCAL_INTERVAL_MS,
        client: config.env === 'test' ? { pollMs: 5, polls: 5, timeoutMs: 1_000 } : undefined,
      })
    : null;
  app.decorate('fiscal', fiscal);
  // Each worker's stop waits for its round in flight (src/server/periodic.ts), so closing never cuts one short.
  const stopWorkers =
    config.env === 'test'
      ? []
      : [
          startUnpaidOrderExpiry(database.db, config, app.log),
          startPendingCaptureChecks(database.db, app.payments, app.log),
          startTrackingRefresh(database.db, config, app.log),
        ];
  app.addHook('onClose', async () => {
    await catalogFeed.stop();
    await Promise.all(stopWorkers.map((stop) => stop()));
    await outbox.stop();
    await fiscal?.stop();
    redis?.disconnect();
  });

  registerErrorHandling(app);
  registerMetrics(app, { pool: database.poolStats, outbox: () => outboxCounts(database.db) }, config.metricsToken);
  registerNoStore(app);
  // API answers are data, never documents: the strictest policy. Pages get theirs in serveWebApp.
  registerSecurityHeaders(app);
  await app.register(fastifyCookie);
  // Routes opt in with `config: { rateLimit: ... }`; shared through Redis when several instances run,
  // counted in memory while Redis is away (plugins/rate-limit-store.ts).
  await app.register(fastifyRateLimit, { global: false, store: fallbackStore(redis, app.log).Store as never });
  // Before the routes: it hooks every route registered after it.
  await registerCompression(app);
  await registerOpenApi(app, config);
  // Before the routes: an admin's writes are recorded in the audit trail (features/audit).
  registerAuditActor(app);

  await app.register(healthRoutes(database, redis));
  await app.register(productRoutes);
  await app.register(orderRoutes, { flows: { placeOrder, payOrder, createOrderWaybill } });
  await app.register(refundRoutes);
  await app.register(deliveryRoutes);
  await app.register(paymentRoutes);
  await app.register(userRoutes);
  await app.register(passwordResetRoutes);
  await app.register(productAdminRoutes);
  await app.register(categoryRoutes);
  await app.register(reviewRoutes);
  await app.register(stockAlertRoutes);
  await app.register(settingsRoutes);
  await app.register(uploadRoutes);
  await app.register(fiscalRoutes);
  await app.register(recipeRoutes);
  await app.register(siteRoutes);
  await app.register(legalRoutes);
  await app.register(outboxAdminRoutes);
  await app.register(exportRoutes);
  await app.register(importRoutes);
  await app.register(packingRoutes);
  await app.register(promoCodeRoutes);
  await app.register(auditRoutes);
  await app.register(backOfficeRoutes);

  mkdirSync(config.uploadsDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: config.uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    immutable: true,
    maxAge: '365d',
  });
  await serveWebApp(app, config.webDir, documentPolicy(config));
  return app;
}

/**
 * The built SPA: hashed assets cached for a year and sent as compressed at build time; any other GET
 * outside /api gets index.html with the page's head and data filled in (docs/seo.md), with 404 when
 * no page of the shop answers the address.
 */
async function serveWebApp(app: FastifyInstance, webRoot: string, policy: string) {
  if (!existsSync(path.join(webRoot, 'index.html'))) {
    app.setNotFoundHandler(sendRouteNotFound);
    return;
  }
  const shell = readFileSync(path.join(webRoot, 'index.html'), 'utf8');
  const renderRoot = await loadRenderRoot(webRoot);
  await app.register(fastifyStatic, {
    root: webRoot,
    wildcard: true,
    // Pages, the home page too, get their head and data filled in by the not-found handler below.
    index: false,
    preCompressed: true,
    setHeaders(res, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      const page = filePath.endsWith('.html');
      res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : page ? 'no-cache' : 'public, max-age=3600');
      if (page) res.header('content-security-policy', policy);
    },
  });
  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const [pathname, query] = request.url.split(/\?(.*)/s);
    const page = await resolvePage(app.db, pathname);
    if ('redirect' in page) return reply.redirect(page.redirect + (query ? `?${query}` : ''), 301);
    return reply
      .status(page.status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-security-policy', policy)
      .send(await renderPage(app, shell, pathname, query ?? '', page.status, renderRoot));
  };
  app.get('/', sendPage);
  app.setNotFoundHandler(async (request, reply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/');
    return isPage ? sendPage(request, reply) : sendRouteNotFound(request, reply);
  });
}

/** Readable logs for a developer at a terminal; JSON lines everywhere else (pino-pretty is a devDependency). */
function prettyInDevelopment(config: Readonly<Config>) {
  return config.env === 'development' && process.stdout.isTTY
    ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } }
    : {};
}

function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/**
 * The pages' content security policy: PayPal's buttons load its script and frames, and the LiqPay
 * checkout form posts to LiqPay; nothing else comes from outside.
 */
const PAYPAL = 'https://*.paypal.com https://*.paypalobjects.com';
const documentPolicy = (config: Readonly<Config>) =>
  [
    "default-src 'self'",
    `script-src 'self' ${PAYPAL}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: ${PAYPAL}`,
    `connect-src 'self' ${PAYPAL}`,
    `frame-src 'self' ${PAYPAL}`,
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self' ${new URL(config.liqpay?.checkoutUrl ?? 'https://www.liqpay.ua/').origin}`,
    "frame-ancestors 'self'",
  ].join('; ');
