import { verify } from '@node-rs/argon2';
import { ConfigError, DEMO_ADMIN_PASSWORD, loadConfig, type Config } from './config.js';
import { databaseTargetOf, openDatabase, type Db } from './db/client.js';
import { DataDirLocked } from './db/data-dir-lock.js';
import { ensureAdmin, isCatalogEmpty, seedDemoCatalog } from './seed/index.js';
import { findUserByEmail } from './features/users/index.js';
import { buildApp } from './app.js';
import { safeErrorSerializer } from './log-safety.js';
import { limitConnections } from './plugins/connection-limits.js';

/** How long a stop waits for requests in flight before giving up on them. */
const SHUTDOWN_GRACE_MS = 10_000;

/** A problem the operator must fix: printed as is, without a stack. */
class StartRefused extends Error {}

async function main() {
  const config = loadConfig();
  const database = await openDatabase(databaseTargetOf(config));
  const app = await buildApp(config, { database });
  // The database closes after the app's own closing hooks, which still use it (UNLISTEN, workers' last rounds).
  const close = async () => {
    await app.close();
    await database.close();
  };

  // Errors of background work are logged, never fatal: the shop keeps serving (docs/deploy.md).
  process.on('unhandledRejection', (reason) => app.log.error({ err: reason }, 'unhandled rejection'));

  try {
    // Under the migrations' lock: two instances starting at once on a new database seed it once.
    await database.exclusively(async () => {
      if (config.isProduction) await refuseDemoAdminPassword(database.db, config);
      const newShop = await ensureAdmin(database.db, config.admin);
      if (newShop) app.log.info(`admin account created: ${config.admin.email}`);
      // By default only a brand-new embedded shop gets the demo catalogue; never in production (config.ts).
      const seedDemo = config.seedDemo ?? (database.driver === 'pglite' && newShop);
      if (seedDemo && (await isCatalogEmpty(database.db))) {
        const n = await seedDemoCatalog(database.db);
        app.catalogCache.invalidate();
        app.log.info(`demo catalogue seeded: ${n} products`);
      }
    });
  } catch (err) {
    // What the operator must read is why the start failed, not what closing the half-started shop says.
    await close().catch((closing) => app.log.warn({ err: closing }, 'closing after a refused start'));
    throw err;
  }

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.log.info(`${signal}: closing`);
      setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
      close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
  limitConnections(app.server, config.connectionLimits);
  await app.listen({ port: config.port, host: config.host });
  if (config.paymentsTestMode) {
    app.log.warn('PAYMENTS_TEST_MODE is on: the shop runs in test mode (test payments pay orders without money; every page shows a banner)');
  }
  app.log.info(`the shop is open at http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port} (${config.env}, ${database.driver})`);
}

/** A shop that began as a demo keeps the demo admin's password: production refuses to serve it. */
async function refuseDemoAdminPassword(db: Db, config: Readonly<Config>) {
  const admin = await findUserByEmail(db, config.admin.email);
  if (admin?.isAdmin && (await verify(admin.passwordHash, DEMO_ADMIN_PASSWORD).catch(() => false))) {
    throw new StartRefused(
      `The admin ${admin.email} still has the demo password ${DEMO_ADMIN_PASSWORD}. ` +
        'Sign in and change it (profile page) in a development start, then start in production again.',
    );
  }
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DataDirLocked || err instanceof StartRefused) {
    console.error(err.message);
  } else {
    // A failed query's parameters (a password hash, a token) never reach the log (log-safety.ts).
    console.error(safeErrorSerializer(err));
  }
  process.exit(1);
});
