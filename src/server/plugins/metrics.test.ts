import { expect, test } from 'vitest';
import { outboxMessages } from '../db/schema.js';
import { describeWithApp } from '../test/database.js';
import { startFakeTelegram } from '../test/fakes/telegram.js';
import { afterAll } from 'vitest';

const TOKEN = 'metrics-token-0123456789abcdef';
const telegram = await startFakeTelegram();
afterAll(() => telegram.close());

/** The value of one sample line, e.g. `outbox_messages{state="dead"} 1`. */
function sample(text: string, name: string, labels: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name}{${labels}}`) || (labels === '' && l.startsWith(`${name} `)));
  return line ? Number(line.split(' ').at(-1)) : undefined;
}

describeWithApp(
  'metrics',
  (ctx) => {
    test('GET /metrics answers only the bearer of METRICS_TOKEN; anyone else gets the 404 of an unknown route', async () => {
      const { app } = ctx();
      expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: TOKEN } })).statusCode).toBe(404);
      const res = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(res.body).toContain('process_cpu_seconds_total');
    });

    test('requests are timed by route pattern and status class, never by address', async () => {
      const { app } = ctx();
      const id = '00000000-0000-4000-8000-000000000000';
      await app.inject({ method: 'GET', url: `/api/products/${id}` });
      await app.inject({ method: 'GET', url: '/api/health' });
      const text = (await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
      expect(sample(text, 'http_request_duration_seconds_count', 'method="GET",route="/api/products/:id",status_class="4xx"')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'http_request_duration_seconds_count', 'method="GET",route="/api/health",status_class="2xx"')).toBeGreaterThanOrEqual(1);
      expect(text).not.toContain(id);
      expect(text).not.toContain(TOKEN);
    });

    test('the outbox backlog and dead notices; a failed Telegram call counted with its time', async () => {
      const { app, database } = ctx();
      await app.db.delete(outboxMessages);
      await app.db.insert(outboxMessages).values([
        { channel: 'telegram', recipient: '-100', subject: 's', textBody: 't' },
        { channel: 'email', recipient: 'a@example.com', subject: 's', textBody: 't', deadAt: new Date() },
      ]);
      telegram.mode = 'down';
      await app.outbox.flush();
      const text = (await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
      expect(sample(text, 'outbox_messages', 'state="pending"')).toBe(1);
      expect(sample(text, 'outbox_messages', 'state="dead"')).toBe(1);
      expect(sample(text, 'outbox_send_failures_total', 'channel="telegram"')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'upstream_failures_total', 'service="telegram",outcome="http_error"')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'upstream_request_duration_seconds_count', 'service="telegram",outcome="http_error"')).toBeGreaterThanOrEqual(1);
      if (database.driver === 'postgres') {
        expect(sample(text, 'db_pool_connections', '')).toBeGreaterThanOrEqual(1);
        expect(text).toMatch(/^db_pool_waiting_requests \d+$/m);
      }
    });
  },
  { env: { METRICS_TOKEN: TOKEN, TELEGRAM_BOT_TOKEN: telegram.token, TELEGRAM_CHAT_ID: '-100', TELEGRAM_API_URL: telegram.url } },
);

describeWithApp('metrics without METRICS_TOKEN', (ctx) => {
  test('there is no /metrics, whatever the header', async () => {
    const res = await ctx().app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer anything-at-all-here' } });
    expect(res.statusCode).toBe(404);
  });
});
