import { fromMinor } from '../../../shared/pricing.js';
import { isCashOnDelivery } from '../../../shared/orders.js';
import { AppError } from '../../errors.js';
import { type NovaPoshtaConfig, type NovaPoshtaSettings, createWaybill, deleteWaybill, getTrackingStatus, type TrackingStatus } from '../delivery/index.js';
import { PARCEL_REFUSED_CODES } from '../../../shared/order-status.js';
import type { OrderRow } from '../../db/schema.js';
import { queueShopNotice } from '../notifications/index.js';
import { getSettings } from '../settings/index.js';
import { assertTransition } from './order-status.js';
import { findOrderById, findOrderItems, flagParcelRefused, updateOrder, type OrderWithItems } from './repository.js';
import { orderedParcelWeightKg } from '../../../shared/delivery.js';
import type { LineOptions } from '../../../shared/line-options.js';
import { shipOrder, type OrdersContext } from './service.js';

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
 * Admin: "Створити ТТН". Checks the order may ship, asks Nova Poshta for a waybill, then ships the
 * order under its number through the usual transition. Nova Poshta failing changes nothing here.
 */
export async function createOrderWaybill(ctx: OrdersContext, novaPoshta: NovaPoshtaConfig, id: string, now = new Date()): Promise<OrderWithItems> {
  const found = await findOrderById(ctx.db, id);
  if (!found) throw new AppError('ORDER_NOT_FOUND');
  const { order } = found;
  assertTransition(order, 'shipped');
  if (!novaPoshta.apiKey) {
    throw new AppError('NOVA_POSHTA_KEY_MISSING');
  }
  const sender = (await getSettings(ctx.db)).novaPoshtaSender;
  if (Object.values(sender).some((value) => !value)) {
    throw new AppError('NOVA_POSHTA_SENDER_MISSING');
  }
  const items = await findOrderItems(ctx.db, id);
  const weightKg = orderedParcelWeightKg(items);

  const waybill = await createWaybill(novaPoshta as NovaPoshtaSettings, {
    sender,
    recipient: {
      name: order.recipientName,
      phone: order.recipientPhone,
      cityRef: order.cityRef,
      warehouseRef: order.warehouseRef,
      cityName: order.cityName,
      branchDescription: order.branchDescription,
      door:
        order.deliveryKind === 'door'
          ? { street: order.streetName ?? '', house: order.house ?? '', flat: order.flat ?? '', area: order.settlementArea, region: order.settlementRegion }
          : null,
    },
    weightKg,
    totalUah: fromMinor(order.totalMinor),
    cashOnDelivery: isCashOnDelivery(order.paymentMethodId),
    description: parcelDescription(items),
    date: now,
  });
  try {
    return await shipOrder(ctx, id, waybill.number, waybill.ref);
  } catch (error) {
    // The order changed meanwhile (cancelled, or shipped by another admin's waybill): this waybill
    // is nobody's, so it goes back to Nova Poshta rather than wait at the branch for a parcel.
    await deleteWaybill(novaPoshta as NovaPoshtaSettings, waybill.ref).catch(async (deleteError: unknown) => {
      await queueShopNotice(ctx.db, ctx.notices, order, {
        subject: `Зайва ТТН ${waybill.number}: видаліть її в кабінеті Нової пошти`,
        lines: [
          `ТТН ${waybill.number} створено для замовлення №${order.number}, але замовлення тим часом змінилося, і вона не знадобиться.`,
          `Нова пошта не видалила її сама: ${deleteError instanceof Error ? deleteError.message : String(deleteError)}.`,
        ],
      });
    });
    throw error;
  }
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
