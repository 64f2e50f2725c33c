import { useQuery } from '@tanstack/react-query';
import type { PromoCheck, PromoCheckResult } from '../../../shared/promo-codes';
import { api } from '../../api/client';
import type { CartItem, CartShipping } from '../../stores/cart';

/** The lines as the check and the order read them: product and pack ids, options and quantities. */
export const orderLinesOf = (items: CartItem[]) =>
  items.map((item) => ({
    product: item.id,
    ...(item.variant ? { variant: item.variant } : {}),
    ...(item.options?.milled ? { options: { milled: true } } : {}),
    qty: item.qty,
  }));

/**
 * POST /api/promo-codes/check for the cart as it is now (docs/promo-codes.md): asked again whenever
 * the lines change, so the cart, the review and the order agree. A guest's e-mail and phone, once
 * given, let the check answer "already used by you" as the order would.
 */
export function usePromoCheck(code: string | null, items: CartItem[], address: CartShipping | null) {
  const body: PromoCheck | null = code
    ? {
        code,
        orderItems: orderLinesOf(items),
        ...(address?.guestEmail ? { email: address.guestEmail } : {}),
        ...(address?.phoneNumber ? { phone: address.phoneNumber } : {}),
      }
    : null;
  return useQuery({
    queryKey: ['promo-check', body],
    queryFn: ({ signal }) => api<PromoCheckResult>('/api/promo-codes/check', { method: 'POST', body, signal }),
    enabled: body !== null && items.length > 0,
    retry: false,
    staleTime: 30_000,
  });
}
