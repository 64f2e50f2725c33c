import { useQueries } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from '../../api/client';
import { productQuery } from '../catalog/api';
import { useCart, type CartItem } from '../../stores/cart';

export type LineProblem = { kind: 'gone' } | { kind: 'soldOut' } | { kind: 'short'; left: number };

/**
 * Checks every cart line against the catalogue as it is now: a product deleted, sold out or with
 * fewer units than the line asks for is a problem that keeps the cart from checkout. Fresh names,
 * prices and stock are copied into the lines.
 */
export function useCartAvailability(items: CartItem[]) {
  const refreshLine = useCart((s) => s.refreshLine);
  const results = useQueries({ queries: items.map((item) => ({ ...productQuery(item._id), staleTime: 0 })) });

  const problems = new Map<string, LineProblem>();
  items.forEach((item, i) => {
    const { data, error } = results[i] ?? {};
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) problems.set(item._id, { kind: 'gone' });
    else if (data && data.countInStock <= 0) problems.set(item._id, { kind: 'soldOut' });
    else if (data && item.qty > data.countInStock) problems.set(item._id, { kind: 'short', left: data.countInStock });
  });

  const fresh = results.flatMap((r) => (r.data ? [r.data] : []));
  // Changes only when the catalogue's answer does; refreshLine ignores lines already up to date.
  const freshKey = fresh.map((p) => `${p._id}:${p.countInStock}:${p.price}:${p.discount}:${p.name}:${p.image}`).join('|');
  useEffect(() => {
    for (const product of fresh) refreshLine(product);
  }, [freshKey]);

  return {
    problems,
    isChecking: results.some((r) => r.isPending),
    // A network failure does not block checkout: the server checks the stock again anyway.
    ok: problems.size === 0 && !results.some((r) => r.isPending),
  };
}
