import { companyProfileSchema, type CompanyProfile } from '@carbonledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { companyKeys } from './companies';

export function fetchCompany(id: string): Promise<CompanyProfile> {
  return api.get(`/companies/${encodeURIComponent(id)}`, companyProfileSchema);
}

/** A 403 (another company) or 404 is final: no retry. */
export const companyQuery = (id: string) => queryOptions({ queryKey: companyKeys.detail(id), queryFn: () => fetchCompany(id) });

export function useCompany(id: string) {
  return useQuery(companyQuery(id));
}
