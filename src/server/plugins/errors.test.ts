import { expect, test } from 'vitest';
import { buildApp } from '../app.js';
import { createTestDatabase, testConfig } from '../test/database.js';

/** Error bodies never carry internals (docs/deploy.md), and a database outage is a retryable 503. */
test('an unexpected error: 500 without stack, SQL or parameters, in every environment; a lost database: 503 DB_UNAVAILABLE', async () => {
  const { database, drop } = await createTestDatabase('pglite');
  try {
    for (const env of ['development', 'production'] as const) {
      const app = await buildApp(testConfig({ NODE_ENV: env, ADMIN_PASSWORD: 'not-the-demo-one' }), { database, logger: false });
      app.get('/api/test/boom', async () => {
        throw Object.assign(new Error('Failed query: select * from users where password_hash = $1\nparams: secret'), { cause: { code: 'XX000' } });
      });
      app.get('/api/test/outage', async () => {
        throw new Error('Failed query: insert into orders', {
          cause: Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
        });
      });
      app.get('/api/test/refused', async () => {
        throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
      });
      const boom = await app.inject({ url: '/api/test/boom' });
      expect(boom.statusCode).toBe(500);
      expect(boom.json()).toEqual({ message: 'Внутрішня помилка сервера', code: 'INTERNAL' });
      for (const url of ['/api/test/outage', '/api/test/refused']) {
        const res = await app.inject({ url });
        expect(res.statusCode, `${env} ${url}`).toBe(503);
        expect(res.headers['retry-after']).toBe('2');
        expect(res.json()).toEqual({ message: 'Сервіс тимчасово недоступний. Спробуйте за кілька секунд', code: 'DB_UNAVAILABLE' });
      }
      await app.close();
    }
  } finally {
    await drop();
  }
});

/** Field problems carry the shared message key, so the web words them in the shopper's language. */
test('a validation answer: Ukrainian text, and each field its stable code; zod never speaks English', async () => {
  const { database, drop } = await createTestDatabase('pglite');
  const app = await buildApp(testConfig(), { database, logger: false });
  try {
    const short = await app.inject({ method: 'POST', url: '/api/users', payload: { name: 'Оля', email: 'not-an-email', password: 'short' } });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Некоректні дані (email: Некоректна електронна пошта)',
      errors: [
        { path: 'email', code: 'emailInvalid', message: 'Некоректна електронна пошта' },
        { path: 'password', code: 'passwordTooShort', params: { min: 8 }, message: 'Пароль має містити щонайменше 8 символів' },
      ],
    });

    // Checks with no message of their own get zod's default, which must not be English.
    const notAnObject = await app.inject({ method: 'POST', url: '/api/users', payload: [] });
    expect(notAnObject.statusCode).toBe(400);
    for (const res of [short, notAnObject]) {
      const body = JSON.stringify(res.json());
      expect(body).not.toMatch(/Invalid input|expected|received/);
    }
    expect(notAnObject.json().errors[0]).toMatchObject({ code: 'invalidType', message: 'Некоректне значення' });

    const badId = await app.inject({ url: '/api/products/not-a-ref!' });
    expect(badId.json()).toMatchObject({ code: 'VALIDATION_ERROR', errors: [{ path: 'id', code: 'productNotFound' }] });
  } finally {
    await app.close();
    await drop();
  }
});
