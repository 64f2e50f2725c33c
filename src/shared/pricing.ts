/**
 * Money rules shared by the cart (browser) and orders (server): docs/pricing.md.
 * Amounts travel as UAH numbers with 2 decimals; inside they are integer kopiykas so sums never drift.
 * The shop's settings say how delivery and tax are charged; the same function prices both sides.
 */

export const CURRENCY = 'UAH';

export const toMinor = (amount: number): number => Math.round(amount * 100);
export const fromMinor = (minor: number): number => minor / 100;

/** How the shop charges on top of its shelf prices (stored in the shop settings). */
export interface PricingRules {
  /** Added on top of the items; 0 means shelf prices are final (no tax row is shown). */
  taxRatePercent: number;
  /** Flat delivery fee in kopiykas; null: the shopper pays Nova Poshta's tariff on pickup. */
  shippingFeeMinor: number | null;
  /** Items sum (kopiykas) from which delivery is free; null: never free. */
  freeShippingFromMinor: number | null;
}

/** The same rules as the shop settings keep them: UAH amounts (docs/settings.md). */
export interface PricingSettings {
  taxRatePercent: number;
  shippingFee: number | null;
  freeShippingFrom: number | null;
}

export function pricingRulesOf(pricing: PricingSettings): PricingRules {
  return {
    taxRatePercent: pricing.taxRatePercent,
    shippingFeeMinor: pricing.shippingFee === null ? null : toMinor(pricing.shippingFee),
    freeShippingFromMinor: pricing.freeShippingFrom === null ? null : toMinor(pricing.freeShippingFrom),
  };
}

/** A Ukrainian shop's usual terms: final prices, Nova Poshta's tariff on pickup, free from 2 000 грн. */
export const DEFAULT_PRICING: PricingRules = { taxRatePercent: 0, shippingFeeMinor: null, freeShippingFromMinor: 2000_00 };

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

export interface OrderPricesMinor {
  itemsMinor: number;
  shippingMinor: number;
  taxMinor: number;
  totalMinor: number;
  /** Delivery is not in the total: the shopper pays the carrier's tariff on pickup. */
  shippingByCarrier: boolean;
}

export interface OrderPrices {
  itemsPrice: number;
  shippingPrice: number;
  taxPrice: number;
  totalPrice: number;
  shippingByCarrier: boolean;
}

/** Items (discount per unit, then × qty), delivery by the rules, tax on the items, all in kopiykas. */
export function priceOrderMinor(lines: readonly PricedLine[], rules: PricingRules): OrderPricesMinor {
  const itemsMinor = lines.reduce((sum, line) => sum + discountedPriceMinor(toMinor(line.price), line.discount) * line.qty, 0);
  const free = rules.freeShippingFromMinor !== null && itemsMinor >= rules.freeShippingFromMinor;
  const shippingByCarrier = !free && rules.shippingFeeMinor === null;
  const shippingMinor = free || shippingByCarrier ? 0 : rules.shippingFeeMinor!;
  const taxMinor = Math.round((itemsMinor * rules.taxRatePercent) / 100);
  return { itemsMinor, shippingMinor, taxMinor, totalMinor: itemsMinor + shippingMinor + taxMinor, shippingByCarrier };
}

/** The same prices as UAH numbers with 2 decimals, as the API and the screens carry them. */
export function computeOrderPrices(lines: readonly PricedLine[], rules: PricingRules): OrderPrices {
  const minor = priceOrderMinor(lines, rules);
  return {
    itemsPrice: fromMinor(minor.itemsMinor),
    shippingPrice: fromMinor(minor.shippingMinor),
    taxPrice: fromMinor(minor.taxMinor),
    totalPrice: fromMinor(minor.totalMinor),
    shippingByCarrier: minor.shippingByCarrier,
  };
}

/**
 * A UAH sum in US cents at a rate in UAH per dollar (PayPal takes no hryvnia). The rate has at most
 * four decimals (the NBU publishes four), so integer arithmetic keeps the result exact.
 */
export function uahMinorToUsdCents(uahMinor: number, uahPerUsd: number): number {
  const rate = Math.round(uahPerUsd * 10_000);
  if (!(rate > 0)) throw new RangeError('the exchange rate must be positive');
  return Math.round((uahMinor * 10_000) / rate);
}

const wholeUah = new Intl.NumberFormat('uk-UA', { minimumFractionDigits: 0, maximumFractionDigits: 2 });
const twoDecimals = new Intl.NumberFormat('uk-UA', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * Hryvnia, the one way the shop writes money (screens and e-mails): 1305 → "1 305 грн",
 * 12.5 → "12,50 грн" (kopiykas only when there are some; a no-break space before "грн").
 */
export const formatUah = (amount: number) => `${Number.isInteger(amount) ? wholeUah.format(amount) : twoDecimals.format(amount)}\u00a0грн`;

/** The same from kopiykas, as the server keeps money: 130500 → "1 305 грн" (e-mails, Telegram). */
export const formatUahMinor = (minor: number) => formatUah(fromMinor(minor));

/** A bare number the Ukrainian way, for prices followed by their unit: 1450 → "1 450", 12.5 → "12,5". */
export const formatAmount = (amount: number) => wholeUah.format(amount);

/** A real dollar charge (PayPal only): 36.42 → "$36,42". */
export const formatUsd = (amount: number) => `$${twoDecimals.format(amount)}`;

/** The NBU rate as shown beside a dollar charge: 41.2345 → "41,23". */
export const formatRate = (rate: number) => twoDecimals.format(rate);
