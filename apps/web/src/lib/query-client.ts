import { QUERY_DEFAULTS } from '@carbonledger/contracts';
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { useAuthStore } from './auth-store';
import { shouldRetryMutation } from './mutation-retry';

export { shouldRetryMutation };

/** docs/product.md §8: client errors (400-499) are final; anything else is tried up to 3 times. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount + 1 < QUERY_DEFAULTS.maxQueryAttempts;
}

/** docs/product.md §9: the delay doubles from 1 s and never exceeds 30 s. */
export function queryRetryDelay(failureCount: number): number {
  return Math.min(QUERY_DEFAULTS.retryBaseDelayMs * 2 ** failureCount, QUERY_DEFAULTS.retryMaxDelayMs);
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_DEFAULTS.staleTimeMs,
        gcTime: QUERY_DEFAULTS.gcTimeMs,
        retry: shouldRetryQuery,
        retryDelay: queryRetryDelay,
        refetchOnWindowFocus: false,
        refetchOnMount: true,
        refetchOnReconnect: true,
      },
      mutations: { retry: shouldRetryMutation },
    },
  });
}

export const queryClient = createQueryClient();

/** Signing out forgets every cached answer, so the next user never sees the previous one's data. */
useAuthStore.subscribe((state) => {
  if (state.status === 'unauthenticated') queryClient.clear();
});
