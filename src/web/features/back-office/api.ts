import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditList, CustomerDetail, CustomerList, Dashboard, DashboardPeriod } from '../../../shared/back-office';
import { api } from '../../api/client';

/** The back office's reads (docs/api.md, docs/back-office.md): admins only. */

export const dashboardQuery = (days: DashboardPeriod) =>
  queryOptions({
    queryKey: ['admin', 'dashboard', days],
    queryFn: ({ signal }) => api<Dashboard>(`/api/admin/dashboard?days=${days}`, { signal }),
  });
export const useDashboard = (days: DashboardPeriod) => useQuery({ ...dashboardQuery(days), placeholderData: keepPreviousData });

export const useCustomers = (q: string, page: number) =>
  useQuery({
    queryKey: ['admin', 'customers', q, page],
    queryFn: ({ signal }) => api<CustomerList>(`/api/admin/customers?${new URLSearchParams({ q, page: String(page) })}`, { signal }),
    placeholderData: keepPreviousData,
  });

export const useCustomer = (id: string) =>
  useQuery({
    queryKey: ['admin', 'customer', id],
    queryFn: ({ signal }) => api<CustomerDetail>(`/api/admin/customers/${encodeURIComponent(id)}`, { signal }),
  });

export interface AuditFilter {
  entity?: string;
  id?: string;
  actor?: string;
  page?: number;
}

export const useAudit = (filter: AuditFilter) => {
  const params = new URLSearchParams(Object.entries(filter).flatMap(([key, value]) => (value ? [[key, String(value)]] : [])));
  return useQuery({
    // Every write may add entries: the trail is read afresh each time it is shown.
    queryKey: ['admin', 'audit', params.toString()],
    queryFn: ({ signal }) => api<AuditList>(`/api/admin/audit?${params}`, { signal }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
};
