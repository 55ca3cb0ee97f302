import { retirementListSchema, type RetirementList, type RetirementStatus } from '@carbonledger/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export interface RetirementPageQuery {
  page: number;
  pageSize: number;
  status?: RetirementStatus;
}

export const retirementKeys = {
  all: ['retirements'] as const,
  list: (query: RetirementPageQuery) => [...retirementKeys.all, 'list', query] as const,
  stats: () => [...retirementKeys.all, 'stats'] as const,
};

/** Statuses the server still moves on by itself (the job fires, the chain decides): worth polling. */
const MOVING: readonly RetirementStatus[] = ['scheduled', 'processing'];
export const POLL_INTERVAL_MS = 3_000;

export function fetchRetirements(query: RetirementPageQuery): Promise<RetirementList> {
  return api.get('/retirements', retirementListSchema, { query: { ...query } });
}

export function isMoving(list: RetirementList | undefined): boolean {
  return Boolean(list?.items.some((item) => MOVING.includes(item.status)));
}

export const retirementsQuery = (query: RetirementPageQuery) =>
  queryOptions({
    queryKey: retirementKeys.list(query),
    queryFn: () => fetchRetirements(query),
    placeholderData: keepPreviousData,
    refetchInterval: (current) => (isMoving(current.state.data) ? POLL_INTERVAL_MS : false),
  });

export function useRetirements(query: RetirementPageQuery) {
  return useQuery(retirementsQuery(query));
}
