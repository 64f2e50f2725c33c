import type { Tx } from '../../db/client.js';
import { listAllProducts, withVariants } from '../products/index.js';
import { colourFromText, type CatalogItem } from '../../../shared/recipes/matching.js';

/** The brewing ingredients a recipe can be matched to. */
const RECIPE_CATEGORIES = new Set(['Hops', 'Yeast', 'Malt']);

/**
 * The published hops, yeasts and malts with their packs, read through the catalogue's own
 * functions (sold-out ones too: the page says what is missing and offers a substitute).
 */
export async function loadRecipeCatalog(tx: Tx): Promise<CatalogItem[]> {
  const rows = (await listAllProducts(tx, { inStockOnly: false })).filter((row) => RECIPE_CATEGORIES.has(row.category));
  const products = await withVariants(tx, rows);
  return products.map((p) => ({
    _id: p._id,
    slug: p.slug,
    name: p.name,
    image: p.image,
    category: p.category,
    origin: p.origin,
    alfa: p.alfa,
    // Malt colour is written in the description ("колір 5–7 EBC") until it becomes an attribute.
    colorEbc: p.category === 'Malt' ? colourFromText(p.description) : null,
    variants: p.variants,
  }));
}
