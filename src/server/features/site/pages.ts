import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { categories } from '../../db/schema.js';
import { PRODUCT_REF, productPath } from '../../../shared/product-path.js';
import { findProductByRef } from '../products/index.js';
import { LEGAL_PAGE_KEYS, LEGAL_PAGE_PATHS, type LegalPageKey } from '../../../shared/legal.js';
import { legalVersionExists } from '../legal/index.js';
import { findSavedRecipe } from '../recipes/index.js';

/**
 * The web app's pages (src/web/router.tsx), so that an address no page answers gets a real 404
 * and a search engine never indexes it (docs/seo.md). The web app shows its "not found" page either way.
 */
const PAGES: RegExp[] = [
  /^\/$/,
  /^\/page\/\d+$/,
  /^\/search\/[^/]+(\/page\/\d+)?$/,
  /^\/(hops|yeast|malt|equipment|discount|about|contacts|cart|recipe|login|register|forgot-password|reset-password)$/,
  /^\/(shipping|payment|placeorder|profile)$/,
  /^\/stock-alerts\/unsubscribe$/,
  /^\/order\/[^/]+$/,
  /^\/order\/guest\/[^/]+$/,
  /^\/admin$/,
  /^\/admin\/(orderlist|productlist|userlist|settings|legal|notices|categories|import|promo-codes|customers|audit)$/,
  /^\/admin\/customers\/[^/]+$/,
  /^\/admin\/orders\/([^/]+\/packing-slip|packing-slips)$/,
  /^\/admin\/productlist\/\d+$/,
  /^\/admin\/(product|user)\/[^/]+\/edit$/,
];
const PRODUCT_PAGE = /^\/product\/([^/]+)$/;
/** A saved recipe (docs/recipes.md): its page exists while the recipe does. */
export const SAVED_RECIPE_PAGE = /^\/recipe\/([^/]+)$/;
/** A category the owner added (docs/domain.md): its page exists while the category does and is shown. */
const CATEGORY_PAGE = /^\/catalog\/([^/]+)$/;
/** A legal page (docs/domain.md), or one of its versions: `/oferta`, `/oferta/v/3`. */
const LEGAL_PAGE = /^(\/[a-z-]+)(?:\/v\/(\d{1,7}))?$/;
const LEGAL_KEY_BY_PATH = new Map(LEGAL_PAGE_KEYS.map((key) => [LEGAL_PAGE_PATHS[key], key] as [string, LegalPageKey]));

/** The legal page an address shows, and the version when it names one. */
export function legalPageOf(path: string): { key: LegalPageKey; version?: number } | null {
  const match = LEGAL_PAGE.exec(path);
  const key = match && LEGAL_KEY_BY_PATH.get(match[1]);
  if (!key) return null;
  return match[2] ? { key, version: Number(match[2]) } : { key };
}

export type PageAnswer = { status: 200 | 404 } | { redirect: string };

/**
 * 200 when a page of the shop answers this path (a product page only for a product that exists),
 * a permanent redirect for a product addressed by anything but its slug (old `/product/{id}` links), else 404.
 */
export async function resolvePage(tx: Tx, pathname: string): Promise<PageAnswer> {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  const product = PRODUCT_PAGE.exec(path);
  if (product) {
    const ref = product[1];
    if (!PRODUCT_REF.test(ref)) return { status: 404 };
    const row = await findProductByRef(tx, ref);
    if (!row || row.status !== 'published') return { status: 404 };
    return row.slug === ref || !row.slug ? { status: 200 } : { redirect: productPath(row.slug) };
  }
  const categoryPage = CATEGORY_PAGE.exec(path);
  if (categoryPage) {
    const [row] = await tx
      .select({ visible: categories.visible })
      .from(categories)
      .where(eq(categories.slug, decodeURIComponent(categoryPage[1])));
    return { status: row?.visible ? 200 : 404 };
  }
  const savedRecipe = SAVED_RECIPE_PAGE.exec(path);
  if (savedRecipe) return { status: (await findSavedRecipe(tx, savedRecipe[1])) ? 200 : 404 };
  const legal = legalPageOf(path);
  if (legal) return { status: !legal.version || (await legalVersionExists(tx, legal.key, legal.version)) ? 200 : 404 };
  return { status: PAGES.some((page) => page.test(path)) ? 200 : 404 };
}
