import { QUERY_DEFAULTS } from '@carbonledger/contracts';
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** SPEC §8: client errors (400-499) are final; anything else is tried up to 3 times. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount + 1 < QUERY_DEFAULTS.maxQueryAttempts;
}

/** SPEC §9: the delay doubles from 1 s and never exceeds 30 s. */
export function queryRetryDelay(failureCount: number): number {
  return Math.min(QUERY_DEFAULTS.retryBaseDelayMs * 2 ** failureCount, QUERY_DEFAULTS.retryMaxDelayMs);
}

/**
 * SPEC §8: mutations retry once. A refused request (400-499, e.g. a wrong password) is not
 * sent again: repeating it would only count a second failed attempt against the account.
 */
export function shouldRetryMutation(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < QUERY_DEFAULTS.mutationRetries;
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
