import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { findPendingPayPalCaptures } from '../orders/index.js';
import { runPeriodically } from '../../periodic.js';
import type { Payments } from './service.js';

/** PayPal settles most held captures within hours; asking every five minutes is plenty. */
const EVERY_MS = 5 * 60_000;
const BATCH = 50;

/**
 * One round: every order whose PayPal capture is PENDING is asked about again (docs/payments.md).
 * One order failing to answer does not stop the others. Returns how many were paid and failed.
 */
export async function recheckPendingCaptures(db: Db, payments: Payments, log?: FastifyBaseLogger): Promise<{ paid: number; failed: number }> {
  const result = { paid: 0, failed: 0 };
  for (const { id } of await findPendingPayPalCaptures(db, BATCH)) {
    try {
      const outcome = await payments.recheckPayPalCapture(db, id);
      if (outcome === 'paid') result.paid++;
      if (outcome === 'failed') result.failed++;
    } catch (error) {
      log?.warn({ err: (error as Error).message, orderId: id }, 'PayPal capture check failed; next round asks again');
    }
  }
  return result;
}

/** Starts the rounds (none ask while PayPal is not set up); returns the stop function, which waits for a round in flight. */
export function startPendingCaptureChecks(db: Db, payments: Payments, log: FastifyBaseLogger): () => Promise<void> {
  const rounds = runPeriodically({
    name: 'pending PayPal capture check',
    everyMs: EVERY_MS,
    log,
    run: async () => {
      if (!payments.paypal.configured) return;
      const result = await recheckPendingCaptures(db, payments, log);
      if (result.paid || result.failed) log.info(result, 'pending PayPal captures settled');
    },
  });
  return rounds.stop;
}
