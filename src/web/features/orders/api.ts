import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Order, OrderSummary, PayOrder, PayPalConfig } from '../../../shared/orders';
import { api } from '../../api/client';

export const orderQuery = (id: string) =>
  queryOptions({
    queryKey: ['orders', 'detail', id],
    queryFn: ({ signal }) => api<Order>(`/api/orders/${encodeURIComponent(id)}`, { signal }),
  });

export const myOrdersQuery = () =>
  queryOptions({
    queryKey: ['orders', 'mine'],
    queryFn: ({ signal }) => api<OrderSummary[]>('/api/orders/mine', { signal }),
  });

export const allOrdersQuery = () =>
  queryOptions({
    queryKey: ['orders', 'all'],
    queryFn: ({ signal }) => api<OrderSummary[]>('/api/orders', { signal }),
  });

export const paypalConfigQuery = () =>
  queryOptions({
    queryKey: ['config', 'paypal'],
    queryFn: ({ signal }) => api<PayPalConfig>('/api/config/paypal', { signal }),
    staleTime: Infinity,
  });

export const useOrder = (id: string) => useQuery(orderQuery(id));
export const useMyOrders = () => useQuery(myOrdersQuery());
export const useAllOrders = () => useQuery(allOrdersQuery());
export const usePayPalConfig = (enabled: boolean) => useQuery({ ...paypalConfigQuery(), enabled });

/** After paying or delivering, the order and every list showing it are read again (SPEC.md §4 "then refetch"). */
function useOrderMutation<T>(mutationFn: (input: T) => Promise<Order>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (order) => queryClient.setQueryData(orderQuery(order._id).queryKey, order),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['orders'] }),
  });
}

export const usePayOrder = (id: string) =>
  useOrderMutation((payment: PayOrder) => api<Order>(`/api/orders/${encodeURIComponent(id)}/pay`, { method: 'PUT', body: payment }));

export const useDeliverOrder = (id: string) =>
  useOrderMutation(() => api<Order>(`/api/orders/${encodeURIComponent(id)}/deliver`, { method: 'PUT' }));
