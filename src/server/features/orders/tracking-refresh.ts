import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { getTrackingStatus, type NovaPoshtaConfig, type NovaPoshtaSettings } from '../delivery/index.js';
import { noticeSettingsOf } from '../notifications/index.js';
import { claimParcelsToTrack } from './repository.js';
import type { OrdersContext } from './service.js';
import { runPeriodically } from '../../periodic.js';
import { applyTrackingStatus } from './waybills.js';

/** A round every 15 minutes asks about parcels not checked for 30 (docs/orders.md, "Nova Poshta waybill and tracking"). */
const EVERY_MS = 15 * 60_000;
export const TRACKING_REFRESH_AGE_MS = 30 * 60_000;
/** getStatusDocuments takes up to 100 waybills a call. */
const BATCH = 100;

/**
 * One round: shipped parcels due for a check are claimed (SKIP LOCKED: several instances never take
 * the same ones), asked of Nova Poshta in one call, and their statuses kept; a refusal flags the
 * order for the admin. Returns how many were checked and how many newly flagged.
 */
export async function refreshTracking(ctx: OrdersContext, novaPoshta: NovaPoshtaConfig, now = new Date()): Promise<{ checked: number; refused: number }> {
  if (!novaPoshta.apiKey) return { checked: 0, refused: 0 };
  const claimed = await ctx.db.transaction((tx) => claimParcelsToTrack(tx, new Date(now.getTime() - TRACKING_REFRESH_AGE_MS), now, BATCH));
  if (claimed.length === 0) return { checked: 0, refused: 0 };
  const statuses = await getTrackingStatus(
    novaPoshta as NovaPoshtaSettings,
    claimed.map((order) => ({ number: order.trackingNumber!, phone: order.recipientPhone })),
  );
  let checked = 0;
  let refused = 0;
  for (const order of claimed) {
    const found = statuses.get(order.trackingNumber!);
    if (!found) continue;
    const changed = await applyTrackingStatus(ctx, order, found, now);
    checked++;
    if (changed.parcelRefusedAt && !order.parcelRefusedAt) refused++;
  }
  return { checked, refused };
}

/** Starts the rounds in this instance (none ask without a Nova Poshta key); returns the stop function, which waits for a round in flight. */
export function startTrackingRefresh(db: Db, config: Readonly<Config>, log: FastifyBaseLogger): () => Promise<void> {
  const ctx = { db, notices: noticeSettingsOf(config, log) };
  const rounds = runPeriodically({
    name: 'tracking refresh',
    everyMs: EVERY_MS,
    log,
    run: async () => {
      if (!config.novaPoshta.apiKey) return;
      const result = await refreshTracking(ctx, config.novaPoshta);
      if (result.refused > 0) log.info(result, 'parcels refused by their recipients flagged');
    },
  });
  return rounds.stop;
}
