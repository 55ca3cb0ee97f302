import { companyListSchema, type CompanySummary } from '@carbonledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const companyKeys = { list: ['companies', 'list'] as const };

/** The companies the user may retire for: administrators see every company, others their own. */
export function fetchCompanies(): Promise<CompanySummary[]> {
  return api.get('/companies', companyListSchema);
}

export const companiesQuery = () => queryOptions({ queryKey: companyKeys.list, queryFn: fetchCompanies });

export function useCompanies() {
  return useQuery(companiesQuery());
}
