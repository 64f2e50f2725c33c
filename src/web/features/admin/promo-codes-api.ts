import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProductList } from '../../../shared/products';
import type { PromoCode, PromoCodeInput } from '../../../shared/promo-codes';
import { api } from '../../api/client';

/** Promo codes, /api/admin/promo-codes (docs/api.md, docs/promo-codes.md): admins only. */

const KEY = ['promo-codes'];

export const usePromoCodes = () => useQuery({ queryKey: KEY, queryFn: ({ signal }) => api<{ promoCodes: PromoCode[] }>('/api/admin/promo-codes', { signal }) });

export function useSavePromoCode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: PromoCodeInput }) =>
      api<PromoCode>(id ? `/api/admin/promo-codes/${encodeURIComponent(id)}` : '/api/admin/promo-codes', { method: id ? 'PUT' : 'POST', body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export function useRemovePromoCode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<{ deleted: boolean; promoCode: PromoCode | null }>(`/api/admin/promo-codes/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

/** Products by name for the code's targets (every status: a code may be set up before a product is published). */
export const useProductSearch = (keyword: string) =>
  useQuery({
    queryKey: ['promo-codes', 'products', keyword],
    queryFn: ({ signal }) => api<ProductList>(`/api/products?all=true&keyword=${encodeURIComponent(keyword)}`, { signal }),
    enabled: keyword.trim().length >= 2,
    retry: false,
  });
