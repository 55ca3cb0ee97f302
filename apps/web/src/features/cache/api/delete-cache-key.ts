import { cacheDeletedSchema } from '@carbonledger/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { cacheKeys } from './cache-stats';

export function deleteCacheKey(key: string): Promise<{ deleted: number }> {
  return api.delete(`/operations/cache/keys/${encodeURIComponent(key)}`, cacheDeletedSchema);
}

export function useDeleteCacheKey() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteCacheKey, retry: false, onSettled: () => queryClient.invalidateQueries({ queryKey: cacheKeys.all }) });
}
