import { createHash } from 'node:crypto';
import type { OrderItemRow, OrderRow } from '../../db/schema.js';
import { paidForPiecesMinor } from '../../../shared/refunds.js';
import type { ReceiptBody, ReceiptGood } from './checkbox-client.js';

/**
 * What a receipt says (docs/fiscal.md). Goods are the order's lines at the unit price after the
 * pack's own discount; a promo code's share of a line goes to Checkbox as that good's discount
 * (`discounts: [{ type: "DISCOUNT", mode: "VALUE", value }]`, kopiykas off the line), so the receipt
 * shows the shelf price and the promo apart and still adds up to the money taken.
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
  const goods: ReceiptBody['goods'] = items.map((item) =>
    withPromoDiscount(
      { good: { code: goodCode(item), name: item.name, price: item.priceMinor }, quantity: item.qty * 1000 },
      item.discountMinor ?? 0,
      order.promoCode ?? null,
    ),
  );
  if (order.shippingMinor > 0) goods.push({ good: { code: DELIVERY_CODE, name: 'Доставка', price: order.shippingMinor }, quantity: 1000 });
  if (order.taxMinor > 0) goods.push({ good: { code: TAX_CODE, name: 'Податок', price: order.taxMinor }, quantity: 1000 });
  const totalMinor = sumOf(goods);
  if (totalMinor !== order.totalMinor) throw new Error(`order ${order.id}: receipt lines ${totalMinor} ≠ total ${order.totalMinor}`);
  return { body: withPayment(goods, totalMinor, email), totalMinor };
}

/**
 * A return of some of the lines (quantities in pieces), for a refund; `taken` pieces of each went
 * back before. Each good's discount is its pieces' share of the promo, as the refund counts it.
 */
export function returnReceiptBody(
  lines: { item: OrderItemRow; qty: number; taken?: number }[],
  email: string | null,
  promoCode: string | null = null,
): { body: ReceiptBody; totalMinor: number } {
  const goods: ReceiptBody['goods'] = lines.map(({ item, qty, taken = 0 }) => {
    const paid = paidForPiecesMinor({ id: item.id, qty: item.qty, priceMinor: item.priceMinor, discountMinor: item.discountMinor }, taken, qty);
    return withPromoDiscount(
      { good: { code: goodCode(item), name: item.name, price: item.priceMinor }, quantity: qty * 1000, is_return: true },
      item.priceMinor * qty - paid,
      promoCode,
    );
  });
  const totalMinor = sumOf(goods);
  return { body: withPayment(goods, totalMinor, email), totalMinor };
}

function withPromoDiscount(line: ReceiptGood, discountMinor: number, promoCode: string | null): ReceiptGood {
  if (discountMinor <= 0) return line;
  return { ...line, discounts: [{ type: 'DISCOUNT', mode: 'VALUE', value: discountMinor, name: promoCode ? `Промокод ${promoCode}` : 'Знижка' }] };
}

function withPayment(goods: ReceiptBody['goods'], totalMinor: number, email: string | null): ReceiptBody {
  return { goods, payments: [{ type: 'CASHLESS', value: totalMinor }], ...(email ? { delivery: { email } } : {}) };
}

/** Checkbox's sum of a receipt: price × quantity / 1000, less the line's discounts, line by line. */
export const sumOf = (goods: ReceiptBody['goods']) =>
  goods.reduce((sum, line) => sum + Math.round((line.good.price * line.quantity) / 1000) - (line.discounts ?? []).reduce((off, d) => off + d.value, 0), 0);

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
