import { ConfigError, loadConfig } from './config.js';
import { databaseTargetOf, openDatabase } from './db/client.js';
import { ensureAdmin, isCatalogEmpty, seedDemoCatalog } from './db/seed/index.js';
import { buildApp } from './app.js';

async function main() {
  const config = loadConfig();
  const database = await openDatabase(databaseTargetOf(config));
  const app = await buildApp(config, { database });
  app.addHook('onClose', () => database.close());

  const newShop = await ensureAdmin(database.db, config.admin);
  if (newShop) app.log.info(`admin account created: ${config.admin.email}`);
  // By default only a brand-new embedded shop gets the demo catalogue.
  const seedDemo = config.seedDemo ?? (database.driver === 'pglite' && newShop);
  if (seedDemo && (await isCatalogEmpty(database.db))) {
    const n = await seedDemoCatalog(database.db);
    app.catalogCache.invalidate();
    app.log.info(`demo catalogue seeded: ${n} products`);
  }

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.log.info(`${signal}: closing`);
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`the shop is open at http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`);
}

main().catch((err) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});
