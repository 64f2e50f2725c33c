import { randomBytes } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { describeWithApp } from '../../test/database.js';
import { TYPED_ADDRESS, type ShopDriver } from '../../test/driver.js';
import { createProduct } from '../../test/factories.js';
import { bodyHash, withKnownOutcome } from './idempotency.js';

/** Idempotent checkout (docs/orders.md, "Idempotency"). */

const key = () => randomBytes(16).toString('hex');

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
  const customerOrder = (shop: ShopDriver, cookie: string, idempotencyKey: string, product: string, qty = 1) =>
    shop.placeOrder({ as: cookie, lines: [{ product, qty }], headers: { 'idempotency-key': idempotencyKey } });
  // The same body every time: a key names one body.
  const guestOrder = (shop: ShopDriver, idempotencyKey: string | undefined, product: string, qty = 1) =>
    shop.placeOrder({
      as: 'guest',
      lines: [{ product, qty }],
      shippingAddress: TYPED_ADDRESS,
      email: 'guest@example.com',
      headers: idempotencyKey ? { 'idempotency-key': idempotencyKey } : {},
    });

  test('the same key with another body is refused with 422; with the same body it answers the one order', async () => {
    const { app, shop } = ctx();
    const product = await createProduct(app.db, { countInStock: 50 });
    const cookie = (await shop.customer()).cookie;
    const k = key();
    const first = await customerOrder(shop, cookie, k, product.id, 1);
    expect(first.status).toBe(201);
    const again = await customerOrder(shop, cookie, k, product.id, 1);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    const other = await customerOrder(shop, cookie, k, product.id, 3);
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
  });

  test('guest checkout honours the key: one order, the same link; another body is refused', async () => {
    const { app, shop } = ctx();
    const product = await createProduct(app.db, { countInStock: 50 });
    const k = key();
    const first = await guestOrder(shop, k, product.id);
    expect(first.status).toBe(201);
    const again = await guestOrder(shop, k, product.id);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: first.body.id, accessToken: first.body.accessToken });
    expect((await guestOrder(shop, k, product.id, 2)).body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    // A guest's key is also its secret: a short one is refused.
    expect((await guestOrder(shop, 'short-key-1', product.id)).body.code).toBe('BAD_IDEMPOTENCY_KEY');
    // Without a key, as before: a new order each time.
    expect((await guestOrder(shop, undefined, product.id)).status).toBe(201);
  });

  test('the client asks by key whether its order exists: its owner only', async () => {
    const { app, shop } = ctx();
    const product = await createProduct(app.db, { countInStock: 50 });
    const owner = (await shop.customer()).cookie;
    const stranger = (await shop.customer()).cookie;
    const k = key();
    expect((await app.inject({ url: `/api/orders/by-key/${k}`, headers: { cookie: owner } })).statusCode).toBe(404);
    const placed = (await customerOrder(shop, owner, k, product.id)).body;
    const mine = await app.inject({ url: `/api/orders/by-key/${k}`, headers: { cookie: owner } });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().id).toBe(placed.id);
    expect(mine.headers['cache-control']).toBe('no-store');
    expect((await app.inject({ url: `/api/orders/by-key/${k}`, headers: { cookie: stranger } })).json().code).toBe('ORDER_NOT_FOUND');
    expect((await app.inject({ url: `/api/orders/by-key/${k}` })).statusCode).toBe(404);

    const g = key();
    const guest = (await guestOrder(shop, g, product.id)).body;
    const found = await app.inject({ url: `/api/orders/by-key/${g}` });
    expect(found.json()).toMatchObject({ id: guest.id, accessToken: guest.accessToken });
    expect((await app.inject({ url: `/api/orders/guest/${found.json().accessToken}` })).json().id).toBe(guest.id);
    // A customer's session does not open a guest's key.
    expect((await app.inject({ url: `/api/orders/by-key/${g}`, headers: { cookie: stranger } })).statusCode).toBe(404);
  });
});
