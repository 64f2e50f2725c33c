import { fromMinor } from '../../shared/pricing.js';
import { isCashOnDelivery } from '../../shared/orders.js';
import { orderedParcelWeightKg } from '../../shared/delivery.js';
import type { OrderRow } from '../db/schema.js';
import { AppError } from '../errors.js';
import { type NovaPoshtaConfig, type NovaPoshtaSettings, createWaybill, deleteWaybill } from '../features/delivery/index.js';
import { queueShopNotice } from '../features/notifications/index.js';
import { assertTransition, findOrderItems, findOrderRow, parcelDescription, shipOrder, type OrderWithItems } from '../features/orders/index.js';
import { getSettings } from '../features/settings/index.js';
import type { FlowContext } from './context.js';
import { defineFlow, runFlow } from './steps.js';

interface Shipping {
  order: OrderRow;
  waybill?: { number: string; ref: string };
  shipped?: OrderWithItems;
}

/**
 * Ship with a waybill (docs/orders.md, "Waybills"): the waybill made at Nova Poshta, then recorded
 * on the order, which ships under its number; the customer is told in the recording's own
 * transaction (the 'shipped' notices). Recording failing (the order cancelled or shipped by another
 * admin meanwhile, the database down) deletes the waybill at Nova Poshta: it is nobody's, and
 * would wait at the branch for a parcel that never comes.
 */
function shipOrderFlow(ctx: FlowContext, novaPoshta: NovaPoshtaSettings, fields: Omit<Parameters<typeof createWaybill>[1], 'date'>, now: Date) {
  return defineFlow<Shipping>('ship-order', [
    {
      name: 'waybill made at Nova Poshta',
      run: async (state) => {
        state.waybill = await createWaybill(novaPoshta, { ...fields, date: now });
      },
      undo: async ({ order, waybill }) => {
        await deleteWaybill(novaPoshta, waybill!.ref).catch(async (deleteError: unknown) => {
          // Left at Nova Poshta: the shop hears of it, to delete it by hand, and the log keeps why.
          await queueShopNotice(ctx.db, ctx.notices, order, {
            subject: `Зайва ТТН ${waybill!.number}: видаліть її в кабінеті Нової пошти`,
            lines: [
              `ТТН ${waybill!.number} створено для замовлення №${order.number}, але замовлення тим часом змінилося, і вона не знадобиться.`,
              `Нова пошта не видалила її сама: ${deleteError instanceof Error ? deleteError.message : String(deleteError)}.`,
            ],
          });
          throw deleteError;
        });
      },
    },
    {
      // One transaction (status, number, the customer's notices): its rollback is its undo.
      name: 'waybill recorded on the order, customer told',
      run: async (state) => {
        state.shipped = await shipOrder(ctx, state.order.id, state.waybill!.number, state.waybill!.ref);
      },
    },
  ]);
}

/**
 * Admin: "Створити ТТН". Checks the order may ship, asks Nova Poshta for a waybill, then ships the
 * order under its number through the usual transition. Nova Poshta failing changes nothing here.
 */
export async function createOrderWaybill(ctx: FlowContext, novaPoshta: NovaPoshtaConfig, id: string, now = new Date()): Promise<OrderWithItems> {
  const order = await findOrderRow(ctx.db, id);
  if (!order) throw new AppError('ORDER_NOT_FOUND');
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

  const fields = {
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
  };
  const { shipped } = await runFlow(shipOrderFlow(ctx, novaPoshta as NovaPoshtaSettings, fields, now), { order }, ctx.log);
  return shipped!;
}
