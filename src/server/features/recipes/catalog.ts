import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client.js';
import { listAllProducts, withVariants } from '../products/index.js';
import type { Product } from '../../../shared/products.js';
import {
  colourFromText,
  hopVarietyOf,
  MAX_CANDIDATES,
  maltKindOf,
  matchRecipe,
  yeastStrainOf,
  type CatalogItem,
  type MatchOptions,
} from '../../../shared/recipes/matching.js';
import type { Recipe, RecipeMatch } from '../../../shared/recipes/schema.js';
import { findBrewingProducts, listBrewingSketches, RECIPE_CATEGORIES, type BrewingProductSketch } from './repository.js';

const RECIPE_CATEGORY_SET = new Set(RECIPE_CATEGORIES);

/** A product as the matcher reads it. */
function catalogItem(p: Product): CatalogItem {
  return {
    id: p.id,
    slug: p.slug,
    name: p.name,
    image: p.image,
    category: p.category,
    producer: p.producer,
    alphaAcid: p.alphaAcid,
    // Malt colour is written in the description ("колір 5–7 EBC") until it becomes an attribute.
    colorEbc: p.category === 'Malt' ? colourFromText(p.description) : null,
    variants: p.variants,
  };
}

/**
 * A product without its packs, read as the API reads it (toProduct): one stand-in pack says only
 * whether some pack is in stock, which is all the ranking reads of packs.
 */
function sketchItem(s: BrewingProductSketch): CatalogItem {
  return {
    id: s.id,
    slug: s.id,
    name: s.name,
    image: '',
    category: s.category,
    producer: s.producer,
    alphaAcid: typeof s.alpha === 'number' ? s.alpha : null,
    colorEbc: s.category === 'Malt' ? colourFromText(s.description) : null,
    variants: [{ id: '', label: '', price: 0, discount: 0, countInStock: s.inStock ? 1 : 0, weight: 0 }],
  };
}

/**
 * What a product's rank on any line depends on (matching.ts): a hop's or yeast's table key and
 * stock; a malt's kind, colour, producer and stock. Null: it is never a candidate (a hop or yeast
 * the table does not know).
 */
function rankGroup(item: CatalogItem): string | null {
  const stock = item.variants.some((v) => v.countInStock > 0);
  if (item.category === 'Hops') return mapKey(item.category, hopVarietyOf(item.name), stock);
  if (item.category === 'Yeast') return mapKey(item.category, yeastStrainOf(item.name), stock);
  return JSON.stringify([item.category, maltKindOf(item.name), stock, item.colorEbc, item.producer]);
}
const mapKey = (category: string, key: string | null, stock: boolean) => (key === null ? null : JSON.stringify([category, key, stock]));

/**
 * The first few products of each rank group, in the catalogue's order. Products of one group rank
 * alike on every line and keep the catalogue's order among themselves, so a line's short list
 * (MAX_CANDIDATES, and its first sold-out exact match) never reaches past a group's first few.
 */
function firstOfEachGroup(items: CatalogItem[]): CatalogItem[] {
  const taken = new Map<string, number>();
  return items.filter((item) => {
    const group = rankGroup(item);
    if (group === null) return false;
    const n = taken.get(group) ?? 0;
    taken.set(group, n + 1);
    return n < MAX_CANDIDATES;
  });
}

/**
 * The published hops, yeasts and malts with their packs, read through the catalogue's own
 * functions (sold-out ones too: the page says what is missing and offers a substitute).
 */
export async function loadRecipeCatalog(tx: Tx): Promise<CatalogItem[]> {
  const rows = (await listAllProducts(tx, { inStockOnly: false })).filter((row) => RECIPE_CATEGORY_SET.has(row.category));
  return (await withVariants(tx, rows)).map(catalogItem);
}

/** The sketched products a recipe is first matched against: the first few of each rank group. */
export async function recipeCandidates(tx: Tx): Promise<CatalogItem[]> {
  return firstOfEachGroup((await listBrewingSketches(tx)).map(sketchItem));
}

/** Where the candidates come from: read now, or kept in the catalogue cache between imports. */
export type RecipeCandidates = () => Promise<CatalogItem[]>;

/**
 * The candidates kept in the app's catalogue cache: read once, until a product write (an order's
 * stock too) empties it, so an import at 100,000 products does not sketch the whole catalogue again.
 */
export function cachedRecipeCandidates(app: FastifyInstance): RecipeCandidates {
  return () => app.catalogCache.value('recipe-candidates', () => recipeCandidates(app.db));
}

/**
 * Matches a recipe reading whole only the products that can end up on its page (docs/recipes.md):
 * every brewing product sketched in one narrow read without packs, which ranks candidates exactly
 * as the whole products would; of those, the first few of each rank group; the recipe matched to
 * them; then only the products that made some line's short list, read whole with their packs and
 * matched again. Matching a subset that holds every product of the result gives that same result,
 * since the ranking keeps each list's order among the products left.
 */
export async function matchRecipeToCatalog(
  tx: Tx,
  recipe: Recipe,
  options: MatchOptions,
  candidates: RecipeCandidates = () => recipeCandidates(tx),
): Promise<RecipeMatch> {
  const rough = matchRecipe(recipe, await candidates(), options);
  const chosen = [...new Set(rough.ingredients.flatMap((ingredient) => ingredient.candidates.map((c) => c.productId)))];
  const products = await withVariants(tx, await findBrewingProducts(tx, chosen));
  return matchRecipe(recipe, products.map(catalogItem), options);
}
