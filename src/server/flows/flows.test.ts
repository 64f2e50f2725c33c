import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, test } from 'vitest';
import { DEFAULT_SETTINGS } from '../../shared/settings.js';
import { orders, promoCodes, promoCodeUses } from '../db/schema.js';
import { describeWithApp } from '../test/database.js';
import { useFakeNovaPoshta } from '../test/driver.js';
import { createProduct } from '../test/factories.js';
import { fakeRef } from '../test/fakes/nova-poshta.js';
import { ALL_METHODS_ENV } from '../test/payment-methods.js';
import { noticeSettingsOf } from '../features/notifications/index.js';
import { saveSettings } from '../features/settings/index.js';
import { expireUnpaidOrders } from './index.js';

const env: Record<string, string> = { ...ALL_METHODS_ENV };
const novaPoshta = useFakeNovaPoshta(env);

/** The shop's settings with a complete Nova Poshta sender, so waybills can be made. */
async function shopWithSender(app: FastifyInstance) {
  const refs = Object.fromEntries(['counterpartyRef', 'contactRef', 'cityRef', 'warehouseRef'].map((key) => [key, fakeRef(`flows:${key}`)]));
  await saveSettings(app.db, { ...DEFAULT_SETTINGS, novaPoshtaSender: { ...refs, contactName: 'Бондар Ірина', phone: '+380507654321' } as never });
}

/** A database that refuses one kind of write, as a full disk or a broken constraint would, for the length of `run`. */
async function whileRefusing<T>(app: FastifyInstance, table: string, when: string, run: () => Promise<T>): Promise<T> {
  await app.db.execute(
    sql.raw(`CREATE OR REPLACE FUNCTION flows_refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$`),
  );
  await app.db.execute(sql.raw(`CREATE TRIGGER flows_refuse BEFORE INSERT OR UPDATE ON ${table} FOR EACH ROW WHEN (${when}) EXECUTE FUNCTION flows_refuse()`));
  try {
    return await run();
  } finally {
    await app.db.execute(sql.raw(`DROP TRIGGER flows_refuse ON ${table}`));
  }
}

const promoCode = async (app: FastifyInstance) =>
  (
    await app.db
      .insert(promoCodes)
      .values({ code: `FLOW${Math.floor(Math.random() * 1e9)}`, kind: 'percent', percent: 10 })
      .returning()
  )[0];
const usedCountOf = async (app: FastifyInstance, id: string) => (await app.db.select().from(promoCodes).where(eq(promoCodes.id, id)))[0].usedCount;

describeWithApp(
  'flows and their undo steps',
  (ctx) => {
    test('ship-order: recording the waybill fails after Nova Poshta made it, so the waybill is deleted there and the order is unchanged', async () => {
      const { app, shop } = ctx();
      await shopWithSender(app);
      const admin = await shop.admin();
      const order = await shop.orderPlaced({ lines: [{ product: (await createProduct(app.db, { weight: 0.5 })).id, qty: 1 }] });
      const [before] = await app.db.select().from(orders).where(eq(orders.id, order.id));
      const made = novaPoshta().waybills.length;
      const callsBefore = novaPoshta().calls.length;

      const res = await whileRefusing(app, 'orders', 'NEW.tracking_number IS NOT NULL', () => shop.makeWaybill(order.id, admin));
      expect(res.status).toBeGreaterThanOrEqual(500);

      const calls = novaPoshta().calls.slice(callsBefore);
      expect(calls.filter((c) => c.method === 'InternetDocument.save')).toHaveLength(1);
      expect(calls.filter((c) => c.method === 'InternetDocument.delete')).toHaveLength(1);
      // The fake holds no waybill more than before: the one made is gone again.
      expect(novaPoshta().waybills).toHaveLength(made);
      const [after] = await app.db.select().from(orders).where(eq(orders.id, order.id));
      expect(after).toEqual(before);
    });

    test('place-order: a step failing after the stock was taken (the notices cannot be written) changes nothing', async () => {
      const { app, shop } = ctx();
      const product = await createProduct(app.db, { countInStock: 10 });
      const code = await promoCode(app);
      const customer = await shop.customer();
      const countOrders = async () => (await app.db.select().from(orders).where(eq(orders.userId, customer.user.id))).length;

      const refused = await whileRefusing(app, 'outbox_messages', 'true', () =>
        shop.placeOrder({ as: customer, lines: [{ product: product.id, qty: 3 }], extra: { promoCode: code.code } }),
      );
      expect(refused.status).toBeGreaterThanOrEqual(500);
      expect(await shop.stockOf(product.id)).toBe(10);
      expect(await usedCountOf(app, code.id)).toBe(0);
      expect(await app.db.select().from(promoCodeUses).where(eq(promoCodeUses.promoCodeId, code.id))).toEqual([]);
      expect(await countOrders()).toBe(0);

      // The same order once the database writes again: placed, stock and the code's use taken.
      await shop.orderPlaced({ as: customer, lines: [{ product: product.id, qty: 3 }], extra: { promoCode: code.code } });
      expect(await shop.stockOf(product.id)).toBe(7);
      expect(await usedCountOf(app, code.id)).toBe(1);
    });

    test('expire-unpaid: two instances expiring at once give back the stock and the promo code use exactly once', async () => {
      const { app, shop } = ctx();
      const product = await createProduct(app.db, { countInStock: 10 });
      const code = await promoCode(app);
      const order = await shop.orderPlaced({ lines: [{ product: product.id, qty: 4 }], paymentMethod: 'PayPal', extra: { promoCode: code.code } });
      expect(await shop.stockOf(product.id)).toBe(6);
      expect(await usedCountOf(app, code.id)).toBe(1);

      const context = { db: app.db, notices: noticeSettingsOf(app.config), log: app.log };
      const later = new Date(Date.now() + 24 * 60 * 60_000);
      // This block's only online order: the other tests pay on delivery, which does not expire so.
      const counts = await Promise.all([expireUnpaidOrders(context, 60_000, later), expireUnpaidOrders(context, 60_000, later)]);
      expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
      expect(await shop.statusOf(order.id)).toBe('cancelled');
      expect(await shop.stockOf(product.id)).toBe(10);
      expect(await usedCountOf(app, code.id)).toBe(0);
      expect(await expireUnpaidOrders(context, 60_000, later)).toBe(0);
      expect(await shop.stockOf(product.id)).toBe(10);
    });
  },
  { env },
);
