import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient, queryRetryDelay, shouldRetryMutation, shouldRetryQuery } from './query-client';

describe('query defaults (docs/product.md §8/§9)', () => {
  it('never retries a client error and tries anything else up to 3 times', () => {
    expect(shouldRetryQuery(0, new ApiError('no', 404))).toBe(false);
    expect(shouldRetryQuery(0, new ApiError('no', 400))).toBe(false);
    expect(shouldRetryQuery(0, new ApiError('down', 503))).toBe(true);
    expect(shouldRetryQuery(1, new ApiError('down', 503))).toBe(true);
    expect(shouldRetryQuery(2, new ApiError('down', 503))).toBe(false);
    expect(shouldRetryQuery(0, new ApiError('offline', 0))).toBe(true);
  });

  it('doubles the delay from 1 s and caps it at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(queryRetryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('retries a mutation once, but not a refused one', () => {
    expect(shouldRetryMutation(0, new ApiError('down', 500))).toBe(true);
    expect(shouldRetryMutation(1, new ApiError('down', 500))).toBe(false);
    expect(shouldRetryMutation(0, new ApiError('Invalid email or password', 401))).toBe(false);
  });

  it('keeps data fresh 5 minutes, cached 10, without refetch on focus', () => {
    const defaults = createQueryClient().getDefaultOptions().queries;
    expect(defaults).toMatchObject({ staleTime: 300_000, gcTime: 600_000, refetchOnWindowFocus: false, refetchOnMount: true, refetchOnReconnect: true });
  });
});
