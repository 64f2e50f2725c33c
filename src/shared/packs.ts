import { fromMinor, toMinor } from './pricing.js';

/**
 * How a pack is priced and described (docs/pricing.md): the unit is read from the pack's own label
 * ("50 г", "1 кг", "11,5 г"), never from its category, so a 100 g pack is never shown as a kilogram.
 */

/** The label's weight in grams when the pack is weighed ("100 г" → 100, "1,5 кг" → 1500), else null. */
export function packGrams(label: string): number | null {
  const match = /^\s*(\d+(?:[.,]\d+)?)\s*(г|гр|g|кг|kg)\.?\s*$/i.exec(label);
  if (!match) return null;
  const amount = Number(match[1].replace(',', '.'));
  if (!(amount > 0)) return null;
  return /^(кг|kg)$/i.test(match[2]) ? amount * 1000 : amount;
}

/** UAH per kilogram of a weighed pack (420 грн for 100 г → 4 200), else null. */
export function pricePerKg(price: number, label: string): number | null {
  const grams = packGrams(label);
  if (grams === null || grams === 1000) return null;
  return fromMinor(Math.round((toMinor(price) * 1000) / grams));
}

/** The pack weight in kg that a label implies, else null ("50 г" → 0.05). */
export function labelWeightKg(label: string): number | null {
  const grams = packGrams(label);
  return grams === null ? null : grams / 1000;
}
