import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { UserRow } from './db/schema.js';
import type { OutboxWorker } from './features/notifications/outbox-worker.js';
import type { FiscalWorker } from './features/fiscal/index.js';
import type { Payments } from './features/payments/service.js';
import type { DeliveryDirectory } from './features/delivery/service.js';
import type { DeliveryEstimator } from './features/delivery/estimate.js';
import type { CatalogCache } from './features/products/catalog-cache.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Readonly<Config>;
    db: Db;
    catalogCache: CatalogCache;
    outbox: OutboxWorker;
    /** Fiscal receipts through Checkbox (features/fiscal); null when Checkbox is not set up. */
    fiscal: FiscalWorker | null;
    payments: Payments;
    /** The Nova Poshta directory (features/delivery): the branch search and the order's check of the branch. */
    deliveryDirectory: DeliveryDirectory;
    /** Nova Poshta's tariff and date for a parcel, cached; never fails (features/delivery/estimate.ts). */
    deliveryEstimator: DeliveryEstimator;
  }
  interface FastifyRequest {
    /** Memoised by plugins/auth.ts getSessionUser; undefined until first asked. */
    sessionUser: UserRow | null | undefined;
  }
}
