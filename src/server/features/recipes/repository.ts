import { and, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
// eslint-disable-next-line shop/import-layers -- a recipe matches its ingredients against the brewing products in one statement
import { products } from '../../db/schema.js';
import type { ProductRecord } from '../products/index.js';

/** The brewing ingredients a recipe can be matched to. */
export const RECIPE_CATEGORIES = ['Hops', 'Yeast', 'Malt'];

/** The catalogue's order, as every list reads it: the matcher keeps the first of equals. */
const catalogueOrder = [desc(products.createdAt), desc(products.id)];
const brewing = and(eq(products.status, 'published'), inArray(products.category, RECIPE_CATEGORIES));

/** What the matcher ranks a product by: no packs, only whether one of them is in stock. */
export interface BrewingProductSketch {
  id: string;
  name: string;
  category: string;
  producer: string;
  /** The `alpha` attribute as stored (a number, or anything else the product's JSON would not call alpha). */
  alpha: unknown;
  /** Only malts' (their colour is read from it); empty for the rest. */
  description: string;
  inStock: boolean;
}

/** Every published hop, yeast and malt, sketched: one narrow read, no packs. */
export async function listBrewingSketches(tx: Tx): Promise<BrewingProductSketch[]> {
  return tx
    .select({
      id: products.id,
      name: products.name,
      category: products.category,
      producer: products.producer,
      alpha: sql<unknown>`${products.attributes} -> 'alpha'`,
      description: sql<string>`case when ${products.category} = 'Malt' then ${products.description} else '' end`,
      // The packs' total stock, which every pack write keeps (docs/decisions/013-product-variants.md).
      inStock: sql<boolean>`${products.countInStock} > 0`,
    })
    .from(products)
    .where(brewing)
    .orderBy(...catalogueOrder);
}

/** These published brewing products, whole, in the catalogue's order. */
export async function findBrewingProducts(tx: Tx, ids: string[]): Promise<ProductRecord[]> {
  if (!ids.length) return [];
  const { searchText: _searchText, searchKeys: _searchKeys, ...columns } = getTableColumns(products);
  return tx
    .select(columns)
    .from(products)
    .where(and(brewing, inArray(products.id, ids)))
    .orderBy(...catalogueOrder);
}
