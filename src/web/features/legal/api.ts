import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminLegalList, AdminLegalPage, LegalPage, LegalPageKey, LegalPageSave } from '../../../shared/legal';
import { api } from '../../api/client';

/**
 * A legal page as shoppers read it: the version in force, or a given one (docs/api.md). The key
 * matches what the server embeds in the page it renders (docs/seo.md).
 */
export const legalPageQuery = (key: LegalPageKey, version?: number) =>
  queryOptions({
    queryKey: ['legal', key, version ?? 'current'],
    queryFn: ({ signal }) => api<LegalPage>(version ? `/api/legal/${key}/versions/${version}` : `/api/legal/${key}`, { signal }),
    // An old version never changes; the one in force may, but rarely.
    staleTime: version ? Infinity : 5 * 60_000,
  });

export const useLegalPage = (key: LegalPageKey, version?: number) => useQuery(legalPageQuery(key, version));

export const adminLegalQuery = () =>
  queryOptions({
    queryKey: ['legal', 'admin'],
    queryFn: ({ signal }) => api<AdminLegalList>('/api/admin/legal', { signal }),
  });

export const useAdminLegal = () => useQuery(adminLegalQuery());

/** PUT /api/admin/legal/{key}: a new version in force. */
export function useSaveLegalPage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, page }: { key: LegalPageKey; page: LegalPageSave }) => api<AdminLegalPage>(`/api/admin/legal/${key}`, { method: 'PUT', body: page }),
    onSuccess: (saved) =>
      queryClient.setQueryData(adminLegalQuery().queryKey, (list) => list && { pages: list.pages.map((p) => (p.key === saved.key ? saved : p)) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['legal'] }),
  });
}

/** The Markdown as the page will show it, rendered by the server's own rules. */
export const usePreviewLegal = () =>
  useMutation({ mutationFn: (body: string) => api<{ html: string }>('/api/admin/legal/preview', { method: 'POST', body: { body } }) });
