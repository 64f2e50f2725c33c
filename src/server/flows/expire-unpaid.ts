import type { FastifyBaseLogger } from 'fastify';
import { isOfflineMethod, PAYMENT_METHODS } from '../../shared/orders.js';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { OrderRow } from '../db/schema.js';
import { AppError } from '../errors.js';
import { noticeSettingsOf } from '../features/notifications/index.js';
import { cancelExpiredOrder, findExpiredOrderIds } from '../features/orders/index.js';
import type { FlowContext } from './context.js';
import { runPeriodically } from '../periodic.js';
import { defineFlow, runFlow } from './steps.js';

/**
 * Expire one order (docs/orders.md, "Expiry"): cancelled with its stock and its promo code's use
 * back, the shopper told, all in one transaction under the order's row lock, so two instances
 * expiring it at once give them back once. Its rollback is its undo. No provider holds anything
 * of an unpaid order: a payment that lands after it is given back by the pay-order flow.
 */
const expireOrder = (ctx: FlowContext, guard?: (order: OrderRow) => void) =>
  defineFlow<{ id: string }>('expire-unpaid', [
    {
      name: 'cancelled, stock and promo code use back, shopper told',
      run: async ({ id }) => {
        await cancelExpiredOrder(ctx, id, guard);
      },
    },
  ]);

/**
 * Cancels online-paid orders (PayPal, card, LiqPay) left unpaid longer than `ttlMs`, returning
 * their stock, with the shopper told. Offline methods wait for the admin. Safe on several
 * instances at once: each cancel locks its order and re-checks it is still pending.
 */
export async function expireUnpaidOrders(ctx: FlowContext, ttlMs: number, now = new Date()): Promise<number> {
  const online = PAYMENT_METHODS.filter((method) => !isOfflineMethod(method));
  return cancelExpired(ctx, await findExpiredOrderIds(ctx.db, online, new Date(now.getTime() - ttlMs), EXPIRY_BATCH));
}

/**
 * Cancels cash-on-delivery and transfer orders the shop has not confirmed ("Підтвердити
 * замовлення", a payment or a shipment) within `ttlMs`, returning their stock, with the shopper
 * told: nobody holds the shop's stock indefinitely by placing orders nobody answers for.
 */
export async function expireUnconfirmedOrders(ctx: FlowContext, ttlMs: number, now = new Date()): Promise<number> {
  const offline = PAYMENT_METHODS.filter((method) => isOfflineMethod(method));
  const ids = await findExpiredOrderIds(ctx.db, offline, new Date(now.getTime() - ttlMs), EXPIRY_BATCH, true);
  // Confirmed by the admin a moment ago: the locked row says so, and the order stays.
  return cancelExpired(ctx, ids, (order) => {
    if (order.confirmedAt) throw new AppError('ORDER_CONFIRMED');
  });
}

async function cancelExpired(ctx: FlowContext, ids: string[], guard?: (order: OrderRow) => void): Promise<number> {
  let cancelled = 0;
  for (const id of ids) {
    try {
      await runFlow(expireOrder(ctx, guard), { id }, ctx.log);
      cancelled++;
    } catch (error) {
      // Paid or cancelled meanwhile (here or on another instance): nothing to do.
      if (!(error instanceof AppError && error.statusCode === 409)) throw error;
    }
  }
  return cancelled;
}

const EXPIRY_BATCH = 100;

const EVERY_MS = 60_000;

/**
 * Once a minute, cancels online orders unpaid for UNPAID_ORDER_TTL_MINUTES and offline ones the shop
 * has not confirmed within UNCONFIRMED_ORDER_TTL_MINUTES (docs/orders.md). Returns the stop function.
 */
export function startUnpaidOrderExpiry(db: Db, config: Readonly<Config>, log: FastifyBaseLogger): () => Promise<void> {
  const ctx = { db, notices: noticeSettingsOf(config, log), log };
  const expiry = runPeriodically({
    name: 'unpaid order expiry',
    everyMs: EVERY_MS,
    log,
    run: async () => {
      const unpaid = await expireUnpaidOrders(ctx, config.unpaidOrderTtlMs);
      if (unpaid > 0) log.info({ count: unpaid }, 'unpaid orders cancelled, stock returned');
      const unconfirmed = await expireUnconfirmedOrders(ctx, config.unconfirmedOrderTtlMs);
      if (unconfirmed > 0) log.info({ count: unconfirmed }, 'unconfirmed orders cancelled, stock returned');
    },
  });
  return expiry.stop;
}
