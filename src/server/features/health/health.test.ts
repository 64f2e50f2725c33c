import { expect, test } from 'vitest';
import { closedPort } from '../../test/fakes/listen.js';
import { describeWithApp } from '../../test/database.js';

describeWithApp('health and readiness', (ctx) => {
  test('GET /api/health: the process answers, JSON, never cached', async () => {
    const res = await ctx().app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  test('GET /api/ready: the database answers, Redis is not configured', async () => {
    const res = await ctx().app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok', redis: 'off' });
  });
});

// A port that accepts nothing: Redis configured but unreachable.
const redisPort = await closedPort();

describeWithApp(
  'readiness with Redis down',
  (ctx) => {
    test('GET /api/ready answers 503 naming Redis; /api/health stays 200', async () => {
      const ready = await ctx().app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'down', database: 'ok', redis: 'down' });
      expect((await ctx().app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    });
  },
  { env: { REDIS_URL: `redis://127.0.0.1:${redisPort}` } },
);

describeWithApp(
  'readiness with Redis up',
  (ctx) => {
    test('GET /api/ready pings Redis', async () => {
      const ready = await ctx().app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.json()).toEqual({ status: 'ok', database: 'ok', redis: 'ok' });
    });
  },
  { env: { REDIS_URL: 'redis://127.0.0.1:6379' } },
);
