import { companyListSchema, type CompanyListItem, type CompanyListQuery } from '@carbonledger/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const companyKeys = {
  all: ['companies'] as const,
  list: (query: CompanyListQuery) => ['companies', 'list', query] as const,
  detail: (id: string) => ['companies', 'detail', id] as const,
};

export function fetchCompanies(query: CompanyListQuery): Promise<CompanyListItem[]> {
  return api.get('/companies', companyListSchema, { query: { ...query } });
}

export const companiesQuery = (query: CompanyListQuery) =>
  queryOptions({ queryKey: companyKeys.list(query), queryFn: () => fetchCompanies(query), placeholderData: keepPreviousData });

export function useCompanies(query: CompanyListQuery) {
  return useQuery(companiesQuery(query));
}
