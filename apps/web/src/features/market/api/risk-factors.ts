import { riskFactorsSchema, type RiskFactors } from '@carbonledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { marketKeys } from './market-keys';

export function fetchRiskFactors(): Promise<RiskFactors> {
  return api.get('/market/risk', riskFactorsSchema);
}

/** The server reads the holdings from the chain on every call. */
export const riskFactorsQuery = () => queryOptions({ queryKey: marketKeys.risk, queryFn: fetchRiskFactors, staleTime: 30_000 });

export function useRiskFactors() {
  return useQuery(riskFactorsQuery());
}
