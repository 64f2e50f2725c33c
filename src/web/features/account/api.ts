import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LoginInput, PasswordResetConfirm, PasswordResetRequest, ProfileUpdateInput, RegisterInput, UserInfo } from '../../../shared/users';
import { api } from '../../api/client';
import { queryClient } from '../../api/query-client';
import { useAuth } from '../../stores/auth';

/** /api/users (docs/api.md): sessions and the profile; user administration is in admin/users-api.ts. */

export const login = (body: LoginInput) => api<UserInfo>('/api/users/auth', { method: 'POST', body });
export const register = (body: RegisterInput) => api<UserInfo>('/api/users', { method: 'POST', body });

/** Ends the session on the server (every device), then forgets everything here (docs/decisions/007-sessions.md). */
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

/** "Забули пароль?": the server answers the same whether or not the address has an account. */
export const useRequestPasswordReset = () =>
  useMutation({ mutationFn: (body: PasswordResetRequest) => api<{ message: string }>('/api/users/password-reset', { method: 'POST', body }) });
export const useConfirmPasswordReset = () =>
  useMutation({ mutationFn: (body: PasswordResetConfirm) => api<{ message: string }>('/api/users/password-reset/confirm', { method: 'POST', body }) });

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
