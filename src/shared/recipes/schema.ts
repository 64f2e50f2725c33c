import { z } from 'zod';
import { RecordIdSchema } from '../record-id.js';

/** A recipe as read from BeerXML (docs/recipes.md): SI units, colours in EBC, alpha in per cent. */
export const HOP_USES = ['boil', 'first wort', 'mash', 'aroma', 'dry hop'] as const;

export const RecipeFermentableSchema = z.object({
  name: z.string(),
  /** BeerXML TYPE: Grain, Sugar, Extract, Dry Extract, Adjunct. */
  type: z.string(),
  amountKg: z.number(),
  colorEbc: z.number().nullable(),
  yieldPct: z.number().nullable(),
  origin: z.string(),
  supplier: z.string(),
});
export type RecipeFermentable = z.infer<typeof RecipeFermentableSchema>;

export const RecipeHopSchema = z.object({
  name: z.string(),
  alphaPct: z.number().nullable(),
  amountKg: z.number(),
  use: z.enum(HOP_USES),
  timeMin: z.number(),
  /** Pellet, Plug, Leaf. */
  form: z.string(),
  /** The variety's purpose as the recipe says: Bittering, Aroma, Both. */
  purpose: z.string(),
  origin: z.string(),
});
export type RecipeHop = z.infer<typeof RecipeHopSchema>;

export const RecipeYeastSchema = z.object({
  name: z.string(),
  laboratory: z.string(),
  productId: z.string(),
  /** Ale, Lager, Wheat, Wine, Champagne. */
  type: z.string(),
  /** Liquid, Dry, Slant, Culture. */
  form: z.string(),
  /** kg when amountIsWeight, else litres; null when the file gives none. */
  amount: z.number().nullable(),
  amountIsWeight: z.boolean(),
  attenuationPct: z.number().nullable(),
});
export type RecipeYeast = z.infer<typeof RecipeYeastSchema>;

export const RecipeMiscSchema = z.object({
  name: z.string(),
  /** Spice, Fining, Water Agent, Herb, Flavor, Other. */
  type: z.string(),
  use: z.string(),
  amount: z.number().nullable(),
  amountIsWeight: z.boolean(),
});
export type RecipeMisc = z.infer<typeof RecipeMiscSchema>;

export const RecipeSchema = z.object({
  name: z.string(),
  style: z.string(),
  batchSizeL: z.number(),
  boilTimeMin: z.number(),
  efficiencyPct: z.number(),
  og: z.number().nullable(),
  fg: z.number().nullable(),
  /** The recipe's own figure when it has one, else computed (Tinseth). */
  ibu: z.number().nullable(),
  colorEbc: z.number().nullable(),
  abv: z.number().nullable(),
  fermentables: z.array(RecipeFermentableSchema),
  hops: z.array(RecipeHopSchema),
  yeasts: z.array(RecipeYeastSchema),
  miscs: z.array(RecipeMiscSchema),
});
export type Recipe = z.infer<typeof RecipeSchema>;

/** Limits of an import (docs/recipes.md). */
export const MAX_RECIPE_BYTES = 1024 * 1024;
export const MAX_RECIPE_INGREDIENTS = 200;
export const MIN_BATCH_L = 1;
export const MAX_BATCH_L = 1000;

export const RecipeImportQuerySchema = z.object({
  /** Brew this many litres instead of the recipe's batch size. */
  batchSizeL: z.coerce.number().min(MIN_BATCH_L).max(MAX_BATCH_L).optional(),
  /** Which recipe of a file with several (0 first). */
  recipe: z.coerce.number().int().min(0).max(999).optional(),
});
export type RecipeImportQuery = z.infer<typeof RecipeImportQuerySchema>;

/** A pack of a matched product, as the matcher and the purchase plan see it. */
export const MatchPackSchema = z.object({
  id: RecordIdSchema,
  label: z.string(),
  /** UAH per pack before its discount (as everywhere in the shop). */
  price: z.number(),
  discount: z.number(),
  countInStock: z.number(),
  /** Shipping weight of one pack, kg. */
  weight: z.number(),
  /** What one pack holds, kg. */
  contentKg: z.number(),
});
export type MatchPack = z.infer<typeof MatchPackSchema>;

export const INGREDIENT_KINDS = ['fermentable', 'hop', 'yeast', 'misc'] as const;
export type IngredientKind = (typeof INGREDIENT_KINDS)[number];
export const MATCH_STATUSES = ['matched', 'substitute', 'missing', 'not-sold'] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];

export const MatchCandidateSchema = z.object({
  productId: z.string(),
  slug: z.string(),
  name: z.string(),
  image: z.string(),
  category: z.string(),
  /** Alpha acid of the lot in stock (hops). */
  alphaPct: z.number().nullable(),
  inStock: z.boolean(),
  /** Not the ingredient itself but one that stands in for it. */
  substitute: z.boolean(),
  /** 0…1: how sure the match is. */
  confidence: z.number(),
  /** Why, in the shopper's words. */
  reason: z.string(),
  /** What to buy of this product for this line at the chosen volume (hops rescaled to its alpha). */
  amountKg: z.number(),
  millable: z.boolean(),
  packs: z.array(MatchPackSchema),
});
export type MatchCandidate = z.infer<typeof MatchCandidateSchema>;

export const IngredientMatchSchema = z.object({
  /** "hop-2": kind and place in the recipe's list. */
  key: z.string(),
  kind: z.enum(INGREDIENT_KINDS),
  name: z.string(),
  /** The recipe's amount at the chosen volume, kg (null for a yeast or misc given by volume). */
  amountKg: z.number().nullable(),
  status: z.enum(MATCH_STATUSES),
  /** What cannot be bought here and why, or a warning. */
  note: z.string().nullable(),
  /** Best first; the first in stock is the default choice. */
  candidates: z.array(MatchCandidateSchema),
});
export type IngredientMatch = z.infer<typeof IngredientMatchSchema>;

export const RecipeMatchSchema = z.object({
  batchSizeL: z.number(),
  /** batchSizeL ÷ the recipe's batch size. */
  scale: z.number(),
  ingredients: z.array(IngredientMatchSchema),
});
export type RecipeMatch = z.infer<typeof RecipeMatchSchema>;

export const RecipeImportResultSchema = z.object({
  /** Every recipe in the file, to choose from when there are several. */
  recipes: z.array(z.object({ name: z.string(), style: z.string(), batchSizeL: z.number() })),
  recipeIndex: z.number(),
  recipe: RecipeSchema,
  match: RecipeMatchSchema,
});
export type RecipeImportResult = z.infer<typeof RecipeImportResultSchema>;

export const HopSubstitutesSchema = z.object({
  substitutes: z.array(MatchCandidateSchema.pick({ productId: true, slug: true, name: true, image: true, alphaPct: true, confidence: true, reason: true })),
});
export type HopSubstitutes = z.infer<typeof HopSubstitutesSchema>;
