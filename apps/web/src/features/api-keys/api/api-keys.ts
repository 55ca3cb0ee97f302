import { apiKeyListSchema, type ApiKey } from '@carbonledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const apiKeyKeys = { all: ['api-keys'] as const, list: ['api-keys', 'list'] as const, usage: ['api-keys', 'usage'] as const };

export function fetchApiKeys(): Promise<ApiKey[]> {
  return api.get('/api-keys', apiKeyListSchema);
}

export const apiKeysQuery = (refetchInterval: number) => queryOptions({ queryKey: apiKeyKeys.list, queryFn: fetchApiKeys, refetchInterval });

/** The company's keys; read again now and then, since last use and usage change with every call of a key. */
export function useApiKeys(refetchInterval: number) {
  return useQuery(apiKeysQuery(refetchInterval));
}
