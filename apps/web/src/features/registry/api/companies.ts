import { companyListSchema, type CompanyListItem } from '@carbonledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The companies a platform administrator imports for on /registry (the companies screens' list key: their live updates reach it). */
export function fetchCompanies(): Promise<CompanyListItem[]> {
  return api.get('/companies', companyListSchema);
}

export function useCompanies(enabled: boolean) {
  return useQuery({ ...queryOptions({ queryKey: ['companies', 'list', {}] as const, queryFn: fetchCompanies }), enabled });
}
