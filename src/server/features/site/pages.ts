import type { Tx } from '../../db/client.js';
import { PRODUCT_REF } from '../../../shared/product-path.js';
import { isCategoryVisible } from '../categories/index.js';
import { findProductByRef } from '../products/index.js';
import { matchRoute, productPath, type LegalPageKey } from '../../../shared/routes.js';
import { legalVersionExists } from '../legal/index.js';
import { findSavedRecipe } from '../recipes/index.js';

/** The legal page an address shows, and the version when it names one. */
export function legalPageOf(path: string): { key: LegalPageKey; version?: number } | null {
  const page = matchRoute(path);
  if (!page?.route.legal) return null;
  return page.params.version ? { key: page.route.legal, version: Number(page.params.version) } : { key: page.route.legal };
}

/** Versions are numbered from 1 in an integer column: a longer number names none. */
const LEGAL_VERSION = /^\d{1,7}$/;

export type PageAnswer = { status: 200 | 404 } | { redirect: string };

/**
 * 200 when a page of the shop answers this path (a product page only for a product that exists),
 * a permanent redirect for a product addressed by anything but its slug (old `/product/{id}` links), else 404.
 */
export async function resolvePage(tx: Tx, pathname: string): Promise<PageAnswer> {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  // The web app's pages (src/shared/routes.ts): an address no page answers gets a real 404 and a
  // search engine never indexes it (docs/seo.md). The web app shows its "not found" page either way.
  const page = matchRoute(path);
  if (!page) return { status: 404 };
  if (page.name === 'product') {
    const ref = page.params.id;
    if (!PRODUCT_REF.test(ref)) return { status: 404 };
    const row = await findProductByRef(tx, ref);
    if (!row || row.status !== 'published') return { status: 404 };
    return row.slug === ref || !row.slug ? { status: 200 } : { redirect: productPath(row.slug) };
  }
  if (page.name === 'category') {
    return { status: (await isCategoryVisible(tx, decodeURIComponent(page.params.slug))) ? 200 : 404 };
  }
  if (page.name === 'savedRecipe') return { status: (await findSavedRecipe(tx, page.params.id)) ? 200 : 404 };
  const legal = legalPageOf(path);
  if (legal?.version) return { status: LEGAL_VERSION.test(page.params.version) && (await legalVersionExists(tx, legal.key, legal.version)) ? 200 : 404 };
  return { status: 200 };
}
