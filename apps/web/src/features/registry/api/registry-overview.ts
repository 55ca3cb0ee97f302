import { registryOverviewSchema, type RegistryOverview } from '@carbonledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const registryKeys = { all: ['registry'] as const };

export function fetchRegistryOverview(): Promise<RegistryOverview> {
  return api.get('/registry', registryOverviewSchema);
}

export const registryOverviewQuery = (refetchInterval: number) =>
  queryOptions({ queryKey: [...registryKeys.all, 'overview'], queryFn: fetchRegistryOverview, refetchInterval });

export function useRegistryOverview(refetchInterval: number) {
  return useQuery(registryOverviewQuery(refetchInterval));
}
