import { companyProfileSchema, type CompanyProfile } from '@carbonledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The signed-in user's own company (Settings → Company); the key is the companies screens' detail key, so live updates reach both. */
export const ownCompanyKey = (id: string) => ['companies', 'detail', id] as const;

export function fetchOwnCompany(id: string): Promise<CompanyProfile> {
  return api.get(`/companies/${encodeURIComponent(id)}`, companyProfileSchema);
}

export function useOwnCompany(id: string) {
  return useQuery(queryOptions({ queryKey: ownCompanyKey(id), queryFn: () => fetchOwnCompany(id) }));
}
