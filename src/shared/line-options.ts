/**
 * Options of a cart or order line (docs/domain.md). Only one for now: malt milled by the shop
 * ("Подрібнити солод"). Milled and whole malt of the same pack are separate lines. Zod-free: the
 * product page, in the first load, uses it (the order payload's schema is in orders.ts).
 */
export interface LineOptions {
  milled?: true;
}

/**
 * Whether the shop mills this product for the shopper. One home for the rule: today every malt,
 * later a category attribute.
 */
export function isMillable(category: string): boolean {
  return category === 'Malt';
}

/** Options as stored and compared: `{}` or `{ milled: true }`, whatever the input held. */
export function normalizeLineOptions(options: { milled?: boolean } | null | undefined): LineOptions {
  return options?.milled ? { milled: true } : {};
}

/** One key per distinct line: the same pack with and without milling are two lines. */
export function lineKey(product: string, variant: string | null | undefined, options: LineOptions): string {
  return `${product}:${variant ?? ''}:${options.milled ? 'milled' : ''}`;
}

/** The options in words, for the order page, e-mails and the waybill ("подрібнити"). */
export function lineOptionsText(options: LineOptions): string | null {
  return options.milled ? 'подрібнити' : null;
}
