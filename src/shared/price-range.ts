/**
 * A listing's price filter `price=100-500` (docs/api.md): hryvnia on a pack's price after its
 * discount, either end may be left out (`100-`, `-500`; `100..500` reads the same), a decimal comma
 * or point. No zod here: a visitor's category page reads it too (docs/decisions/012-first-load.md).
 */
export interface PriceRange {
  min: number | null;
  max: number | null;
}

export const PRICE_PARAM = 'price';
const MAX_PRICE = 1_000_000;
const AMOUNT = String.raw`\d{1,7}(?:[.,]\d{1,2})?`;
const PRICE_RANGE = new RegExp(`^(${AMOUNT})?(?:-|\\.\\.)(${AMOUNT})?$`);

/** The range, or null when the text is not one (no end at all, min above max, a negative or huge amount). */
export function parsePriceRange(text: string): PriceRange | null {
  const match = PRICE_RANGE.exec(text.trim().replace(/\s/g, ''));
  if (!match) return null;
  const amount = (s: string | undefined) => (s === undefined ? null : Number(s.replace(',', '.')));
  const [min, max] = [amount(match[1]), amount(match[2])];
  if (min === null && max === null) return null;
  if ((min ?? 0) > MAX_PRICE || (max ?? 0) > MAX_PRICE || (min !== null && max !== null && min > max)) return null;
  return { min, max };
}

/** The parameter's value for two typed amounts ("100", "500,5" → "100-500.5"); undefined when both are empty. */
export function formatPriceRange(min: string, max: string): string | undefined {
  const low = min.trim().replace(',', '.');
  const high = max.trim().replace(',', '.');
  return low || high ? `${low}-${high}` : undefined;
}
