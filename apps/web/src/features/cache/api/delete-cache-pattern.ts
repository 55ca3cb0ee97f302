import { cacheDeletedSchema } from '@carbonledger/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { cacheKeys } from './cache-stats';

export function deleteCachePattern(pattern: string): Promise<{ deleted: number }> {
  return api.post('/operations/cache/delete-pattern', { pattern }, cacheDeletedSchema);
}

export function useDeleteCachePattern() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteCachePattern, retry: false, onSettled: () => queryClient.invalidateQueries({ queryKey: cacheKeys.all }) });
}
