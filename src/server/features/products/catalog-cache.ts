import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { toWireJson } from '../../../shared/wire/index.js';
import type { Database } from '../../db/client.js';
import { CachedAnswer } from '../../plugins/compression.js';

/**
 * Catalogue pages and searches, kept in memory as ready JSON. A database round-trip costs far more
 * than serving a page, so lists are read from here; any product write empties it. Writes anywhere
 * (this instance or another) reach every instance through the products trigger's NOTIFY;
 * writes made here also call invalidate() at once, so a client reads its own writes.
 */
export class CatalogCache {
  private readonly entries = new Map<string, { answer: CachedAnswer; expires: number }>();
  private readonly loading = new Map<string, Promise<CachedAnswer>>();
  private readonly values = new Map<string, { value: Promise<unknown>; expires: number }>();
  private generation = 0;
  private enabled = true;

  constructor(
    private readonly ttlMs = 60_000,
    private readonly maxEntries = 2_000,
  ) {}

  /** The value `load` gives, as the API answers it by `schema` (with the original names, src/shared/wire). */
  async get(key: string, schema: z.core.$ZodType, load: () => Promise<unknown>): Promise<string> {
    return (await this.json(key, schema, load)).text;
  }

  /** The same, as a ready answer: an API route and the rendered page asking for one key share one entry. */
  async json(key: string, schema: z.core.$ZodType, load: () => Promise<unknown>): Promise<CachedAnswer> {
    return this.answer(key, async () => toWireJson(schema, await load()));
  }

  /** A ready answer (JSON, XML, text) that also keeps its compressed forms once made. */
  async answer(key: string, load: () => Promise<string>): Promise<CachedAnswer> {
    const hit = this.entries.get(key);
    if (hit && hit.expires > Date.now()) return hit.answer;
    const pending = this.loading.get(key);
    if (pending) return pending;

    const generation = this.generation;
    const promise = load().then((text) => {
      const answer = new CachedAnswer(text);
      // A write that landed while we were reading makes this result stale: do not keep it.
      if (this.enabled && generation === this.generation) this.store(key, answer);
      return answer;
    });
    this.loading.set(key, promise);
    try {
      return await promise;
    } finally {
      if (this.loading.get(key) === promise) this.loading.delete(key);
    }
  }

  /**
   * A value read from the catalogue (not an answer: the recipe matcher's candidates), kept and
   * emptied like the answers. Callers share it and must not change it.
   */
  async value<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.values.get(key);
    if (hit && hit.expires > Date.now()) return hit.value as Promise<T>;
    const value = load();
    if (this.enabled) this.values.set(key, { value, expires: Date.now() + this.ttlMs });
    // A failed read is not kept; a write during the read has already emptied the map (invalidate).
    value.catch(() => {
      if (this.values.get(key)?.value === value) this.values.delete(key);
    });
    return value;
  }

  invalidate() {
    this.generation++;
    this.entries.clear();
    this.loading.clear();
    this.values.clear();
  }

  /** Off while the change feed is down: without it another instance's writes would go unseen. */
  setEnabled(enabled: boolean) {
    this.enabled = enabled;
    this.invalidate();
  }

  private store(key: string, answer: CachedAnswer) {
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { answer, expires: Date.now() + this.ttlMs });
  }
}

/**
 * Subscribes the cache to the products change feed. The database layer re-subscribes by itself;
 * while the feed is down the cache is off, so another instance's writes are never missed.
 */
export function followCatalogChanges(database: Database, cache: CatalogCache, log: FastifyBaseLogger) {
  let up = false;
  let firstUp!: () => void;
  /** Resolves when the feed is first on: callers may wait a moment for it so the cache starts warm. */
  const ready = new Promise<void>((resolve) => (firstUp = resolve));
  cache.setEnabled(false);
  const stop = database.follow('catalog_changed', {
    notify: () => cache.invalidate(),
    up() {
      if (!up) log.info('catalogue change feed on');
      up = true;
      cache.setEnabled(true);
      firstUp();
    },
    down(err) {
      // Logged once per outage, not at every retry.
      if (up) log.warn({ err }, 'catalogue change feed lost; cache off until it is back');
      up = false;
      cache.setEnabled(false);
    },
  });
  return { stop, ready };
}
