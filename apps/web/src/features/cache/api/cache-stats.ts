import { cacheStatsSchema, type CacheStats } from '@carbonledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useFallbackInterval } from '../../../lib/realtime';

export const cacheKeys = {
  all: ['cache-dashboard'] as const,
  stats: () => [...cacheKeys.all, 'stats'] as const,
  keys: (pattern: string) => [...cacheKeys.all, 'keys', pattern] as const,
};

export function fetchCacheStats(): Promise<CacheStats> {
  return api.get('/operations/cache', cacheStatsSchema);
}

export const cacheStatsQuery = () => queryOptions({ queryKey: cacheKeys.stats(), queryFn: fetchCacheStats });

/** The page reads the cache again on every system_stats_update; a poll while the socket is down. */
export function useCacheStats() {
  const refetchInterval = useFallbackInterval(false, 10_000);
  return useQuery({ ...cacheStatsQuery(), refetchInterval });
}
