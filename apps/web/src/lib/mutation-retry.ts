import { QUERY_DEFAULTS } from '@carbonledger/contracts';
import { ApiError } from './api-client';

/**
 * docs/product.md §8: mutations retry once. A refused request (400-499, e.g. a wrong password) is not
 * sent again: repeating it would only count a second failed attempt against the account.
 */
export function shouldRetryMutation(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < QUERY_DEFAULTS.mutationRetries;
}
