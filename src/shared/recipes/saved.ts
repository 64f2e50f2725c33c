import { z } from 'zod';
import {
  MAX_BATCH_L,
  MAX_RECIPE_INGREDIENTS,
  MIN_BATCH_L,
  RecipeFermentableSchema,
  RecipeHopSchema,
  RecipeMatchSchema,
  RecipeMiscSchema,
  RecipeSchema,
  RecipeYeastSchema,
} from './schema.js';

/**
 * Saved recipes (docs/recipes.md, "Saved recipes"): the parsed recipe, the volume and the
 * shopper's choices, kept for a signed-in brewer; shown to anyone with the link and matched
 * against the stock of the day it is opened.
 */

/** 22 characters of base64url: 128 random bits, so a link cannot be guessed. */
export const SAVED_RECIPE_ID = /^[A-Za-z0-9_-]{22}$/;
export const MAX_SAVED_RECIPES = 100;
/** A saved recipe's JSON body; a recipe of 200 ingredients fits many times over. */
export const MAX_SAVED_RECIPE_BYTES = 256 * 1024;
export const MAX_RECIPE_NAME = 120;

const text = (max = 200) => z.string().max(max);
const kg = z.number().min(0).max(10_000);
const optionalPct = z.number().min(0).max(100).nullable();

/**
 * The recipe as the import returned it, bounded: what is saved comes back from the browser, so
 * every number is held to what a real recipe can say (the matcher trusts its input).
 */
export const StoredRecipeSchema = RecipeSchema.extend({
  name: text(MAX_RECIPE_NAME).min(1),
  style: text(),
  batchSizeL: z.number().min(MIN_BATCH_L).max(MAX_BATCH_L),
  boilTimeMin: z.number().min(0).max(1440),
  efficiencyPct: z.number().min(0).max(100),
  og: z.number().min(0.9).max(2).nullable(),
  fg: z.number().min(0.9).max(2).nullable(),
  ibu: z.number().min(0).max(10_000).nullable(),
  colorEbc: z.number().min(0).max(10_000).nullable(),
  abv: z.number().min(0).max(100).nullable(),
  fermentables: z.array(
    RecipeFermentableSchema.extend({
      name: text(),
      type: text(40),
      amountKg: kg,
      colorEbc: z.number().min(0).max(10_000).nullable(),
      yieldPct: optionalPct,
      origin: text(),
      supplier: text(),
    }),
  ),
  hops: z.array(
    RecipeHopSchema.extend({
      name: text(),
      alphaPct: optionalPct,
      amountKg: kg,
      timeMin: z.number().min(0).max(100_000),
      form: text(40),
      purpose: text(40),
      origin: text(),
    }),
  ),
  yeasts: z.array(
    RecipeYeastSchema.extend({
      name: text(),
      laboratory: text(),
      productId: text(40),
      type: text(40),
      form: text(40),
      amount: kg.nullable(),
      attenuationPct: optionalPct,
    }),
  ),
  miscs: z.array(RecipeMiscSchema.extend({ name: text(), type: text(40), use: text(40), amount: kg.nullable() })),
}).refine((r) => r.fermentables.length + r.hops.length + r.yeasts.length + r.miscs.length <= MAX_RECIPE_INGREDIENTS, {
  message: `Не більше ${MAX_RECIPE_INGREDIENTS} інгредієнтів у рецепті`,
  path: ['fermentables'],
});

/** Per ingredient key ("hop-2"): the product chosen, or null for "не купувати"; absent keeps the best match. */
export const SavedSelectionSchema = z
  .record(z.string().regex(/^(fermentable|hop|yeast|misc)-\d{1,3}$/), z.uuid().nullable())
  .refine((s) => Object.keys(s).length <= MAX_RECIPE_INGREDIENTS, { message: `Не більше ${MAX_RECIPE_INGREDIENTS} рядків` });

const recipeName = z.string().trim().min(1, 'Назва не може бути порожньою').max(MAX_RECIPE_NAME, `Назва — не довше ${MAX_RECIPE_NAME} символів`);

export const SaveRecipeBodySchema = z.object({
  /** Defaults to the recipe's own name. */
  name: recipeName.optional(),
  recipe: StoredRecipeSchema,
  batchSizeL: z.number().min(MIN_BATCH_L).max(MAX_BATCH_L),
  selection: SavedSelectionSchema.default({}),
  milled: z.boolean().default(false),
});
export type SaveRecipeBody = z.infer<typeof SaveRecipeBodySchema>;

export const UpdateRecipeBodySchema = z
  .object({
    name: recipeName,
    batchSizeL: z.number().min(MIN_BATCH_L).max(MAX_BATCH_L),
    selection: SavedSelectionSchema,
    milled: z.boolean(),
  })
  .partial()
  .refine((b) => Object.keys(b).length > 0, { message: 'Нічого не змінено' });
export type UpdateRecipeBody = z.infer<typeof UpdateRecipeBodySchema>;

export const SavedRecipeParamsSchema = z.object({ id: z.string().regex(SAVED_RECIPE_ID, 'Такого рецепта немає') });
export const SavedRecipeQuerySchema = z.object({ batchSizeL: z.coerce.number().min(MIN_BATCH_L).max(MAX_BATCH_L).optional() });

export const SavedRecipeSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  style: z.string(),
  batchSizeL: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SavedRecipeSummary = z.infer<typeof SavedRecipeSummarySchema>;

export const SavedRecipeListSchema = z.object({ recipes: z.array(SavedRecipeSummarySchema) });
export type SavedRecipeList = z.infer<typeof SavedRecipeListSchema>;

/** A saved recipe with its match against today's stock and alpha, at its volume (or the one asked). */
export const SavedRecipeSchema = SavedRecipeSummarySchema.extend({
  recipe: RecipeSchema,
  selection: z.record(z.string(), z.string().nullable()),
  milled: z.boolean(),
  match: RecipeMatchSchema,
});
export type SavedRecipe = z.infer<typeof SavedRecipeSchema>;
