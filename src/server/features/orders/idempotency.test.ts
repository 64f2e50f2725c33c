import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { describe, expect, test } from 'vitest';
import { describeWithApp } from '../../test/database.js';
import { createProduct, createUser, sessionCookie } from '../../test/factories.js';
import { bodyHash, withKnownOutcome } from './idempotency.js';

/** Idempotent checkout (docs/orders.md, "Idempotency"). */

const ADDRESS = { address: 'Марко Вовчок', city: 'Київ', phoneNumber: '+380501234567', country: 'Відділення №2' };
const key = () => randomBytes(16).toString('hex');
let lastIp = 0;
const freshIp = () => `10.55.${Math.floor(++lastIp / 250)}.${lastIp % 250}`;

describe('the body hash and the commit point', () => {
  test('the hash ignores key order and absent fields, not values', () => {
    expect(bodyHash({ a: 1, b: [{ x: 1, y: 2 }] })).toBe(bodyHash({ b: [{ y: 2, x: 1 }], a: 1, c: undefined }));
    expect(bodyHash({ a: 1 })).not.toBe(bodyHash({ a: 2 }));
  });

  test('a lost connection at COMMIT is an unknown outcome, never "nothing changed"', async () => {
    const lost = Object.assign(new Error('Connection terminated unexpectedly'), { code: '57P01' });
    await expect(withKnownOutcome(async () => Promise.reject(lost))).rejects.toBe(lost);
    await expect(
      withKnownOutcome(async (committing) => {
        committing();
        throw lost;
      }),
    ).rejects.toMatchObject({ statusCode: 503, code: 'ORDER_OUTCOME_UNKNOWN' });
  });
});

describeWithApp('idempotent checkout', (ctx) => {
  const customerOrder = (app: FastifyInstance, cookie: string | undefined, idempotencyKey: string, product: string, qty = 1) =>
    app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { ...(cookie ? { cookie } : {}), 'idempotency-key': idempotencyKey },
      payload: { orderItems: [{ product, qty }], shippingAddress: ADDRESS, paymentMethod: 'NovaPoshta' },
    });
  const guestOrder = (app: FastifyInstance, idempotencyKey: string | undefined, product: string, qty = 1) =>
    app.inject({
      method: 'POST',
      url: '/api/orders/guest',
      remoteAddress: freshIp(),
      headers: idempotencyKey ? { 'idempotency-key': idempotencyKey } : {},
      payload: { orderItems: [{ product, qty }], shippingAddress: ADDRESS, paymentMethod: 'NovaPoshta', email: 'guest@example.com' },
    });

  test('the same key with another body is refused with 422; with the same body it answers the one order', async () => {
    const { app } = ctx();
    const product = await createProduct(app.db, { countInStock: 50 });
    const cookie = await sessionCookie(await createUser(app.db), app.config.jwtSecret);
    const k = key();
    const first = await customerOrder(app, cookie, k, product.id, 1);
    expect(first.statusCode).toBe(201);
    const again = await customerOrder(app, cookie, k, product.id, 1);
    expect(again.statusCode).toBe(200);
    expect(again.json()._id).toBe(first.json()._id);
    const other = await customerOrder(app, cookie, k, product.id, 3);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
  });

  test('guest checkout honours the key: one order, the same link; another body is refused', async () => {
    const { app } = ctx();
    const product = await createProduct(app.db, { countInStock: 50 });
    const k = key();
    const first = await guestOrder(app, k, product.id);
    expect(first.statusCode).toBe(201);
    const again = await guestOrder(app, k, product.id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ _id: first.json()._id, accessToken: first.json().accessToken });
    expect((await guestOrder(app, k, product.id, 2)).json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    // A guest's key is also its secret: a short one is refused.
    expect((await guestOrder(app, 'short-key-1', product.id)).json().code).toBe('BAD_IDEMPOTENCY_KEY');
    // Without a key, as before: a new order each time.
    expect((await guestOrder(app, undefined, product.id)).statusCode).toBe(201);
  });

  test('the client asks by key whether its order exists: its owner only', async () => {
    const { app } = ctx();
    const product = await createProduct(app.db, { countInStock: 50 });
    const owner = await sessionCookie(await createUser(app.db), app.config.jwtSecret);
    const stranger = await sessionCookie(await createUser(app.db), app.config.jwtSecret);
    const k = key();
    expect((await app.inject({ url: `/api/orders/by-key/${k}`, headers: { cookie: owner } })).statusCode).toBe(404);
    const placed = (await customerOrder(app, owner, k, product.id)).json();
    const mine = await app.inject({ url: `/api/orders/by-key/${k}`, headers: { cookie: owner } });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()._id).toBe(placed._id);
    expect(mine.headers['cache-control']).toBe('no-store');
    expect((await app.inject({ url: `/api/orders/by-key/${k}`, headers: { cookie: stranger } })).json().code).toBe('ORDER_NOT_FOUND');
    expect((await app.inject({ url: `/api/orders/by-key/${k}` })).statusCode).toBe(404);

    const g = key();
    const guest = (await guestOrder(app, g, product.id)).json();
    const found = await app.inject({ url: `/api/orders/by-key/${g}` });
    expect(found.json()).toMatchObject({ _id: guest._id, accessToken: guest.accessToken });
    expect((await app.inject({ url: `/api/orders/guest/${found.json().accessToken}` })).json()._id).toBe(guest._id);
    // A customer's session does not open a guest's key.
    expect((await app.inject({ url: `/api/orders/by-key/${g}`, headers: { cookie: stranger } })).statusCode).toBe(404);
  });
});
