import type { Tx } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { decodeRecipeBytes, RecipeImportError } from '../../../shared/recipes/beerxml.js';
import { parseRecipeText } from '../../../shared/recipes/recipe-json.js';
import { hopSubstitutesFor } from '../../../shared/recipes/matching.js';
import type { HopSubstitutes, RecipeImportQuery, RecipeImportResult } from '../../../shared/recipes/schema.js';
import { loadRecipeCatalog, matchRecipeToCatalog, type RecipeCandidates } from './catalog.js';

/** A recipe file (BeerXML, BeerJSON or Brewfather's JSON) → its recipes, the chosen one matched to today's stock (docs/recipes.md). Nothing is stored. */
export async function importRecipe(tx: Tx, bytes: Uint8Array, query: RecipeImportQuery, candidates?: RecipeCandidates): Promise<RecipeImportResult> {
  let recipes;
  try {
    recipes = parseRecipeText(decodeRecipeBytes(bytes));
  } catch (err) {
    // The code and its blanks travel as they are: the web app words them in the shopper's language.
    if (err instanceof RecipeImportError) throw new AppError(err.code, err.params as never);
    throw err;
  }
  const recipeIndex = query.recipe ?? 0;
  const recipe = recipes[recipeIndex];
  if (!recipe) throw new AppError('RECIPE_NOT_IN_FILE', { count: recipes.length, number: recipeIndex + 1 });
  return {
    recipes: recipes.map((r) => ({ name: r.name, style: r.style, batchSizeL: r.batchSizeL })),
    recipeIndex,
    recipe,
    match: await matchRecipeToCatalog(tx, recipe, { batchSizeL: query.batchSizeL }, candidates),
  };
}

/** A hop's in-stock substitutes by its slug or id (a product that is not a hop has none). */
export async function hopSubstitutes(tx: Tx, ref: string): Promise<HopSubstitutes> {
  const catalog = await loadRecipeCatalog(tx);
  const hop = catalog.find((p) => p.slug === ref || p.id === ref);
  if (!hop) throw new AppError('PRODUCT_NOT_FOUND');
  if (hop.category !== 'Hops') return { substitutes: [] };
  return {
    substitutes: hopSubstitutesFor(hop, catalog).map(({ productId, slug, name, image, alphaPct, confidence, reason }) => ({
      productId,
      slug,
      name,
      image,
      alphaPct,
      confidence,
      reason,
    })),
  };
}
