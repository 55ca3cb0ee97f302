import { companySummarySchema } from '@carbonledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api';
import { roleKeys } from './roles-overview';

/** What the custom role editor needs of a company: which one a role belongs to. */
const companyChoiceSchema = companySummarySchema.pick({ id: true, name: true });
export type CompanyChoice = z.infer<typeof companyChoiceSchema>;

/** The companies a platform administrator may define custom roles for (everybody else: their own company). */
export function fetchCompanies(): Promise<CompanyChoice[]> {
  return api.get('/companies', z.array(companyChoiceSchema));
}

export const companiesQuery = () => queryOptions({ queryKey: roleKeys.companies(), queryFn: fetchCompanies, staleTime: 60_000 });

export function useCompanies(enabled: boolean) {
  return useQuery({ ...companiesQuery(), enabled });
}
