import { orderedParcelWeightKg } from '../../../shared/delivery.js';
import { lineOptionsText } from '../../../shared/line-options.js';
import { isCashOnDelivery, isPaid } from '../../../shared/order-status.js';
import type { PackingSlips } from '../../../shared/packing.js';
import { fromMinor } from '../../../shared/pricing.js';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { upstreamFetch } from '../../observability/upstream.js';
import { findIssuedSaleReceiptUrls } from '../fiscal/index.js';
import { findItemsOfOrders, findOrdersByIds } from '../orders/index.js';
import { getSettings } from '../settings/index.js';

/**
 * Packing slips and Nova Poshta's labels (docs/import-export.md, "Packing"): what goes in each parcel
 * and where it goes, for the admin to print; the carrier's label is fetched by the server, since its
 * printing address carries the shop's API key.
 */

export async function packingSlips(tx: Tx, ids: readonly string[], siteUrl: string): Promise<PackingSlips> {
  const rows = await findOrdersByIds(tx, ids);
  const missing = ids.find((id) => !rows.some((row) => row.id === id));
  if (missing) throw new AppError('ORDER_NOT_FOUND');
  const lines = await findItemsOfOrders(tx, ids);
  const receiptUrls = await findIssuedSaleReceiptUrls(tx, ids);
  const { shop } = await getSettings(tx);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return {
    shop: { name: shop.name, phone: shop.phone, email: shop.email, address: shop.address, site: siteUrl },
    slips: ids.map((id) => {
      const order = byId.get(id)!;
      const own = lines.filter((line) => line.orderId === id);
      return {
        id: order.id,
        number: order.number,
        createdAt: order.createdAt.toISOString(),
        status: order.status,
        recipientName: order.recipientName,
        recipientPhone: order.recipientPhone,
        city: order.cityName,
        delivery: order.deliveryKind,
        address:
          order.deliveryKind === 'door'
            ? [order.streetName, order.house && `буд. ${order.house}`, order.flat && `кв. ${order.flat}`].filter(Boolean).join(', ')
            : order.branchDescription,
        trackingNumber: order.trackingNumber,
        paymentMethodId: order.paymentMethodId,
        isPaid: isPaid(order),
        cashOnDelivery: isCashOnDelivery(order.paymentMethodId) && !isPaid(order),
        comment: order.comment,
        totalPrice: fromMinor(order.totalMinor),
        receiptUrl: receiptUrls.get(id) ?? null,
        lines: own.map((line) => ({
          name: line.name,
          label: line.label,
          sku: line.sku,
          qty: line.qty,
          options: lineOptionsText(line.options),
          price: fromMinor(line.priceMinor),
        })),
        weight: orderedParcelWeightKg(own),
      };
    }),
  };
}

const LABEL_TIMEOUT_MS = 20_000;

/**
 * Nova Poshta's 100×100 mm markings of these orders' waybills, one PDF (its documented printing
 * address `printMarking100x100/orders[]/{numbers}/type/pdf/apiKey/{key}`). Every order must have a
 * waybill; the key never leaves the server, not even in a log line.
 */
export async function waybillLabels(tx: Tx, ids: readonly string[], novaPoshta: { printUrl: string; apiKey: string | undefined }): Promise<Buffer> {
  if (!novaPoshta.apiKey) throw new AppError('NOVA_POSHTA_NOT_CONFIGURED');
  const rows = await findOrdersByIds(tx, ids);
  if (rows.length !== ids.length) throw new AppError('ORDER_NOT_FOUND');
  const without = rows.filter((row) => !row.trackingNumber);
  if (without.length) {
    throw new AppError('WAYBILL_MISSING', {
      orders: without.map((r) => r.number).join(', '),
    });
  }
  const numbers = ids.map((id) => rows.find((row) => row.id === id)!.trackingNumber!);
  const url = `${novaPoshta.printUrl}printMarking100x100/orders[]/${numbers.join(',')}/type/pdf/apiKey/${encodeURIComponent(novaPoshta.apiKey)}`;
  let bytes: Buffer;
  try {
    const response = await upstreamFetch('nova_poshta', url, { method: 'GET', headers: { accept: 'application/pdf' }, timeoutMs: LABEL_TIMEOUT_MS });
    bytes = Buffer.from(await response.arrayBuffer());
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
  } catch (error) {
    throw labelsUnavailable(`printMarking unreachable: ${(error as Error).name}`);
  }
  // Nova Poshta answers a refusal (a wrong key, someone else's waybill) with a page, not a PDF.
  if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw labelsUnavailable('printMarking answered no PDF');
  return bytes;
}

function labelsUnavailable(detail: string): AppError {
  const error = new AppError('WAYBILL_LABELS_UNAVAILABLE');
  error.cause = detail;
  return error;
}
