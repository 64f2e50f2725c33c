import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FiscalStatus } from '../../../shared/fiscal';
import { api } from '../../api/client';

/** Whether fiscal receipts go out through Checkbox (docs/fiscal.md); set by the server's environment. */
export const fiscalStatusQuery = () =>
  queryOptions({
    queryKey: ['fiscal', 'status'],
    queryFn: ({ signal }) => api<FiscalStatus>('/api/fiscal/status', { signal }),
    staleTime: 5 * 60_000,
  });

export const useFiscalStatus = () => useQuery(fiscalStatusQuery());
