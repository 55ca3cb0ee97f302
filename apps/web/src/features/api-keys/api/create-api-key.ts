import { apiKeyWithSecretSchema, type ApiKeyWithSecret, type CreateApiKeyRequest } from '@carbonledger/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { apiKeyKeys } from './api-keys';

export function createApiKey(request: CreateApiKeyRequest): Promise<ApiKeyWithSecret> {
  return api.post('/api-keys', request, apiKeyWithSecretSchema);
}

/** Not retried: a lost answer would leave a key whose secret nobody saw (it can be revoked from the list). */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createApiKey, onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.list }) });
}
