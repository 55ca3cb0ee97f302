import { retirementStatsSchema, type RetirementStats } from '@carbonledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { retirementKeys } from './retirements';

export function fetchRetirementStats(): Promise<RetirementStats> {
  return api.get('/retirements/stats', retirementStatsSchema);
}

export const retirementStatsQuery = (refetchInterval: number | false = false) =>
  queryOptions({ queryKey: retirementKeys.stats(), queryFn: fetchRetirementStats, refetchInterval });

/** Polled alongside the history while a retirement is still moving. */
export function useRetirementStats(refetchInterval: number | false = false) {
  return useQuery(retirementStatsQuery(refetchInterval));
}
