import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { MIN_CITY_QUERY, type BranchList, type BranchType, type CityList, type DeliveryEstimate, type StreetList } from '../../../shared/delivery';
import type { GuestOrder, GuestOrderCreate, Order, OrderCreate } from '../../../shared/orders';
import { api, ApiError } from '../../api/client';
import { useLanguage } from '../../i18n';

/** The server keeps Nova Poshta's directory for hours; a few minutes here spares repeated typing. */
const DIRECTORY_STALE_MS = 5 * 60_000;

/** Settlements whose name starts with what the shopper typed (through the shop's server: it keeps the key). */
export const citiesQuery = (q: string) =>
  queryOptions({
    queryKey: ['delivery', 'cities', q],
    queryFn: ({ signal }) => api<CityList>(`/api/delivery/cities?q=${encodeURIComponent(q)}`, { signal }),
    staleTime: DIRECTORY_STALE_MS,
    retry: false,
  });

export const useCities = (q: string) => useQuery({ ...citiesQuery(q), enabled: q.trim().length >= MIN_CITY_QUERY, placeholderData: keepPreviousData });

export interface BranchSearch {
  cityRef: string;
  q?: string;
  type?: BranchType;
  /** One point by its ref: checks that a saved branch still exists. */
  ref?: string;
}

export const branchesQuery = (search: BranchSearch) =>
  queryOptions({
    queryKey: ['delivery', 'branches', search],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ cityRef: search.cityRef });
      if (search.q) params.set('q', search.q);
      if (search.type) params.set('type', search.type);
      if (search.ref) params.set('ref', search.ref);
      return api<BranchList>(`/api/delivery/branches?${params}`, { signal });
    },
    staleTime: DIRECTORY_STALE_MS,
    retry: false,
  });

export const useBranches = (search: BranchSearch | null) =>
  useQuery({
    ...branchesQuery(search ?? { cityRef: '' }),
    enabled: search !== null,
    // While the next letters load, the list of the same settlement stays; another settlement's never does.
    placeholderData: (previous, previousQuery) =>
      (previousQuery?.queryKey[2] as BranchSearch | undefined)?.cityRef === search?.cityRef ? previous : undefined,
  });

/** Streets of a settlement for courier delivery, as the shopper types. */
export const useStreets = (settlementRef: string | null, q: string) =>
  useQuery({
    queryKey: ['delivery', 'streets', settlementRef, q],
    queryFn: ({ signal }) =>
      api<StreetList>(`/api/delivery/streets?${new URLSearchParams({ settlementRef: settlementRef ?? '', q })}`, {
        signal,
      }),
    enabled: settlementRef !== null && q.trim().length >= MIN_CITY_QUERY,
    staleTime: DIRECTORY_STALE_MS,
    retry: false,
    placeholderData: keepPreviousData,
  });

export interface EstimateParams {
  settlementRef: string;
  /** A point's ref, or 'door'. */
  branchRef: string;
  weightKg: number;
  value: number;
}

/**
 * Nova Poshta's price and day for the parcel (docs/delivery.md). The server never fails for Nova
 * Poshta's sake; should the request itself fail, the screens keep the old wording.
 */
export const useDeliveryEstimate = (params: EstimateParams | null) =>
  useQuery({
    queryKey: ['delivery', 'estimate', params],
    queryFn: ({ signal }) =>
      api<DeliveryEstimate>(
        `/api/delivery/estimate?${new URLSearchParams({
          settlementRef: params!.settlementRef,
          branchRef: params!.branchRef,
          weightKg: String(params!.weightKg),
          value: String(params!.value),
        })}`,
        { signal },
      ),
    enabled: params !== null,
    staleTime: DIRECTORY_STALE_MS,
    retry: false,
  });

/** The value once the shopper has paused typing for `ms`. */
export function useDebounced<T>(value: T, ms = 250): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * POST /api/orders, or /api/orders/guest with the guest's e-mail (docs/delivery.md); the server
 * prices the order itself and takes the stock. The Idempotency-Key (one per checkout) makes a
 * repeated submit answer with the same order instead of a second one. A guest's answer carries the
 * secret of the order's link.
 */
const outcomeUnknown = (error: unknown) =>
  error instanceof ApiError &&
  (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR' || (typeof error.status === 'number' && error.status >= 500));

/** GET /api/orders/by-key/{key}: the order placed under the key, or null when there is none (or no answer). */
async function orderByKey(key: string): Promise<Order | GuestOrder | null> {
  try {
    return await api<Order | GuestOrder>(`/api/orders/by-key/${encodeURIComponent(key)}`);
  } catch {
    return null;
  }
}

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ payload, idempotencyKey }: { payload: OrderCreate | GuestOrderCreate; idempotencyKey: string }): Promise<Order | GuestOrder> => {
      const headers = { 'idempotency-key': idempotencyKey };
      // The order keeps the language the shopper uses: its letters speak it (docs/notifications.md).
      const body = { ...payload, locale: useLanguage.getState().language };
      try {
        return 'email' in body
          ? await api<GuestOrder>('/api/orders/guest', { method: 'POST', body, headers })
          : await api<Order>('/api/orders', { method: 'POST', body, headers });
      } catch (error) {
        // The answer was lost or the outcome is unknown: the order may exist. Ask by the key before
        // the shopper submits again (docs/orders.md, "Idempotency").
        if (!outcomeUnknown(error)) throw error;
        const placed = await orderByKey(idempotencyKey);
        if (placed) return placed;
        throw error;
      }
    },
    onSettled: () => {
      // Stock changed (or turned out short): products and order lists must be read again.
      void queryClient.invalidateQueries({ queryKey: ['products'] });
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
    },
  });
}
