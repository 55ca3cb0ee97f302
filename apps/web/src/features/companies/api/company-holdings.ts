import { portfolioSchema, type Portfolio } from '@carbonledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { companyKeys } from './companies';

/** The company's token holdings, read from the chain (GET /portfolio?companyId=). */
export function fetchCompanyHoldings(companyId: string): Promise<Portfolio> {
  return api.get('/portfolio', portfolioSchema, { query: { companyId } });
}

export function useCompanyHoldings(companyId: string, enabled: boolean) {
  return useQuery({
    ...queryOptions({ queryKey: [...companyKeys.detail(companyId), 'holdings'] as const, queryFn: () => fetchCompanyHoldings(companyId) }),
    enabled,
  });
}
