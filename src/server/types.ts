import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { UserRow } from './db/schema.js';
import type { CatalogCache } from './features/products/catalog-cache.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Readonly<Config>;
    db: Db;
    catalogCache: CatalogCache;
  }
  interface FastifyRequest {
    /** Memoised by plugins/auth.ts getSessionUser; undefined until first asked. */
    sessionUser: UserRow | null | undefined;
  }
}
