import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { createRequire } from 'node:module';

/**
 * @fastify/rate-limit's store that fails open and safe (docs/deploy.md, Redis): counts in Redis
 * while it answers, so every instance counts together; while it does not (restarting, unreachable,
 * too slow), each instance counts in its own memory instead. No route ever fails because of Redis,
 * and no limit is ever lifted: at worst a client gets the limit once per instance during an outage.
 * The switch is logged once each way.
 */

type Counted = { current: number; ttl: number };
type Callback = (error: Error | null, result: Counted | null) => void;
interface Store {
  incr(key: string, callback: Callback, timeWindow: number, max: number): void;
  read(key: string, callback: Callback, timeWindow: number, max: number): void;
  child(routeOptions: RouteOptions): Store;
}
interface RouteOptions {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  routeInfo: { method: string; url: string };
}
type StoreConstructor = new (continueExceeding: boolean, exponentialBackoff: boolean, ...rest: unknown[]) => Store;

// The plugin's own stores: the same counting rules on both sides of the switch.
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore') as StoreConstructor;
const LocalStore = require('@fastify/rate-limit/store/LocalStore') as StoreConstructor;

/** How long one Redis count may take before the request is counted locally instead. */
const REDIS_COUNT_TIMEOUT_MS = 500;
/** Keys kept per store in memory; the least recently seen go first. */
const LOCAL_KEYS = 20_000;

export interface FallbackState {
  /** True while counts go to memory. */
  readonly degraded: boolean;
}

/**
 * The `store` option of @fastify/rate-limit. Without Redis it is the plain memory store. With it,
 * one shared state per process says whether Redis is in use, so the log says so once per outage.
 */
export function fallbackStore(redis: Redis | null, log: FastifyBaseLogger): { Store: new (params: RouteOptions) => Store; state: FallbackState } {
  const state = { degraded: false };
  const degrade = (error?: Error) => {
    if (state.degraded) return;
    state.degraded = true;
    log.warn({ err: error?.message }, 'redis unreachable: rate limits count in this instance’s memory until it is back');
  };
  const recover = () => {
    if (!state.degraded) return;
    state.degraded = false;
    log.info('redis is back: rate limits count in Redis again');
  };
  // Noticed on the next count rather than on 'close', so a clean shutdown logs nothing.
  redis?.on('ready', recover);

  class FallbackStore implements Store {
    private readonly local: Store;
    private readonly shared: Store | null;

    constructor(params: RouteOptions, prefix?: string) {
      const continueExceeding = Boolean(params.continueExceeding);
      const exponentialBackoff = Boolean(params.exponentialBackoff);
      this.local = new LocalStore(continueExceeding, exponentialBackoff, LOCAL_KEYS);
      this.shared = redis ? new RedisStore(continueExceeding, exponentialBackoff, redis, prefix) : null;
    }

    incr(key: string, callback: Callback, timeWindow: number, max: number) {
      this.count('incr', key, callback, timeWindow, max);
    }

    read(key: string, callback: Callback, timeWindow: number, max: number) {
      this.count('read', key, callback, timeWindow, max);
    }

    child(routeOptions: RouteOptions): Store {
      const { method, url } = routeOptions.routeInfo;
      return new FallbackStore(routeOptions, `fastify-rate-limit-${method}${url}-`);
    }

    private count(how: 'incr' | 'read', key: string, callback: Callback, timeWindow: number, max: number) {
      const local = () => this.local[how](key, callback, timeWindow, max);
      if (!this.shared || !redis || redis.status !== 'ready') {
        if (redis) degrade();
        return local();
      }
      let settled = false;
      const timer = setTimeout(() => {
        settled = true;
        degrade(new Error(`no answer in ${REDIS_COUNT_TIMEOUT_MS} ms`));
        local();
      }, REDIS_COUNT_TIMEOUT_MS);
      this.shared[how](
        key,
        (error, result) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          if (error || !result) {
            degrade(error ?? undefined);
            return local();
          }
          // Keep the memory count near the shared one, so a switch mid-window does not start from zero.
          if (how === 'incr') this.local.incr(key, () => {}, timeWindow, max);
          callback(null, result);
        },
        timeWindow,
        max,
      );
    }
  }

  return { Store: FallbackStore, state };
}
