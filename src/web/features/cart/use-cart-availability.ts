import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ProductDetail } from '../../../shared/products';
import { productQuery } from '../catalog';
import { useShopSettings } from '../../api/settings';
import { useAuth } from '../../stores/auth';
import { cartLineKey, packOf, useCart, type CartItem } from '../../stores/cart';

/**
 * `choosePack`: a line saved before pack sizes, of a product now sold in several. `overLimit`: more
 * units of one product than one order may hold (the shop's order limits, docs/orders.md "Limits").
 */
export type LineProblem =
  { kind: 'gone' } | { kind: 'soldOut' } | { kind: 'short'; left: number } | { kind: 'choosePack' } | { kind: 'overLimit'; max: number };

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
    queries: items.map((item) => ({ ...productQuery(item.id), staleTime: 0 })),
    combine: withFresh,
  });

  // The shop's limits for this shopper: a guest's are lower; until they load, the server still checks.
  const limits = useShopSettings().data?.orderLimits;
  const signedIn = useAuth((s) => s.userInfo !== null);
  const lineMax = limits ? (signedIn ? limits.customerLineQty : limits.guestLineQty) : Infinity;
  const orderMax = limits ? (signedIn ? limits.customerOrderQty : limits.guestOrderQty) : Infinity;
  const units = items.reduce((sum, item) => sum + item.qty, 0);

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
    else if (item.qty > lineMax) problems.set(key, { kind: 'overLimit', max: lineMax });
  });

  // refreshLine leaves lines already up to date alone, so a repeat run changes nothing.
  useEffect(() => {
    for (const product of fresh) refreshLine(product);
  }, [fresh, refreshLine]);

  const overOrderLimit = units > orderMax ? orderMax : null;
  return {
    problems,
    /** The most units one order may hold, when the cart holds more. */
    overOrderLimit,
    isChecking: results.some((r) => r.isPending),
    // A network failure does not block checkout: the server checks the stock again anyway.
    ok: problems.size === 0 && overOrderLimit === null && !results.some((r) => r.isPending),
  };
}
