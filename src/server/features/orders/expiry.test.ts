import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, test } from 'vitest';
import type { Order } from '../../../shared/orders.js';
import { orders, outboxMessages, products } from '../../db/schema.js';
import { describeWithApp } from '../../test/database.js';
import { ALL_METHODS_ENV, useShopSettings } from '../../test/payment-methods.js';
import { createProduct, createUser, sessionCookie } from '../../test/factories.js';
import { noticeSettingsOf } from '../notifications/index.js';
import { expireUnpaidOrders } from './service.js';

const ADDRESS = { address: 'Іван Котляревський', city: 'Полтава', phoneNumber: '+380501234567', country: 'Відділення №4' };
const TTL = 30 * 60_000;

async function place(app: FastifyInstance, cookie: string, productId: string, paymentMethod: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { cookie },
    payload: { orderItems: [{ product: productId, qty: 2 }], shippingAddress: ADDRESS, paymentMethod },
  });
  expect(res.statusCode).toBe(201);
  return res.json() as Order;
}

const statusOf = async (app: FastifyInstance, id: string) => (await app.db.select({ s: orders.status }).from(orders).where(eq(orders.id, id)))[0].s;
const stockOf = async (app: FastifyInstance, id: string) => (await app.db.select({ n: products.countInStock }).from(products).where(eq(products.id, id)))[0].n;

describeWithApp(
  'unpaid order expiry',
  (ctx) => {
    useShopSettings(ctx);
    test('online orders unpaid past the TTL are cancelled with their stock back; paid and offline ones stay', async () => {
      const { app } = ctx();
      const context = { db: app.db, notices: noticeSettingsOf(app.config) };
      const product = await createProduct(app.db, { countInStock: 20 });
      const shopper = await createUser(app.db);
      const cookie = await sessionCookie(shopper, app.config.jwtSecret);
      const unpaid = await place(app, cookie, product.id, 'PayPal');
      const paid = await place(app, cookie, product.id, 'PayPal');
      await app.inject({ method: 'PUT', url: `/api/orders/${paid._id}/pay`, headers: { cookie }, payload: { test: true } });
      const transfer = await place(app, cookie, product.id, 'PrivatBank');
      const cashOnDelivery = await place(app, cookie, product.id, 'NovaPoshta');
      expect(await stockOf(app, product.id)).toBe(12);

      // Not old enough yet.
      expect(await expireUnpaidOrders(context, TTL)).toBe(0);
      const later = new Date(Date.now() + TTL + 60_000);
      // Two instances at once: the order is cancelled, and its stock returned, once.
      const counts = await Promise.all([expireUnpaidOrders(context, TTL, later), expireUnpaidOrders(context, TTL, later)]);
      expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
      expect(await statusOf(app, unpaid._id)).toBe('cancelled');
      expect(await stockOf(app, product.id)).toBe(14);
      expect(await statusOf(app, paid._id)).toBe('paid');
      expect(await statusOf(app, transfer._id)).toBe('pending');
      expect(await statusOf(app, cashOnDelivery._id)).toBe('pending');
      expect(await expireUnpaidOrders(context, TTL, later)).toBe(0);

      const notices = await app.db.select().from(outboxMessages).where(eq(outboxMessages.orderId, unpaid._id));
      expect(notices.map((n) => n.subject)).toContain(`Замовлення №${unpaid.number} скасовано — Хмільна крамниця`);
    });
  },
  { env: ALL_METHODS_ENV },
);
