import { activityFacetsSchema, type ActivityFacets } from '@carbonledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { activityKeys } from './activity';

/** The people, action types and resource types the filter menus offer. */
export function fetchActivityFacets(): Promise<ActivityFacets> {
  return api.get('/team/activity/facets', activityFacetsSchema);
}

export const activityFacetsQuery = () => queryOptions({ queryKey: [...activityKeys.all, 'facets'], queryFn: fetchActivityFacets });

export function useActivityFacets() {
  return useQuery(activityFacetsQuery());
}
