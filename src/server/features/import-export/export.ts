import { lineOptionsText } from '../../../shared/line-options.js';
import { isPaid } from '../../../shared/order-status.js';
import { fromMinor } from '../../../shared/pricing.js';
import { SHOP_TIME_ZONE } from '../../../shared/time-zone.js';
import type { Tx } from '../../db/client.js';
import { findIssuedSaleReceiptCodes } from '../fiscal/index.js';
import { findLinesInWrittenOrder, findPlacedOrderPage, type OrderKey } from '../orders/index.js';
import { findPackPage, type PackKey } from '../products/index.js';
import type { Cell } from './table-writers.js';

/**
 * The rows of the catalogue's and the orders' exports (docs/import-export.md), read a page at a time
 * by keyset, so an export of any size holds one page in memory and never a long-lived cursor. The
 * pages are read through the catalogue's, the orders' and the fiscal receipts' faces.
 */

export const EXPORT_PAGE_SIZE = 1000;

export const PRODUCT_EXPORT_HEADER = [
  'sku',
  'product',
  'name',
  'category',
  'producer',
  'attributes',
  'label',
  'price',
  'discount',
  'countInStock',
  'weight',
  'gtin',
  'status',
  'image',
] as const;

/** `key=value; key=value`, keys sorted: one cell a person can read and a program can split. */
function attributesCell(values: Record<string, unknown>): string {
  return Object.keys(values)
    .sort()
    .map((key) => `${key}=${String(values[key])}`)
    .join('; ');
}

const absolute = (siteUrl: string, path: string) => (/^https?:\/\//.test(path) ? path : `${siteUrl}${path}`);

/** Every active pack of every product (drafts and hidden ones too), grouped by product. */
export async function* productExportPages(tx: Tx, siteUrl: string, pageSize = EXPORT_PAGE_SIZE): AsyncGenerator<Cell[][]> {
  let after: PackKey | null = null;
  for (;;) {
    const rows = await findPackPage(tx, after, pageSize);
    if (rows.length === 0) return;
    yield rows.map((r) => [
      r.sku,
      r.slug,
      r.name,
      r.category,
      r.producer,
      attributesCell(r.attributes),
      r.label,
      fromMinor(r.priceMinor),
      r.discount,
      r.countInStock,
      r.weight,
      r.gtin,
      r.status,
      absolute(siteUrl, r.image),
    ]);
    if (rows.length < pageSize) return;
    const last = rows[rows.length - 1];
    after = { productId: last.productId, position: last.position, id: last.id };
  }
}

export const ORDER_EXPORT_HEADER = [
  'order',
  'date',
  'status',
  'customer',
  'email',
  'recipient',
  'phone',
  'city',
  'branch',
  'paymentMethod',
  'paid',
  'sku',
  'item',
  'label',
  'options',
  'qty',
  'price',
  'lineTotal',
  'itemsPrice',
  'shippingPrice',
  'totalPrice',
  'trackingNumber',
  'fiscalReceipt',
] as const;

const KYIV_TIME = new Intl.DateTimeFormat('sv-SE', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** "2026-11-27 19:05": the order's time on Kyiv's clock. */
export const kyivDateTime = (date: Date) => KYIV_TIME.format(date);

/** The instant a Kyiv day ("2026-03-29") begins, whatever daylight saving does that day. */
export function kyivDayStart(day: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  const utcMidnight = Date.UTC(y, m - 1, d);
  // Kyiv is UTC+2 or +3: read its clock near that midnight and step back by the difference.
  let guess = utcMidnight - 2 * 3600_000;
  for (let i = 0; i < 2; i++) {
    const [date, time] = kyivDateTime(new Date(guess)).split(' ');
    const [yy, mm, dd] = date.split('-').map(Number);
    const [hh, mi] = time.split(':').map(Number);
    guess -= Date.UTC(yy, mm - 1, dd, hh, mi) - utcMidnight;
  }
  return new Date(guess);
}

function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** One row per order line of the orders placed in the period (Kyiv days, both ends included), oldest first. */
export async function* orderExportPages(tx: Tx, period: { from?: string; to?: string }, pageSize = EXPORT_PAGE_SIZE): AsyncGenerator<Cell[][]> {
  const since = period.from ? kyivDayStart(period.from) : null;
  const until = period.to ? kyivDayStart(nextDay(period.to)) : null;
  let after: OrderKey | null = null;
  const orderPage = Math.max(1, Math.floor(pageSize / 4));
  for (;;) {
    const page = await findPlacedOrderPage(tx, since, until, after, orderPage);
    if (page.length === 0) return;
    const ids = page.map((p) => p.order.id);
    const lines = await findLinesInWrittenOrder(tx, ids);
    const receiptOf = await findIssuedSaleReceiptCodes(tx, ids);
    const linesOf = new Map<string, typeof lines>();
    for (const line of lines) linesOf.set(line.orderId, [...(linesOf.get(line.orderId) ?? []), line]);
    const rows: Cell[][] = [];
    for (const { order, userName, userEmail } of page) {
      const head: Cell[] = [
        order.number,
        kyivDateTime(order.createdAt),
        order.status,
        userName ?? 'гість',
        userEmail ?? order.guestEmail,
        order.recipientName,
        order.recipientPhone,
        order.cityName,
        order.deliveryKind === 'door' ? [order.streetName, order.house, order.flat].filter(Boolean).join(', ') : order.branchDescription,
        order.paymentMethodId,
        isPaid(order) ? 'так' : 'ні',
      ];
      const tail: Cell[] = [
        fromMinor(order.itemsMinor),
        fromMinor(order.shippingMinor),
        fromMinor(order.totalMinor),
        order.trackingNumber,
        receiptOf.get(order.id) ?? null,
      ];
      for (const line of linesOf.get(order.id) ?? []) {
        rows.push([
          ...head,
          line.sku,
          line.name,
          line.label,
          lineOptionsText(line.options),
          line.qty,
          fromMinor(line.priceMinor),
          fromMinor(line.priceMinor * line.qty),
          ...tail,
        ]);
      }
    }
    yield rows;
    if (page.length < orderPage) return;
    const last = page[page.length - 1];
    after = { createdAt: last.createdAtText, id: last.order.id };
  }
}
