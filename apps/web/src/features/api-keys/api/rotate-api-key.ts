import { apiKeyWithSecretSchema, type ApiKeyWithSecret } from '@carbonledger/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { apiKeyKeys } from './api-keys';

export function rotateApiKey(id: string): Promise<ApiKeyWithSecret> {
  return api.post(`/api-keys/${id}/rotate`, undefined, apiKeyWithSecretSchema);
}

export function useRotateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: rotateApiKey, onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.list }) });
}
