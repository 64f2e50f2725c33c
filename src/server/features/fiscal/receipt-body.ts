import { createHash } from 'node:crypto';
import type { OrderItemRow, OrderRow } from '../../db/schema.js';
import type { ReceiptBody } from './checkbox-client.js';

/**
 * What a receipt says (docs/fiscal.md). Goods are the order's lines at the price the shopper paid:
 * the line price is already discounted when the order is placed, so no `discounts` go to Checkbox.
 * Delivery and the shop's tax, when the order carries them, are lines of their own, so the goods
 * always add up to the money taken. Every method the shop takes is CASHLESS for its cash register:
 * cards and PayPal, transfers, and cash on delivery too, which Nova Poshta collects and transfers.
 */

/** An order line's code: its variant's SKU once lines carry one, else the product's id. */
export function goodCode(item: OrderItemRow): string {
  const sku = (item as OrderItemRow & { sku?: string | null }).sku;
  return sku || item.productId || item.id;
}

export const DELIVERY_CODE = 'delivery';
export const TAX_CODE = 'tax';

export function sellReceiptBody(order: OrderRow, items: OrderItemRow[], email: string | null): { body: ReceiptBody; totalMinor: number } {
  const goods: ReceiptBody['goods'] = items.map((item) => ({
    good: { code: goodCode(item), name: item.name, price: item.priceMinor },
    quantity: item.qty * 1000,
  }));
  if (order.shippingMinor > 0) goods.push({ good: { code: DELIVERY_CODE, name: 'Доставка', price: order.shippingMinor }, quantity: 1000 });
  if (order.taxMinor > 0) goods.push({ good: { code: TAX_CODE, name: 'Податок', price: order.taxMinor }, quantity: 1000 });
  const totalMinor = sumOf(goods);
  if (totalMinor !== order.totalMinor) throw new Error(`order ${order.id}: receipt lines ${totalMinor} ≠ total ${order.totalMinor}`);
  return { body: withPayment(goods, totalMinor, email), totalMinor };
}

/** A return of some of the lines (quantities in pieces), for a refund. */
export function returnReceiptBody(lines: { item: OrderItemRow; qty: number }[], email: string | null): { body: ReceiptBody; totalMinor: number } {
  const goods: ReceiptBody['goods'] = lines.map(({ item, qty }) => ({
    good: { code: goodCode(item), name: item.name, price: item.priceMinor },
    quantity: qty * 1000,
    is_return: true,
  }));
  const totalMinor = sumOf(goods);
  return { body: withPayment(goods, totalMinor, email), totalMinor };
}

function withPayment(goods: ReceiptBody['goods'], totalMinor: number, email: string | null): ReceiptBody {
  return { goods, payments: [{ type: 'CASHLESS', value: totalMinor }], ...(email ? { delivery: { email } } : {}) };
}

/** Checkbox's sum of a receipt: price × quantity / 1000, line by line. */
export const sumOf = (goods: ReceiptBody['goods']) => goods.reduce((sum, line) => sum + Math.round((line.good.price * line.quantity) / 1000), 0);

/**
 * The receipt's id at Checkbox, derived from what it is for: the same payment always gets the same
 * id, so a retry (or a second worker) can never issue a second receipt for it.
 */
export function receiptIdFor(key: string): string {
  const hex = createHash('sha256').update(`fiscal-receipt:${key}`).digest('hex');
  // Shaped as a version-5-style UUID: version nibble 5, variant bits 10.
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
