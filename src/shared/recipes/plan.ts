import { discountedPriceMinor, toMinor } from '../pricing.js';
import { bitternessMinutes, isBitteringAddition, rescaleForAlpha, scaleAmount, tinsethIbu } from './brewing.js';
import { choosePacks } from './pack-choice.js';
import type { MatchCandidate, MatchPack, Recipe, RecipeMatch } from './schema.js';

/**
 * From matches and the shopper's choices to a cart (docs/recipes.md): lines of one product are
 * added up (two Citra additions buy once), packs chosen for the sum, and everything left out said.
 */

/** Per ingredient key: the chosen product id, null to leave it out, absent for the default. */
export type MatchSelection = Record<string, string | null | undefined>;

export interface PlanLine {
  productId: string;
  slug: string;
  name: string;
  image: string;
  category: string;
  millable: boolean;
  milled: boolean;
  /** What the recipe needs of it, kg. */
  amountKg: number;
  packs: { pack: MatchPack; qty: number }[];
  costMinor: number;
  weightKg: number;
  leftoverKg: number;
  shortfallKg: number;
  /** The recipe lines it covers. */
  ingredientKeys: string[];
}

export interface PurchasePlan {
  lines: PlanLine[];
  costMinor: number;
  weightKg: number;
  /** Recipe lines the cart will not hold, with the reason. */
  leftOut: { key: string; name: string; reason: string }[];
}

/** The candidate a line uses: the shopper's choice, else the first in stock. */
export function chosenCandidate(ingredient: RecipeMatch['ingredients'][number], selection: MatchSelection): MatchCandidate | null {
  const chosen = selection[ingredient.key];
  if (chosen === null) return null;
  if (chosen) return ingredient.candidates.find((c) => c.productId === chosen) ?? null;
  return ingredient.candidates.find((c) => c.inStock) ?? null;
}

export function planPurchase(match: RecipeMatch, selection: MatchSelection, options: { milled: boolean }): PurchasePlan {
  const byProduct = new Map<string, { candidate: MatchCandidate; amountKg: number; keys: string[] }>();
  const leftOut: PurchasePlan['leftOut'] = [];
  for (const ingredient of match.ingredients) {
    if (ingredient.status === 'not-sold') {
      leftOut.push({ key: ingredient.key, name: ingredient.name, reason: ingredient.note ?? 'Не продається' });
      continue;
    }
    const chosen = chosenCandidate(ingredient, selection);
    if (!chosen) {
      const reason = selection[ingredient.key] === null ? 'Ви прибрали цей рядок' : (ingredient.note ?? 'Немає в наявності');
      leftOut.push({ key: ingredient.key, name: ingredient.name, reason });
      continue;
    }
    const entry = byProduct.get(chosen.productId) ?? { candidate: chosen, amountKg: 0, keys: [] };
    entry.amountKg += chosen.amountKg;
    entry.keys.push(ingredient.key);
    byProduct.set(chosen.productId, entry);
  }
  const lines: PlanLine[] = [];
  for (const { candidate, amountKg, keys } of byProduct.values()) {
    const choice = choosePacks(
      amountKg,
      candidate.packs.map((p) => ({
        id: p.id,
        content: p.contentKg,
        priceMinor: discountedPriceMinor(toMinor(p.price), p.discount),
        countInStock: p.countInStock,
      })),
    );
    const packs = choice.packs.map(({ id, qty }) => ({ pack: candidate.packs.find((p) => p.id === id)!, qty }));
    if (!packs.length) {
      leftOut.push({ key: keys[0], name: candidate.name, reason: 'Немає в наявності' });
      continue;
    }
    lines.push({
      productId: candidate.productId,
      slug: candidate.slug,
      name: candidate.name,
      image: candidate.image,
      category: candidate.category,
      millable: candidate.millable,
      milled: candidate.millable && options.milled,
      amountKg,
      packs,
      costMinor: choice.costMinor,
      weightKg: packs.reduce((sum, p) => sum + p.pack.weight * p.qty, 0),
      leftoverKg: choice.leftover,
      shortfallKg: choice.shortfall,
      ingredientKeys: keys,
    });
  }
  return {
    lines,
    costMinor: lines.reduce((sum, l) => sum + l.costMinor, 0),
    weightKg: lines.reduce((sum, l) => sum + l.weightKg, 0),
    leftOut,
  };
}

/**
 * The recipe's bitterness (Tinseth) as designed, and as brewed with the chosen hops at the chosen
 * volume: bittering additions are rescaled to the lot's alpha, so the two stay close; late and dry
 * additions keep their weight, so a different alpha there moves the figure a little.
 */
export function compareIbu(
  recipe: Recipe,
  match: RecipeMatch,
  selection: MatchSelection,
): { recipe: number | null; designed: number; withChosenHops: number | null } {
  const og = recipe.og ?? 1.05;
  const designed = recipe.hops.reduce(
    (sum, hop) =>
      sum +
      tinsethIbu(
        { amountKg: hop.amountKg, alphaPct: hop.alphaPct ?? 0, boilMinutes: bitternessMinutes(hop.use, hop.timeMin, recipe.boilTimeMin) },
        og,
        recipe.batchSizeL,
      ),
    0,
  );
  let brewed = 0;
  let unknown = false;
  recipe.hops.forEach((hop, index) => {
    const ingredient = match.ingredients.find((i) => i.key === `hop-${index}`);
    const chosen = ingredient ? chosenCandidate(ingredient, selection) : null;
    if (!chosen) {
      unknown = true;
      return;
    }
    const alphaPct = chosen.alphaPct ?? hop.alphaPct ?? 0;
    const amountKg = isBitteringAddition(hop.use, hop.timeMin)
      ? rescaleForAlpha(scaleAmount(hop.amountKg, 1, match.scale), hop.alphaPct, chosen.alphaPct)
      : scaleAmount(hop.amountKg, 1, match.scale);
    brewed += tinsethIbu({ amountKg, alphaPct, boilMinutes: bitternessMinutes(hop.use, hop.timeMin, recipe.boilTimeMin) }, og, match.batchSizeL);
  });
  return { recipe: recipe.ibu, designed: round1(designed), withChosenHops: unknown && brewed === 0 ? null : round1(brewed) };
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * A saved recipe's choices against today's match: a choice stands while its product is offered and
 * in stock; otherwise the line takes today's best match. "Не купувати" always stands.
 */
export function offeredChoices(match: RecipeMatch, selection: MatchSelection): MatchSelection {
  const kept: MatchSelection = {};
  for (const ingredient of match.ingredients) {
    const chosen = selection[ingredient.key];
    if (chosen === null) kept[ingredient.key] = null;
    else if (chosen && ingredient.candidates.some((c) => c.productId === chosen && c.inStock)) kept[ingredient.key] = chosen;
  }
  return kept;
}
