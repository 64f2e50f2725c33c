import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { Database } from '../../db/client.js';

const CHECK_TIMEOUT_MS = 2_000;
const Check = z.enum(['ok', 'down']);
const ReadySchema = z.object({ status: Check, database: Check, redis: z.enum(['ok', 'down', 'off']) });

/**
 * Probes for a load balancer or an orchestrator (docs/deploy.md): /api/health says the process
 * answers (no I/O, so a slow database never gets it restarted); /api/ready says it can serve
 * (database and, when configured, Redis reachable), else 503 so traffic goes to another instance.
 */
export function healthRoutes(database: Database, redis: Redis | null): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/health', { schema: { response: { 200: z.object({ status: z.literal('ok') }) } } }, async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const };
    });

    app.get('/api/ready', { schema: { response: { 200: ReadySchema, 503: ReadySchema } } }, async (_request, reply) => {
      const [databaseUp, redisState] = await Promise.all([database.ping(CHECK_TIMEOUT_MS), redis ? pingRedis(redis) : Promise.resolve('off' as const)]);
      const ready = databaseUp && redisState !== 'down';
      reply.header('cache-control', 'no-store');
      return reply.status(ready ? 200 : 503).send({
        status: ready ? 'ok' : 'down',
        database: databaseUp ? 'ok' : 'down',
        redis: redisState,
      });
    });
  };
}

/** Redis answers PING; a client still (re)connecting gets until the time limit to get there. */
async function pingRedis(redis: Redis): Promise<'ok' | 'down'> {
  let timer: NodeJS.Timeout | undefined;
  let onReady: (() => void) | undefined;
  const connected = redis.status === 'ready' ? Promise.resolve() : new Promise<void>((resolve) => redis.once('ready', (onReady = resolve)));
  const late = new Promise<'down'>((resolve) => (timer = setTimeout(() => resolve('down'), CHECK_TIMEOUT_MS)));
  const ping = connected
    .then(() => redis.ping())
    .then(
      () => 'ok' as const,
      () => 'down' as const,
    );
  return Promise.race([ping, late]).finally(() => {
    clearTimeout(timer);
    if (onReady) redis.off('ready', onReady);
  });
}
