import { complianceProfileSchema, type ComplianceProfile } from '@carbonledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useFallbackInterval } from '../../../lib/realtime';

/** ['compliance'] is what LiveRefresh marks stale on company, KYC, mint and retirement events. */
export const complianceKeys = {
  all: ['compliance'] as const,
  profile: (companyId: string | undefined) => ['compliance', 'profile', companyId ?? 'own'] as const,
};

export function fetchComplianceProfile(companyId?: string): Promise<ComplianceProfile> {
  return api.get(`/compliance/profile${companyId ? `?companyId=${encodeURIComponent(companyId)}` : ''}`, complianceProfileSchema);
}

export const complianceProfileQuery = (companyId?: string) =>
  queryOptions({ queryKey: complianceKeys.profile(companyId), queryFn: () => fetchComplianceProfile(companyId) });

/** Live through LiveRefresh (company, KYC, mint and retirement events); polled while the socket is down. */
export function useComplianceProfile(companyId?: string) {
  return useQuery({ ...complianceProfileQuery(companyId), refetchInterval: useFallbackInterval(false, 15_000) });
}
