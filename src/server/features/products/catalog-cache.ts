import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';

/**
 * Catalogue pages and searches, kept in memory as ready JSON. A database round-trip costs far more
 * than serving a page, so lists are read from here; any product write empties it. Writes anywhere
 * (this instance or another) reach every instance through the products trigger's NOTIFY;
 * writes made here also call invalidate() at once, so a client reads its own writes.
 */
export class CatalogCache {
  private readonly entries = new Map<string, { json: string; expires: number }>();
  private readonly loading = new Map<string, Promise<string>>();
  private generation = 0;
  private enabled = true;

  constructor(
    private readonly ttlMs = 60_000,
    private readonly maxEntries = 2_000,
  ) {}

  async get(key: string, load: () => Promise<unknown>): Promise<string> {
    const hit = this.entries.get(key);
    if (hit && hit.expires > Date.now()) return hit.json;
    const pending = this.loading.get(key);
    if (pending) return pending;

    const generation = this.generation;
    const promise = load().then((value) => {
      const json = JSON.stringify(value);
      // A write that landed while we were reading makes this result stale: do not keep it.
      if (this.enabled && generation === this.generation) this.store(key, json);
      return json;
    });
    this.loading.set(key, promise);
    try {
      return await promise;
    } finally {
      if (this.loading.get(key) === promise) this.loading.delete(key);
    }
  }

  invalidate() {
    this.generation++;
    this.entries.clear();
    this.loading.clear();
  }

  /** Off while the change feed is down: without it another instance's writes would go unseen. */
  setEnabled(enabled: boolean) {
    this.enabled = enabled;
    this.invalidate();
  }

  private store(key: string, json: string) {
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { json, expires: Date.now() + this.ttlMs });
  }
}

/** Subscribes the cache to the products change feed, re-subscribing with back-off if it breaks. */
export async function followCatalogChanges(database: Database, cache: CatalogCache, log: FastifyBaseLogger) {
  let stop: (() => Promise<void>) | null = null;
  let closed = false;
  let retryMs = 500;

  const subscribe = async (): Promise<void> => {
    try {
      stop = await database.listen('catalog_changed', () => cache.invalidate(), onLost);
      retryMs = 500;
      cache.setEnabled(true);
    } catch (err) {
      log.warn({ err }, 'catalogue change feed unavailable; retrying');
      setTimeout(() => void (closed || subscribe()), retryMs).unref();
      retryMs = Math.min(retryMs * 2, 30_000);
    }
  };
  const onLost = () => {
    if (closed) return;
    cache.setEnabled(false);
    log.warn('catalogue change feed lost; cache off until it is back');
    void stop?.().catch(() => {});
    setTimeout(() => void (closed || subscribe()), retryMs).unref();
  };

  cache.setEnabled(false);
  await subscribe();
  return async () => {
    closed = true;
    await stop?.();
  };
}
