import { apiKeyListSchema, type ApiKey } from '@carbonledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The same list /api-management reads (its query key too, so either screen's change refreshes the other). */
export function fetchApiKeysSummary(): Promise<ApiKey[]> {
  return api.get('/api-keys', apiKeyListSchema);
}

export const apiKeysSummaryQuery = (enabled: boolean) => queryOptions({ queryKey: ['api-keys', 'list'], queryFn: fetchApiKeysSummary, enabled });

export function useApiKeysSummary(enabled: boolean) {
  return useQuery(apiKeysSummaryQuery(enabled));
}
