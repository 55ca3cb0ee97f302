import { approvalListSchema, type ApprovalListQuery, type ApprovalWorkflow } from '@carbonledger/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useFallbackInterval } from '../../../lib/realtime';

export const approvalKeys = {
  all: ['approvals'] as const,
  list: (query: ApprovalListQuery) => [...approvalKeys.all, 'list', query] as const,
  count: () => [...approvalKeys.all, 'count'] as const,
  matrix: () => [...approvalKeys.all, 'matrix'] as const,
  delegates: (id: string) => [...approvalKeys.all, 'delegates', id] as const,
};

export function fetchApprovals(query: ApprovalListQuery): Promise<ApprovalWorkflow[]> {
  return api.get('/approvals', approvalListSchema, { query: { ...query } });
}

export const approvalsQuery = (query: ApprovalListQuery) =>
  queryOptions({ queryKey: approvalKeys.list(query), queryFn: () => fetchApprovals(query), placeholderData: keepPreviousData });

/** Workflows arrive and move by approval_update (the page invalidates on it); a slower poll while the socket is down. */
export function useApprovals(query: ApprovalListQuery) {
  const refetchInterval = useFallbackInterval(false, 15_000);
  return useQuery({ ...approvalsQuery(query), refetchInterval });
}
