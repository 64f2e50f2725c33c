import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { noticeSettingsOf } from '../notifications/index.js';
import { expireUnconfirmedOrders, expireUnpaidOrders } from './service.js';

const EVERY_MS = 60_000;

/**
 * Once a minute, cancels online orders unpaid for UNPAID_ORDER_TTL_MINUTES and offline ones the shop
 * has not confirmed within UNCONFIRMED_ORDER_TTL_MINUTES (docs/orders.md). Returns the stop function.
 */
export function startUnpaidOrderExpiry(db: Db, config: Readonly<Config>, log: FastifyBaseLogger): () => void {
  const ctx = { db, notices: noticeSettingsOf(config, log) };
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    expireUnpaidOrders(ctx, config.unpaidOrderTtlMs)
      .then((count) => count > 0 && log.info({ count }, 'unpaid orders cancelled, stock returned'))
      .then(() => expireUnconfirmedOrders(ctx, config.unconfirmedOrderTtlMs))
      .then((count) => count > 0 && log.info({ count }, 'unconfirmed orders cancelled, stock returned'))
      .catch((error: Error) => log.warn({ err: error.message }, 'unpaid order expiry failed; next round in a minute'))
      .finally(() => {
        running = false;
      });
  }, EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
