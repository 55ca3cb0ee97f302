import { cacheKeyListSchema, type CacheKeyList } from '@carbonledger/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useFallbackInterval } from '../../../lib/realtime';
import { cacheKeys } from './cache-stats';

export function fetchCacheKeys(pattern: string): Promise<CacheKeyList> {
  return api.get('/operations/cache/keys', cacheKeyListSchema, { query: { pattern, limit: 200 } });
}

export const cacheKeysQuery = (pattern: string) =>
  queryOptions({ queryKey: cacheKeys.keys(pattern), queryFn: () => fetchCacheKeys(pattern), placeholderData: keepPreviousData });

export function useCacheKeys(pattern: string) {
  const refetchInterval = useFallbackInterval(false, 10_000);
  return useQuery({ ...cacheKeysQuery(pattern), refetchInterval });
}
