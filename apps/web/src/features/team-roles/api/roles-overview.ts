import { rolesOverviewSchema, type RolesOverview } from '@carbonledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useFallbackInterval } from '../../../lib/realtime';

export const roleKeys = {
  all: ['team-roles'] as const,
  overview: (companyId: string | undefined) => [...roleKeys.all, 'overview', companyId ?? 'all'] as const,
  candidates: (customRoleId: string) => [...roleKeys.all, 'candidates', customRoleId] as const,
  companies: () => [...roleKeys.all, 'companies'] as const,
};

export function fetchRolesOverview(companyId: string | undefined): Promise<RolesOverview> {
  return api.get('/roles', rolesOverviewSchema, { query: { companyId } });
}

export const rolesOverviewQuery = (companyId: string | undefined) =>
  queryOptions({ queryKey: roleKeys.overview(companyId), queryFn: () => fetchRolesOverview(companyId), staleTime: 10_000 });

/** Other administrators' changes arrive by a slow poll (no event tells this screen), faster while the socket is down. */
export function useRolesOverview(companyId: string | undefined) {
  const refetchInterval = useFallbackInterval(60_000, 15_000);
  return useQuery({ ...rolesOverviewQuery(companyId), refetchInterval });
}
