import { customRoleCandidateSchema, type CustomRoleCandidate } from '@carbonledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api';
import { roleKeys } from './roles-overview';

/** The users of the role's company with its base role: who it can be given to, and who holds it. */
export function fetchRoleCandidates(customRoleId: string): Promise<CustomRoleCandidate[]> {
  return api.get(`/roles/custom/${encodeURIComponent(customRoleId)}/candidates`, z.array(customRoleCandidateSchema));
}

export const roleCandidatesQuery = (customRoleId: string) =>
  queryOptions({ queryKey: roleKeys.candidates(customRoleId), queryFn: () => fetchRoleCandidates(customRoleId) });

export function useRoleCandidates(customRoleId: string | undefined) {
  return useQuery({ ...roleCandidatesQuery(customRoleId ?? ''), enabled: Boolean(customRoleId) });
}
