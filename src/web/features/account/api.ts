import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminUserUpdateInput, LoginInput, ProfileUpdateInput, RegisterInput, UserInfo } from '../../../shared/users';
import { api } from '../../api/client';
import { queryClient } from '../../api/query-client';
import { useAuth } from '../../stores/auth';

/** /api/users (SPEC.md §7): sessions, the profile and user administration. */

export const login = (body: LoginInput) => api<UserInfo>('/api/users/auth', { method: 'POST', body });
export const register = (body: RegisterInput) => api<UserInfo>('/api/users', { method: 'POST', body });

/** Ends the session on the server (every device), then forgets everything here (SPEC.md §4). */
export async function logout() {
  try {
    await api<{ message: string }>('/api/users/logout', { method: 'POST' });
  } finally {
    // Even if the server is unreachable the user asked to leave: this browser forgets them.
    useAuth.getState().signOut();
    queryClient.clear();
  }
}

/** Sign-in and registration store the returned user info, as every later screen reads it. */
export function useLogin() {
  const setCredentials = useAuth((s) => s.setCredentials);
  return useMutation({ mutationFn: login, onSuccess: setCredentials });
}

export function useRegister() {
  const setCredentials = useAuth((s) => s.setCredentials);
  return useMutation({ mutationFn: register, onSuccess: setCredentials });
}

export const useLogout = () => useMutation({ mutationFn: logout });

export const profileQuery = () =>
  queryOptions({
    queryKey: ['users', 'profile'],
    queryFn: ({ signal }) => api<UserInfo>('/api/users/profile', { signal }),
  });
export const useProfile = () => useQuery(profileQuery());

export function useUpdateProfile() {
  const client = useQueryClient();
  const setCredentials = useAuth((s) => s.setCredentials);
  return useMutation({
    mutationFn: (body: ProfileUpdateInput) => api<UserInfo>('/api/users/profile', { method: 'PUT', body }),
    onSuccess: (user) => {
      setCredentials(user);
      client.setQueryData(profileQuery().queryKey, user);
    },
  });
}

// Administration (admins only; the server checks the role on every call).

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
    mutationFn: (body: AdminUserUpdateInput) =>
      api<UserInfo>(`/api/users/${encodeURIComponent(id)}`, { method: 'PUT', body: { userId: id, ...body } }),
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
