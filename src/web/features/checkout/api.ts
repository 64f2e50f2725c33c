import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BranchList, Order, OrderCreate } from '../../../shared/orders';
import { api } from '../../api/client';

/** Nova Poshta branches of a city, through the shop's server (it keeps the API key). */
export const branchesQuery = (city: string) =>
  queryOptions({
    queryKey: ['delivery', 'branches', city],
    queryFn: ({ signal }) => api<BranchList>(`/api/delivery/branches?city=${encodeURIComponent(city)}`, { signal }),
    // The server keeps them an hour; a few minutes here spares repeated clicks.
    staleTime: 5 * 60_000,
    retry: false,
  });

export const useBranches = (city: string) => useQuery({ ...branchesQuery(city), enabled: city.length > 0 });

/** POST /api/orders; the server prices the order itself and takes the stock. */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: OrderCreate) => api<Order>('/api/orders', { method: 'POST', body: payload }),
    onSettled: () => {
      // Stock changed (or turned out short): products and order lists must be read again.
      void queryClient.invalidateQueries({ queryKey: ['products'] });
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
    },
  });
}
