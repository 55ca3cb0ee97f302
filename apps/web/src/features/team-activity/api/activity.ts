import { activityListSchema, type ActivityFilters, type ActivityList } from '@carbonledger/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const activityKeys = { all: ['team-activity'] as const };

export interface ActivityPage {
  filters: ActivityFilters;
  /** One-based, as the API counts. */
  page: number;
  pageSize: number;
}

export function fetchActivity({ filters, page, pageSize }: ActivityPage): Promise<ActivityList> {
  return api.get('/team/activity', activityListSchema, { query: { ...filters, page, pageSize } });
}

export const activityQuery = (request: ActivityPage, refetchInterval: number) =>
  queryOptions({ queryKey: [...activityKeys.all, 'list', request], queryFn: () => fetchActivity(request), placeholderData: keepPreviousData, refetchInterval });

export function useActivity(request: ActivityPage, refetchInterval: number) {
  return useQuery(activityQuery(request, refetchInterval));
}
