import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ProductDetail } from '../../../shared/products';
import { productQuery } from '../catalog';
import { cartLineKey, packOf, useCart, type CartItem } from '../../stores/cart';

/** `choosePack`: a line saved before pack sizes, of a product now sold in several. */
export type LineProblem = { kind: 'gone' } | { kind: 'soldOut' } | { kind: 'short'; left: number } | { kind: 'choosePack' };

/**
 * Outside the hook, so its reference is stable: the query library then re-runs it, and hands back a
 * new `fresh` list, only when a query's result changes, not on every render.
 */
const withFresh = (results: UseQueryResult<ProductDetail | null>[]) => ({
  results,
  fresh: results.flatMap((r) => (r.data ? [r.data] : [])),
});

/**
 * Checks every cart line against the catalogue as it is now: a product or pack deleted, sold out
 * or with fewer units than the line asks for, or a pack not chosen, is a problem that keeps the
 * cart from checkout. Problems are keyed by cartLineKey. Fresh names, prices and stock are copied
 * into the lines.
 */
export function useCartAvailability(items: CartItem[]) {
  const refreshLine = useCart((s) => s.refreshLine);
  const { results, fresh } = useQueries({
    queries: items.map((item) => ({ ...productQuery(item._id), staleTime: 0 })),
    combine: withFresh,
  });

  const problems = new Map<string, LineProblem>();
  items.forEach((item, i) => {
    const { data } = results[i] ?? {};
    const key = cartLineKey(item);
    if (data === null) problems.set(key, { kind: 'gone' });
    if (!data) return;
    const pack = packOf(data, item.variant);
    if (!pack) problems.set(key, item.variant ? { kind: 'gone' } : { kind: 'choosePack' });
    else if (pack.countInStock <= 0) problems.set(key, { kind: 'soldOut' });
    else if (item.qty > pack.countInStock) problems.set(key, { kind: 'short', left: pack.countInStock });
  });

  // refreshLine leaves lines already up to date alone, so a repeat run changes nothing.
  useEffect(() => {
    for (const product of fresh) refreshLine(product);
  }, [fresh, refreshLine]);

  return {
    problems,
    isChecking: results.some((r) => r.isPending),
    // A network failure does not block checkout: the server checks the stock again anyway.
    ok: problems.size === 0 && !results.some((r) => r.isPending),
  };
}
