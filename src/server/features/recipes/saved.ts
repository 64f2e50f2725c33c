import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { savedRecipes, type SavedRecipeRow } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { Recipe } from '../../../shared/recipes/schema.js';
import {
  MAX_SAVED_RECIPES,
  SAVED_RECIPE_ID,
  type SavedRecipe,
  type SavedRecipeList,
  type SavedRecipeSummary,
  type SaveRecipeBody,
  type UpdateRecipeBody,
} from '../../../shared/recipes/saved.js';
import { matchRecipeToCatalog, type RecipeCandidates } from './catalog.js';

/** Saved recipes (docs/recipes.md, "Saved recipes"): unlisted, viewed by anyone with the link, changed by the owner only. */

const notFound = () => new AppError('RECIPE_NOT_FOUND');

function summary(row: SavedRecipeRow): SavedRecipeSummary {
  const recipe = row.recipe as Recipe;
  return {
    id: row.id,
    name: row.name,
    style: recipe.style,
    batchSizeL: row.batchSizeL,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function saveRecipe(tx: Tx, userId: string, body: SaveRecipeBody): Promise<SavedRecipeSummary> {
  const [{ saved }] = await tx.select({ saved: count() }).from(savedRecipes).where(eq(savedRecipes.userId, userId));
  if (saved >= MAX_SAVED_RECIPES) {
    throw new AppError('RECIPE_LIMIT', { max: MAX_SAVED_RECIPES });
  }
  const [row] = await tx
    .insert(savedRecipes)
    .values({
      id: randomBytes(16).toString('base64url'),
      userId,
      name: body.name ?? body.recipe.name,
      recipe: body.recipe,
      batchSizeL: body.batchSizeL,
      selection: body.selection,
      milled: body.milled,
    })
    .returning();
  return summary(row);
}

export async function findSavedRecipe(tx: Tx, id: string): Promise<SavedRecipeRow | null> {
  if (!SAVED_RECIPE_ID.test(id)) return null;
  const [row] = await tx.select().from(savedRecipes).where(eq(savedRecipes.id, id)).limit(1);
  return row ?? null;
}

/** Anyone with the link: the recipe matched against today's stock and alpha, at its volume or the one asked. */
export async function getSavedRecipe(tx: Tx, id: string, batchSizeL?: number, candidates?: RecipeCandidates): Promise<SavedRecipe> {
  const row = await findSavedRecipe(tx, id);
  if (!row) throw notFound();
  const recipe = row.recipe as Recipe;
  const match = await matchRecipeToCatalog(tx, recipe, { batchSizeL: batchSizeL ?? row.batchSizeL }, candidates);
  return { ...summary(row), recipe, selection: row.selection, milled: row.milled, match };
}

export async function listSavedRecipes(tx: Tx, userId: string): Promise<SavedRecipeList> {
  const rows = await tx.select().from(savedRecipes).where(eq(savedRecipes.userId, userId)).orderBy(desc(savedRecipes.createdAt), desc(savedRecipes.id));
  return { recipes: rows.map(summary) };
}

/** The owner only: anyone else gets the same 404 as for a recipe that does not exist. */
export async function updateSavedRecipe(tx: Tx, userId: string, id: string, body: UpdateRecipeBody): Promise<SavedRecipeSummary> {
  const [row] = await tx
    .update(savedRecipes)
    .set({ ...body, updatedAt: sql`now()` })
    .where(and(eq(savedRecipes.id, id), eq(savedRecipes.userId, userId)))
    .returning();
  if (!row) throw notFound();
  return summary(row);
}

export async function deleteSavedRecipe(tx: Tx, userId: string, id: string): Promise<void> {
  const deleted = await tx
    .delete(savedRecipes)
    .where(and(eq(savedRecipes.id, id), eq(savedRecipes.userId, userId)))
    .returning({ id: savedRecipes.id });
  if (!deleted.length) throw notFound();
}
