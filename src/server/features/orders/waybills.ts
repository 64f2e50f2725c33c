import { type NovaPoshtaConfig, type NovaPoshtaSettings, getTrackingStatus, type TrackingStatus } from '../delivery/index.js';
import { PARCEL_REFUSED_CODES } from '../../../shared/order-status.js';
import type { OrderRow } from '../../db/schema.js';
import { queueShopNotice } from '../notifications/index.js';
import { flagParcelRefused, updateOrder, type OrderWithItems } from './repository.js';
import type { LineOptions } from '../../../shared/line-options.js';
import type { OrdersContext } from './service.js';

/** A status read from Nova Poshta is shown this long before it is asked again (docs/orders.md). */
export const TRACKING_TTL_MS = 5 * 60_000;
/** The order page waits no longer than this for a status: it shows the number without one instead. */
export const TRACKING_TIMEOUT_MS = 1_500;

const PARCEL_DESCRIPTION = 'Товари для домашнього пивоваріння';

/** What the parcel holds, as the waybill says it: milled malt is named, so the branch handles it as such. */
export function parcelDescription(items: readonly { options: LineOptions }[]): string {
  return items.some((item) => item.options.milled) ? `${PARCEL_DESCRIPTION}; солод подрібнений` : PARCEL_DESCRIPTION;
}

/**
 * The order with its tracking status: from the order's own columns while fresh, else asked of
 * Nova Poshta once, briefly. Any failure keeps what was there: the page never fails for it.
 */
export async function withTracking(ctx: OrdersContext, novaPoshta: NovaPoshtaConfig, record: OrderWithItems, now = new Date()): Promise<OrderWithItems> {
  const { order } = record;
  if (!novaPoshta.apiKey || !order.trackingNumber || (order.status !== 'shipped' && order.status !== 'delivered')) return record;
  if (order.trackingCheckedAt && now.getTime() - order.trackingCheckedAt.getTime() < TRACKING_TTL_MS) return record;
  try {
    const statuses = await getTrackingStatus(novaPoshta as NovaPoshtaSettings, [{ number: order.trackingNumber, phone: order.recipientPhone }], {
      signal: AbortSignal.timeout(TRACKING_TIMEOUT_MS),
    });
    const found = statuses.get(order.trackingNumber);
    if (!found) return record;
    return { ...record, order: await applyTrackingStatus(ctx, order, found, now) };
  } catch {
    return record;
  }
}

/**
 * Keeps what Nova Poshta said of the parcel. A parcel refused or going back to the shop (its
 * refusal codes, PARCEL_REFUSED_CODES) flags the order "Відмова отримувача" once, and the shop is
 * told: the admin confirms the return when the parcel is back (docs/orders.md, "Returns").
 */
export async function applyTrackingStatus(ctx: OrdersContext, order: OrderRow, found: TrackingStatus, now = new Date()): Promise<OrderRow> {
  const refused = order.status === 'shipped' && PARCEL_REFUSED_CODES.includes(found.statusCode);
  if (!refused) return updateOrder(ctx.db, order.id, { trackingStatus: found.status, trackingCheckedAt: now });
  return ctx.db.transaction(async (tx) => {
    const flagged = await flagParcelRefused(tx, order.id, found.status, now);
    const changed = await updateOrder(tx, order.id, { trackingStatus: found.status, trackingCheckedAt: now });
    if (flagged) {
      await queueShopNotice(tx, ctx.notices, changed, {
        subject: `Відмова отримувача: замовлення №${order.number}, ТТН ${order.trackingNumber}`,
        lines: [
          `Нова пошта повідомляє про посилку замовлення №${order.number}: «${found.status}».`,
          'Коли посилка повернеться, підтвердіть повернення на сторінці замовлення: товар повернеться на склад.',
        ],
      });
    }
    return changed;
  });
}
