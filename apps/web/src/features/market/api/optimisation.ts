import { optimisationSchema, type Optimisation } from '@carbonledger/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { marketKeys } from './market-keys';

export function fetchOptimisation(target: number): Promise<Optimisation> {
  return api.get(`/market/optimisation?target=${target}`, optimisationSchema);
}

export const optimisationQuery = (target: number) =>
  queryOptions({ queryKey: marketKeys.optimisation(target), queryFn: () => fetchOptimisation(target), staleTime: 30_000, placeholderData: keepPreviousData });

export function useOptimisation(target: number) {
  return useQuery(optimisationQuery(target));
}
