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
  /** The promo code applies to this line (docs/promo-codes.md); unset: it does when a code is given. */
  promo?: boolean;
}

/** What a promo code gives, as the pricing needs it (docs/promo-codes.md). */
export type PromoTerms = { kind: 'percent'; percent: number } | { kind: 'fixed'; amountMinor: number } | { kind: 'free_delivery' };

export interface OrderPricesMinor {
  itemsMinor: number;
  /** Taken off the items by a promo code; the total already has it off. */
  discountMinor: number;
  /** Each line's share of `discountMinor`, in the order of the lines given: receipts and refunds use it. */
  lineDiscountsMinor: number[];
  shippingMinor: number;
  taxMinor: number;
  totalMinor: number;
  /** Delivery is not in the total: the shopper pays the carrier's tariff on pickup. */
  shippingByCarrier: boolean;
}

export interface OrderPrices {
  itemsPrice: number;
  discountPrice: number;
  shippingPrice: number;
  taxPrice: number;
  totalPrice: number;
  shippingByCarrier: boolean;
}

/**
 * A promo discount shared among the lines it applies to, in proportion to what each costs, to the
 * kopiyka: the remainders go to the largest fractions (ties to the earlier line), so the shares add
 * up to the discount exactly and no line gives more than it costs.
 */
export function shareDiscountMinor(lineTotalsMinor: readonly number[], wantedMinor: number): number[] {
  const base = lineTotalsMinor.reduce((sum, total) => sum + total, 0);
  const discountMinor = Math.min(wantedMinor, base);
  if (discountMinor <= 0) return lineTotalsMinor.map(() => 0);
  // Integer quotients and remainders: no floating-point fraction can hand a kopiyka to the wrong line.
  const shares = lineTotalsMinor.map((total) => Math.floor((total * discountMinor) / base));
  const remainders = lineTotalsMinor.map((total, i) => total * discountMinor - shares[i] * base);
  let left = discountMinor - shares.reduce((sum, share) => sum + share, 0);
  const order = remainders.map((remainder, i) => ({ i, remainder })).sort((a, b) => b.remainder - a.remainder || a.i - b.i);
  for (const { i, remainder } of order) {
    if (left <= 0 || remainder <= 0) break;
    shares[i] += 1;
    left -= 1;
  }
  return shares;
}

/**
 * Items (discount per unit, then × qty), then a promo code's discount off the lines it applies to,
 * delivery by the rules, tax on what the items cost after the promo, all in kopiykas.
 * A percentage is of the applicable lines' sum, rounded once to the kopiyka; a fixed sum is never
 * more than those lines cost; free delivery is delivery on the shop, as above `freeShippingFrom`.
 */
export function priceOrderMinor(lines: readonly PricedLine[], rules: PricingRules, promo?: PromoTerms | null): OrderPricesMinor {
  const lineTotals = lines.map((line) => discountedPriceMinor(toMinor(line.price), line.discount) * line.qty);
  const itemsMinor = lineTotals.reduce((sum, total) => sum + total, 0);
  const applicable = lineTotals.map((total, i) => (promo && lines[i].promo !== false ? total : 0));
  const baseMinor = applicable.reduce((sum, total) => sum + total, 0);
  let discountMinor = 0;
  if (promo?.kind === 'percent') discountMinor = Math.round((baseMinor * promo.percent) / 100);
  else if (promo?.kind === 'fixed') discountMinor = Math.min(promo.amountMinor, baseMinor);
  const lineDiscountsMinor = shareDiscountMinor(applicable, discountMinor);
  const paidItemsMinor = itemsMinor - discountMinor;
  const free = promo?.kind === 'free_delivery' || (rules.freeShippingFromMinor !== null && paidItemsMinor >= rules.freeShippingFromMinor);
  const shippingByCarrier = !free && rules.shippingFeeMinor === null;
  const shippingMinor = free || shippingByCarrier ? 0 : rules.shippingFeeMinor!;
  const taxMinor = Math.round((paidItemsMinor * rules.taxRatePercent) / 100);
  return {
    itemsMinor,
    discountMinor,
    lineDiscountsMinor,
    shippingMinor,
    taxMinor,
    totalMinor: paidItemsMinor + shippingMinor + taxMinor,
    shippingByCarrier,
  };
}

