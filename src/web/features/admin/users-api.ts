import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminUserUpdateInput, UserInfo } from '../../../shared/users';
import { api } from '../../api/client';

/** User administration, /api/users (docs/api.md): admins only; the server checks the role on every call. */

export const usersQuery = () =>
  queryOptions({
    queryKey: ['users', 'list'],
    queryFn: ({ signal }) => api<UserInfo[]>('/api/users', { signal }),
  });

export const userQuery = (id: string) =>
  queryOptions({
    queryKey: ['users', 'detail', id],
    queryFn: ({ signal }) => api<UserInfo>(`/api/users/${encodeURIComponent(id)}`, { signal }),
  });

export const useUsers = () => useQuery(usersQuery());
export const useUser = (id: string) => useQuery(userQuery(id));

export function useUpdateUser(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminUserUpdateInput) => api<UserInfo>(`/api/users/${encodeURIComponent(id)}`, { method: 'PUT', body: { userId: id, ...body } }),
    onSuccess: (user) => {
      client.setQueryData(userQuery(id).queryKey, user);
      return client.invalidateQueries({ queryKey: usersQuery().queryKey });
    },
  });
}

export function useDeleteUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<{ message: string }>(`/api/users/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    // Their reviews went too: product ratings may have changed.
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: ['users'] }), client.invalidateQueries({ queryKey: ['products'] })]),
  });
}
