import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './client';

/** Results stay fresh 5 seconds (docs/domain.md); client errors are not retried. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 5_000,
      gcTime: 5 * 60_000,
      retry: (count, error) => count < 2 && !(error instanceof ApiError && typeof error.status === 'number' && error.status < 500),
      refetchOnWindowFocus: false,
    },
  },
});
