import { apiUsageSchema, type ApiUsage, type UsagePeriod } from '@carbonledger/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { apiKeyKeys } from './api-keys';

export interface UsageRequest {
  period: UsagePeriod;
  /** One key's usage; without it the company's. */
  keyId?: string;
}

export function fetchApiUsage(request: UsageRequest): Promise<ApiUsage> {
  return api.get('/api-keys/usage', apiUsageSchema, { query: { ...request } });
}

export const apiUsageQuery = (request: UsageRequest, refetchInterval: number) =>
  queryOptions({
    queryKey: [...apiKeyKeys.usage, request],
    queryFn: () => fetchApiUsage(request),
    placeholderData: keepPreviousData,
    refetchInterval,
  });

export function useApiUsage(request: UsageRequest, refetchInterval: number) {
  return useQuery(apiUsageQuery(request, refetchInterval));
}
