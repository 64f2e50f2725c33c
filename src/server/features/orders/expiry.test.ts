import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { outboxMessages } from '../../db/schema.js';
import { describeWithApp } from '../../test/database.js';
import { ALL_METHODS_ENV, useShopSettings } from '../../test/payment-methods.js';
import { createProduct } from '../../test/factories.js';
import { noticeSettingsOf } from '../notifications/index.js';
import { expireUnpaidOrders } from '../../flows/index.js';

const TTL = 30 * 60_000;

describeWithApp(
  'unpaid order expiry',
  (ctx) => {
    useShopSettings(ctx);
    test('online orders unpaid past the TTL are cancelled with their stock back; paid and offline ones stay', async () => {
      const { app, shop } = ctx();
      const context = { db: app.db, notices: noticeSettingsOf(app.config) };
      const product = await createProduct(app.db, { countInStock: 20 });
      const shopper = await shop.customer();
      const place = (paymentMethod: string) => shop.orderPlaced({ as: shopper, lines: [{ product: product.id, qty: 2 }], paymentMethod });
      const unpaid = await place('PayPal');
      const paid = await place('PayPal');
      await app.inject({ method: 'PUT', url: `/api/orders/${paid.id}/pay`, headers: { cookie: shopper.cookie }, payload: { test: true } });
      const transfer = await place('PrivatBank');
      const cashOnDelivery = await place('NovaPoshta');
      expect(await shop.stockOf(product.id)).toBe(12);

      // Not old enough yet.
      expect(await expireUnpaidOrders(context, TTL)).toBe(0);
      const later = new Date(Date.now() + TTL + 60_000);
      // Two instances at once: the order is cancelled, and its stock returned, once.
      const counts = await Promise.all([expireUnpaidOrders(context, TTL, later), expireUnpaidOrders(context, TTL, later)]);
      expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
      expect(await shop.statusOf(unpaid.id)).toBe('cancelled');
      expect(await shop.stockOf(product.id)).toBe(14);
      expect(await shop.statusOf(paid.id)).toBe('paid');
      expect(await shop.statusOf(transfer.id)).toBe('pending');
      expect(await shop.statusOf(cashOnDelivery.id)).toBe('pending');
      expect(await expireUnpaidOrders(context, TTL, later)).toBe(0);

      const notices = await app.db.select().from(outboxMessages).where(eq(outboxMessages.orderId, unpaid.id));
      expect(notices.map((n) => n.subject)).toContain(`Замовлення №${unpaid.number} скасовано — Хмільна крамниця`);
    });
  },
  { env: ALL_METHODS_ENV },
);
