import { apiKeySchema, type ApiKey } from '@carbonledger/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { shouldRetryMutation } from '../../../lib/mutation-retry';
import { apiKeyKeys } from './api-keys';

export function revokeApiKey(id: string): Promise<ApiKey> {
  return api.post(`/api-keys/${id}/revoke`, undefined, apiKeySchema);
}

/** Retried like any mutation: revoking twice answers a conflict, never a second change. */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: revokeApiKey, retry: shouldRetryMutation, onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }) });
}
