import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OutboxList, OutboxMessage, OutboxState } from '../../../shared/outbox';
import { api } from '../../api/client';

/** The notice outbox, /api/admin/outbox (docs/api.md, docs/notifications.md): admins only. */

export const noticesQuery = (state: OutboxState) =>
  queryOptions({
    queryKey: ['outbox', state],
    queryFn: ({ signal }) => api<OutboxList>(`/api/admin/outbox?state=${state}`, { signal }),
  });

export const useNotices = (state: OutboxState) => useQuery(noticesQuery(state));

export function useRetryNotice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<OutboxMessage>(`/api/admin/outbox/${encodeURIComponent(id)}/retry`, { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['outbox'] }),
  });
}