/** The same prices as UAH numbers with 2 decimals, as the API and the screens carry them. */
export function computeOrderPrices(lines: readonly PricedLine[], rules: PricingRules, promo?: PromoTerms | null): OrderPrices {
  const minor = priceOrderMinor(lines, rules, promo);
  return {
    itemsPrice: fromMinor(minor.itemsMinor),
    discountPrice: fromMinor(minor.discountMinor),
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

const SEPARATORS = { uk: { group: '\u00a0', decimal: ',' }, en: { group: ',', decimal: '.' } };

/**
 * A number written as `Intl.NumberFormat` writes it for uk-UA (no-break spaces between thousands, a
 * decimal comma) or en-GB, half away from zero on the written decimal, without Intl: a browser's
 * first Intl formatter loads its locale data, 50–90 ms of a phone's first page
 * (docs/decisions/012-first-load.md). A sum that rounds to nothing has no minus.
 */
export function formatNumber(value: number, fractionDigits: { min: number; max: number } = { min: 0, max: 3 }, language: 'uk' | 'en' = 'uk'): string {
  if (!Number.isFinite(value)) return String(value);
  const [whole, fraction] = roundedDigits(Math.abs(value), fractionDigits.max);
  const shown = fraction.replace(/0+$/, '').padEnd(fractionDigits.min, '0');
  const { group, decimal } = SEPARATORS[language];
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  const sign = value < 0 && /[1-9]/.test(whole + shown) ? '-' : '';
  return `${sign}${grouped}${shown ? `${decimal}${shown}` : ''}`;
}

/** The digits of a non-negative number rounded to `places` decimals on its shortest written form ("1.005" → 1.01, as Intl does). */
function roundedDigits(value: number, places: number): [whole: string, fraction: string] {
  const [mantissa, exponent = '0'] = value.toExponential().split('e');
  const digits = mantissa.replace('.', '');
  // Where the decimal point falls in `digits`.
  const point = Number(exponent) + 1;
  const padded = point <= 0 ? '0'.repeat(1 - point) + digits : digits.padEnd(point, '0');
  const at = Math.max(point, 1);
  const kept = padded.slice(0, at + places).padEnd(at + places, '0');
  let rounded = BigInt(kept);
  if ((padded[at + places] ?? '0') >= '5') rounded += 1n;
  const text = rounded.toString().padStart(places + 1, '0');
  return [text.slice(0, text.length - places), text.slice(text.length - places)];
}

const UP_TO_TWO = { min: 0, max: 2 };
const TWO = { min: 2, max: 2 };

/**
 * Hryvnia, the one way the shop writes money (screens and e-mails): 1305 → "1 305 грн",
 * 12.5 → "12,50 грн" (kopiykas only when there are some; a no-break space before "грн").
 */
export const formatUah = (amount: number) => `${formatNumber(amount, Number.isInteger(amount) ? UP_TO_TWO : TWO)}\u00a0грн`;

/** The same from kopiykas, as the server keeps money: 130500 → "1 305 грн" (e-mails, Telegram). */
export const formatUahMinor = (minor: number) => formatUah(fromMinor(minor));

/** A bare number the Ukrainian way, for prices followed by their unit: 1450 → "1 450", 12.5 → "12,5". */
export const formatAmount = (amount: number) => formatNumber(amount, UP_TO_TWO);

/** A real dollar charge (PayPal only): 36.42 → "$36,42". */
export const formatUsd = (amount: number) => `$${formatNumber(amount, TWO)}`;

/** The NBU rate as shown beside a dollar charge: 41.2345 → "41,23". */
export const formatRate = (rate: number) => formatNumber(rate, TWO);
