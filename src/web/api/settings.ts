import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TEST_MODE_QUERY_KEY, type PaymentsConfig } from '../../shared/payment-methods';
import type { PublicSettings, ShopSettings, ShopSettingsInput } from '../../shared/settings';
import { api } from './client';

/** The shop's public settings: its name and contacts, transfer details, pricing rules (docs/settings.md). */
export const shopSettingsQuery = () =>
  queryOptions({
    queryKey: ['settings', 'public'],
    queryFn: ({ signal }) => api<PublicSettings>('/api/settings', { signal }),
    staleTime: 5 * 60_000,
  });

export const useShopSettings = () => useQuery(shopSettingsQuery());

export const adminSettingsQuery = () =>
  queryOptions({
    queryKey: ['settings', 'admin'],
    queryFn: ({ signal }) => api<ShopSettings>('/api/settings/admin', { signal }),
  });

export const useAdminSettings = () => useQuery(adminSettingsQuery());

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: ShopSettingsInput) => api<ShopSettings>('/api/settings', { method: 'PUT', body: settings }),
    onSuccess: (saved) => queryClient.setQueryData(adminSettingsQuery().queryKey, saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['settings'] }).then(() => queryClient.invalidateQueries({ queryKey: ['config'] })),
  });
}

/** The payment methods the shop takes now, PayPal's client id and today's rate. */
export const paymentsConfigQuery = () =>
  queryOptions({
    queryKey: ['config', 'payments'],
    queryFn: ({ signal }) => api<PaymentsConfig>('/api/config/payments', { signal }),
    staleTime: 60_000,
  });

export const usePaymentsConfig = (enabled = true) => useQuery({ ...paymentsConfigQuery(), enabled });

/** Whether test payments are on (the banner of every page): a rendered page carries it, others ask once. */
export const useTestMode = () =>
  useQuery({
    queryKey: TEST_MODE_QUERY_KEY,
    queryFn: async ({ signal }) => (await api<PaymentsConfig>('/api/config/payments', { signal })).testMode,
    staleTime: Infinity,
  });
