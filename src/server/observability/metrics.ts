import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The shop's Prometheus metrics (docs/deploy.md, "Metrics"), one registry for the process. Gauges
 * that read the database ask the sources an app registers (registerMetricsSource) when scraped.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry });

export const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time to answer a request, by route pattern and status class',
  labelNames: ['method', 'route', 'status_class'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

/** The third parties the server calls (src/server/observability/upstream.ts). */
export type UpstreamService = 'nova_poshta' | 'paypal' | 'liqpay' | 'monobank' | 'nbu' | 'telegram' | 'smtp' | 'checkbox';
/** ok: an answer (any HTTP status below 500); http_error: 5xx; timeout; network_error: no answer. */
export type UpstreamOutcome = 'ok' | 'http_error' | 'timeout' | 'network_error';

export const upstreamDuration = new Histogram({
  name: 'upstream_request_duration_seconds',
  help: 'Time of a call to a third-party service, by service and outcome',
  labelNames: ['service', 'outcome'] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8, 15],
  registers: [registry],
});

export const upstreamFailures = new Counter({
  name: 'upstream_failures_total',
  help: 'Calls to a third-party service that failed: a 5xx answer, a timeout or no connection',
  labelNames: ['service', 'outcome'] as const,
  registers: [registry],
});

export const outboxFailures = new Counter({
  name: 'outbox_send_failures_total',
  help: 'Notices whose sending failed (each is retried, or parked as dead after OUTBOX_MAX_ATTEMPTS)',
  labelNames: ['channel'] as const,
  registers: [registry],
});

export interface MetricsSource {
  /** PostgreSQL only: the connection pool now. */
  pool?: () => { total: number; idle: number; waiting: number };
  /** Unsent notices waiting for their turn, and those parked as dead. */
  outbox: () => Promise<{ pending: number; dead: number }>;
}

const sources = new Set<MetricsSource>();

/** Adds an app's database to what the gauges read; the returned function removes it. */
export function registerMetricsSource(source: MetricsSource): () => void {
  sources.add(source);
  return () => sources.delete(source);
}

const poolGauge = (name: string, help: string, pick: (pool: { total: number; idle: number; waiting: number }) => number) =>
  new Gauge({
    name,
    help,
    registers: [registry],
    collect() {
      this.reset();
      for (const source of sources) if (source.pool) this.inc(pick(source.pool()));
    },
  });
poolGauge('db_pool_connections', 'PostgreSQL connections open in the pool', (pool) => pool.total);
poolGauge('db_pool_idle_connections', 'PostgreSQL connections idle in the pool', (pool) => pool.idle);
poolGauge('db_pool_waiting_requests', 'Queries waiting for a free PostgreSQL connection', (pool) => pool.waiting);

new Gauge({
  name: 'outbox_messages',
  help: 'Notices in the outbox by state: pending (not yet sent) or dead (gave up, waiting for an admin)',
  labelNames: ['state'] as const,
  registers: [registry],
  async collect() {
    this.reset();
    // A database that does not answer leaves the gauge empty (NaN) rather than a reassuring 0.
    let pending = Number.NaN;
    let dead = Number.NaN;
    for (const source of sources) {
      const counts = await source.outbox().catch(() => null);
      if (!counts) continue;
      pending = (Number.isNaN(pending) ? 0 : pending) + counts.pending;
      dead = (Number.isNaN(dead) ? 0 : dead) + counts.dead;
    }
    this.set({ state: 'pending' }, pending);
    this.set({ state: 'dead' }, dead);
  },
});
