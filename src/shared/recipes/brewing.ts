/**
 * Brewing arithmetic (docs/recipes.md): bitterness (Tinseth), colour (Morey, SRM/Lovibond/EBC),
 * gravity and alcohol, alpha-acid rescaling and batch scaling. Pure functions, SI units inside:
 * kilograms, litres, minutes, alpha in per cent.
 */

const LITRES_PER_GALLON = 3.785411784;
const POUNDS_PER_KG = 2.20462262;

/** EBC = SRM × 1.97 (the ASBC/EBC conversion every brewing program uses). */
export const srmToEbc = (srm: number) => srm * 1.97;
export const ebcToSrm = (ebc: number) => ebc / 1.97;
/** Degrees Lovibond ↔ SRM (Daniels, "Designing Great Beers"): SRM = 1.3546 × °L − 0.76. */
export const lovibondToSrm = (lovibond: number) => 1.3546 * lovibond - 0.76;
export const srmToLovibond = (srm: number) => (srm + 0.76) / 1.3546;

/** Tinseth's utilisation: the share of alpha acid that ends up isomerised in the beer. */
export function tinsethUtilization(gravity: number, boilMinutes: number): number {
  if (!(boilMinutes > 0)) return 0;
  const bigness = 1.65 * Math.pow(0.000125, gravity - 1);
  const boilTime = (1 - Math.exp(-0.04 * boilMinutes)) / 4.15;
  return bigness * boilTime;
}

/** IBU of one addition (Tinseth): utilisation × mg/L of alpha acid added. */
export function tinsethIbu(addition: { amountKg: number; alphaPct: number; boilMinutes: number }, gravity: number, volumeL: number): number {
  if (!(volumeL > 0)) return 0;
  const alphaMgPerL = ((addition.alphaPct / 100) * addition.amountKg * 1_000_000) / volumeL;
  return tinsethUtilization(gravity, addition.boilMinutes) * alphaMgPerL;
}

/** Morey's colour: SRM = 1.4922 × MCU^0.6859, MCU = Σ(lb × °L) ÷ US gal. */
export function moreySrm(grains: readonly { amountKg: number; colorSrm: number }[], volumeL: number): number {
  if (!(volumeL > 0)) return 0;
  const mcu = grains.reduce((sum, g) => sum + g.amountKg * POUNDS_PER_KG * g.colorSrm, 0) / (volumeL / LITRES_PER_GALLON);
  return mcu > 0 ? 1.4922 * Math.pow(mcu, 0.6859) : 0;
}

/** ABV from original and final gravity: (OG − FG) × 131.25, the common homebrew formula. */
export const abvFrom = (og: number, fg: number) => Math.max(0, (og - fg) * 131.25);

/**
 * Original gravity from the fermentables: extract potential (yield % of sucrose's 46.21 ppg) ×
 * weight, times the brewhouse efficiency for grain (sugars and extracts give all of theirs).
 */
export function estimateOg(
  fermentables: readonly { amountKg: number; yieldPct: number | null; mashed: boolean }[],
  volumeL: number,
  efficiencyPct: number,
): number | null {
  if (!(volumeL > 0)) return null;
  const points = fermentables.reduce((sum, f) => {
    const ppg = ((f.yieldPct ?? 75) / 100) * 46.214;
    return sum + ppg * f.amountKg * POUNDS_PER_KG * (f.mashed ? efficiencyPct / 100 : 1);
  }, 0);
  if (!(points > 0)) return null;
  return 1 + points / (volumeL / LITRES_PER_GALLON) / 1000;
}

/**
 * The weight of a stock lot that gives the same bitterness as the recipe's: amount × recipe alpha
 * ÷ stock alpha. Unknown alphas keep the weight.
 */
export function rescaleForAlpha(amountKg: number, recipeAlphaPct: number | null, stockAlphaPct: number | null): number {
  if (!recipeAlphaPct || !stockAlphaPct || recipeAlphaPct <= 0 || stockAlphaPct <= 0) return amountKg;
  return (amountKg * recipeAlphaPct) / stockAlphaPct;
}

/** Every amount of a recipe brewed at another volume scales linearly. */
export const scaleAmount = (amount: number, fromL: number, toL: number) => (fromL > 0 && toL > 0 ? (amount * toL) / fromL : amount);

/** Boil, first-wort and mash additions count for bitterness; whirlpool, aroma and dry hops do not (Tinseth). */
export function bitternessMinutes(use: HopUse, timeMin: number, boilTimeMin: number): number {
  if (use === 'first wort') return boilTimeMin;
  if (use === 'boil') return Math.min(timeMin, boilTimeMin || timeMin);
  return 0;
}

export type HopUse = 'boil' | 'first wort' | 'mash' | 'aroma' | 'dry hop';

/**
 * Additions whose weight follows the lot's alpha: bitterness additions (boil or first wort, 30
 * minutes or more). Later boil, aroma and dry-hop additions are there for their oils, not their
 * alpha, so they keep their weight.
 */
export function isBitteringAddition(use: HopUse, timeMin: number): boolean {
  return use === 'first wort' || (use === 'boil' && timeMin >= 30);
}
