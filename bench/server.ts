/**
 * The bench's servers, in a process of their own so the load generator does not steal their CPU:
 * the shop (embedded database, demo catalogue) and a bare Fastify route that returns the same
 * JSON as the shop's first catalogue page: the ceiling this machine allows.
 */
import Fastify from 'fastify';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/client.js';
import { ensureAdmin, seedDemoCatalog } from '../src/server/seed/index.js';

const config = loadConfig({
  DATA_DIR: `/tmp/shop-bench-${process.pid}`,
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
  LOG_LEVEL: 'silent',
  PORT: '0',
});
const database = await openDatabase({ dataDir: 'memory://' });
await ensureAdmin(database.db, config.admin);
await seedDemoCatalog(database.db);
const shop = await buildApp(config, { database, logger: false });
await shop.listen({ port: 0, host: '127.0.0.1' });

const firstPage = (await shop.inject({ url: '/api/products' })).body;
/** A category page with two attribute filters, a price range and a sort (run.ts asks the same). */
export const FILTERED_LISTING = `/api/products?category=Hops&attr.purpose=aroma,dual&attr.alpha=3..15&price=50-2000&sort=price_asc`;
const filteredPage = (await shop.inject({ url: FILTERED_LISTING })).body;
const bare = Fastify({ logger: false });
bare.get('/api/products', async (_request, reply) => reply.type('application/json; charset=utf-8').send(firstPage));
bare.get('/api/products/filtered', async (_request, reply) => reply.type('application/json; charset=utf-8').send(filteredPage));
await bare.listen({ port: 0, host: '127.0.0.1' });

const port = (app: { server: { address(): unknown } }) => (app.server.address() as { port: number }).port;
process.stdout.write(`${JSON.stringify({ shop: port(shop), bare: port(bare) })}\n`);
process.on('SIGTERM', async () => {
  await shop.close();
  await bare.close();
  await database.close();
  process.exit(0);
});
