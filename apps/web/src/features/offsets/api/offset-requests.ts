import { offsetRequestListSchema, type OffsetRequestList, type OffsetRequestStatus } from '@carbonledger/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const offsetKeys = { all: ['offset-requests'] as const };

export interface OffsetRequestsPage {
  status?: OffsetRequestStatus;
  /** One-based, as the API counts. */
  page: number;
  pageSize: number;
}

export function fetchOffsetRequests(request: OffsetRequestsPage): Promise<OffsetRequestList> {
  return api.get('/offsets/requests', offsetRequestListSchema, { query: { ...request } });
}

export const offsetRequestsQuery = (request: OffsetRequestsPage, refetchInterval: number) =>
  queryOptions({
    queryKey: [...offsetKeys.all, 'list', request],
    queryFn: () => fetchOffsetRequests(request),
    placeholderData: keepPreviousData,
    refetchInterval,
  });

export function useOffsetRequests(request: OffsetRequestsPage, refetchInterval: number) {
  return useQuery(offsetRequestsQuery(request, refetchInterval));
}
