import { discrepancyListSchema, type DiscrepancyList, type DiscrepancySeverity, type DiscrepancyType } from '@carbonledger/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const reconciliationKeys = { all: ['reconciliation'] as const };

export interface DiscrepancyQueueRequest {
  status: 'open' | 'resolved' | 'all';
  type?: DiscrepancyType;
  severity?: DiscrepancySeverity;
  search?: string;
  assignedToMe?: 'true';
  /** One-based, as the API counts. */
  page: number;
  pageSize: number;
}

export function fetchDiscrepancies(request: DiscrepancyQueueRequest): Promise<DiscrepancyList> {
  return api.get('/reconciliation/discrepancies', discrepancyListSchema, { query: { ...request } });
}

export const discrepanciesQuery = (request: DiscrepancyQueueRequest, refetchInterval: number) =>
  queryOptions({
    queryKey: [...reconciliationKeys.all, 'discrepancies', request],
    queryFn: () => fetchDiscrepancies(request),
    placeholderData: keepPreviousData,
    refetchInterval,
  });

export function useDiscrepancies(request: DiscrepancyQueueRequest, refetchInterval: number) {
  return useQuery(discrepanciesQuery(request, refetchInterval));
}
