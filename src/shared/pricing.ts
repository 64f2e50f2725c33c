/**
 * Money rules shared by the cart (browser) and orders (server), SPEC.md §9.
 * Amounts travel as UAH numbers with 2 decimals; inside, they are integer kopiykas so sums never drift.
 */

export const FREE_SHIPPING_ABOVE_MINOR = 100_00;
export const SHIPPING_FEE_MINOR = 10_00;
export const TAX_RATE_PERCENT = 15;

export const toMinor = (amount: number): number => Math.round(amount * 100);
export const fromMinor = (minor: number): number => minor / 100;

/** Price after a percentage discount, rounded to the kopiyka. */
export function discountedPriceMinor(priceMinor: number, discountPercent: number): number {
  return Math.round((priceMinor * (100 - discountPercent)) / 100);
}

export function discountedPrice(price: number, discountPercent: number): number {
  return fromMinor(discountedPriceMinor(toMinor(price), discountPercent));
}

export interface PricedLine {
  price: number; // UAH per unit, before discount
  discount: number; // percent
  qty: number;
}

export interface OrderPrices {
  itemsPrice: number;
  shippingPrice: number;
  taxPrice: number;
  totalPrice: number;
}

/** Items sum, shipping (free above 100), tax 15 % and total, each rounded to 2 decimals. */
export function computeOrderPrices(lines: readonly PricedLine[]): OrderPrices {
  const itemsMinor = lines.reduce(
    (sum, line) => sum + discountedPriceMinor(toMinor(line.price), line.discount) * line.qty,
    0,
  );
  const shippingMinor = itemsMinor > FREE_SHIPPING_ABOVE_MINOR ? 0 : SHIPPING_FEE_MINOR;
  const taxMinor = Math.round((itemsMinor * TAX_RATE_PERCENT) / 100);
  return {
    itemsPrice: fromMinor(itemsMinor),
    shippingPrice: fromMinor(shippingMinor),
    taxPrice: fromMinor(taxMinor),
    totalPrice: fromMinor(itemsMinor + shippingMinor + taxMinor),
  };
}
