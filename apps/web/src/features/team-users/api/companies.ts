import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api';

/** The companies a new user may be placed in (GET /companies): only their id and name matter here. */
const companyChoices = z.array(z.object({ id: z.uuid(), name: z.string() }));
export type CompanyChoice = z.infer<typeof companyChoices>[number];

export function fetchCompanyChoices(): Promise<CompanyChoice[]> {
  return api.get('/companies', companyChoices);
}

export function useCompanyChoices(enabled: boolean) {
  return useQuery({ ...queryOptions({ queryKey: ['team-users', 'companies'] as const, queryFn: fetchCompanyChoices, staleTime: 60_000 }), enabled });
}
