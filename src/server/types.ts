import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { UserRow } from './db/schema.js';
import type { OutboxWorker } from './features/notifications/index.js';
import type { FiscalWorker } from './features/fiscal/index.js';
import type { Payments } from './features/payments/index.js';
import type { DeliveryDirectory, DeliveryEstimator } from './features/delivery/index.js';
import type { CatalogCache } from './features/products/index.js';

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
    /** An account by its id (features/users), for plugins/auth.ts, which sits below features and imports none. */
    userById: (id: string) => Promise<UserRow | null>;
  }
  interface FastifyRequest {
    /** Memoised by plugins/auth.ts getSessionUser; undefined until first asked. */
    sessionUser: UserRow | null | undefined;
  }
}
