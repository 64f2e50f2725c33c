/** How big one order may be; the cart clamps to the same limits (zod-free, for the first page load). */
export const MAX_ORDER_LINES = 100;
export const MAX_LINE_QTY = 1000;

/**
 * How much stock one unconfirmed order may hold (docs/orders.md, "Limits"): units per line and per
 * order, lower for guests than for signed-in customers, and a share of a product's stock above
 * which the shop wants to talk first. Kept in the shop's settings (settings.ts validates them).
 */
export interface OrderLimits {
  guestLineQty: number;
  guestOrderQty: number;
  customerLineQty: number;
  customerOrderQty: number;
  /** An order taking more than this share of a product's stock is refused with a request to call the shop. */
  maxStockSharePercent: number;
}

export const DEFAULT_ORDER_LIMITS: OrderLimits = {
  guestLineQty: 20,
  guestOrderQty: 100,
  customerLineQty: 50,
  customerOrderQty: 300,
  maxStockSharePercent: 50,
};

/** A line of at most this many units never needs the shop's word, whatever the stock (one keg of the last two). */
export const SMALL_LINE_QTY = 2;

export interface LimitedLine {
  name: string;
  qty: number;
  /** The product's stock before this order. */
  countInStock: number;
}

export type LimitBreach =
  | { code: 'ORDER_LINE_LIMIT'; params: { product: string; max: number } }
  | { code: 'ORDER_SIZE_LIMIT'; params: { max: number } }
  | { code: 'ORDER_NEEDS_CONFIRMATION'; params: { product: string } };

/** The first limit an order breaks, or null: lines first, then the whole order, then stock shares. */
export function orderLimitBreach(lines: readonly LimitedLine[], limits: OrderLimits, signedIn: boolean): LimitBreach | null {
  const lineMax = signedIn ? limits.customerLineQty : limits.guestLineQty;
  const orderMax = signedIn ? limits.customerOrderQty : limits.guestOrderQty;
  const long = lines.find((line) => line.qty > lineMax);
  if (long) return { code: 'ORDER_LINE_LIMIT', params: { product: long.name, max: lineMax } };
  if (lines.reduce((sum, line) => sum + line.qty, 0) > orderMax) return { code: 'ORDER_SIZE_LIMIT', params: { max: orderMax } };
  // More than the stock holds is OUT_OF_STOCK, the truer answer, from the stock update itself.
  const greedy = lines.find(
    (line) => line.qty > SMALL_LINE_QTY && line.qty <= line.countInStock && line.qty * 100 > line.countInStock * limits.maxStockSharePercent,
  );
  if (greedy) return { code: 'ORDER_NEEDS_CONFIRMATION', params: { product: greedy.name } };
  return null;
}
