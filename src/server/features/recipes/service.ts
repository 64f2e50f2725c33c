import type { Tx } from '../../db/client.js';
import { AppError, BadInput } from '../../errors.js';
import { decodeRecipeBytes, parseBeerXml, RecipeImportError } from '../../../shared/recipes/beerxml.js';
import { matchRecipe } from '../../../shared/recipes/matching.js';
import type { RecipeImportQuery, RecipeImportResult } from '../../../shared/recipes/schema.js';
import { loadRecipeCatalog } from './catalog.js';

/** A recipe file → its recipes, the chosen one matched to today's stock (docs/recipes.md). Nothing is stored. */
export async function importRecipe(tx: Tx, bytes: Uint8Array, query: RecipeImportQuery): Promise<RecipeImportResult> {
  let recipes;
  try {
    recipes = parseBeerXml(decodeRecipeBytes(bytes));
  } catch (err) {
    if (err instanceof RecipeImportError) {
      throw new AppError(err.code === 'RECIPE_TOO_LARGE' ? 413 : 400, err.code, err.message, undefined, err.line ? { line: err.line } : undefined);
    }
    throw err;
  }
  const recipeIndex = query.recipe ?? 0;
  const recipe = recipes[recipeIndex];
  if (!recipe) throw new BadInput(`У файлі ${recipes.length} рецепт(и); рецепта № ${recipeIndex + 1} немає`, 'RECIPE_NOT_IN_FILE');
  const catalog = await loadRecipeCatalog(tx);
  return {
    recipes: recipes.map((r) => ({ name: r.name, style: r.style, batchSizeL: r.batchSizeL })),
    recipeIndex,
    recipe,
    match: matchRecipe(recipe, catalog, { batchSizeL: query.batchSizeL }),
  };
}
