import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { complianceProfileSchema, type ComplianceProfile, type UpdateComplianceProfileRequest } from '@carbonledger/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api';
import { ApiError } from './api-client';
import { useFallbackInterval } from './realtime';
import { useSnackbar } from './toast';

/**
 * A company's compliance profile, read and changed from /compliance and Settings → Compliance.
 * ['compliance'] is what LiveRefresh marks stale on company, KYC, mint and retirement events, so
 * one live event or save refreshes both screens.
 */
export const complianceKeys = {
  all: ['compliance'] as const,
  profile: (companyId: string | undefined) => ['compliance', 'profile', companyId ?? 'own'] as const,
};

export function fetchComplianceProfile(companyId?: string): Promise<ComplianceProfile> {
  return api.get(`/compliance/profile${companyId ? `?companyId=${encodeURIComponent(companyId)}` : ''}`, complianceProfileSchema);
}

export const complianceProfileQuery = (companyId?: string) =>
  queryOptions({ queryKey: complianceKeys.profile(companyId), queryFn: () => fetchComplianceProfile(companyId) });

/** Live through LiveRefresh; polled while the socket is down. */
export function useComplianceProfile(companyId?: string) {
  return useQuery({ ...complianceProfileQuery(companyId), refetchInterval: useFallbackInterval(false, 15_000) });
}

export function updateComplianceProfile({ companyId, changes }: { companyId: string; changes: UpdateComplianceProfileRequest }) {
  return api.put(`/compliance/profiles/${encodeURIComponent(companyId)}`, changes, complianceProfileSchema);
}

export type ComplianceLimitField = 'dailyLimit' | 'monthlyLimit';

/**
 * Saving a profile's tier and limits: a toast when saved, the API's field messages beside their
 * fields, anything else (a non-officer, a failure) as one message above the form.
 */
export function useComplianceLimitsSave(profile: ComplianceProfile | undefined) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const update = useMutation({
    mutationFn: updateComplianceProfile,
    onSettled: () => queryClient.invalidateQueries({ queryKey: complianceKeys.all }),
  });
  const [failure, setFailure] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<ComplianceLimitField, string>>>({});

  const save = (changes: UpdateComplianceProfileRequest) => {
    if (!profile) return;
    setFailure(null);
    update.mutate(
      { companyId: profile.companyId, changes },
      {
        onSuccess: () => {
          setFieldErrors({});
          enqueueSnackbar(t('compliance.saved'), { variant: 'success' });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fields)
            setFieldErrors(Object.fromEntries(Object.entries(error.fields).map(([field, messages]) => [field, messages[0]])));
          else setFailure(error instanceof ApiError && error.is('COMPLIANCE__NOT_OFFICER') ? t('compliance.notOfficer') : error.message);
        },
      },
    );
  };
  return { save, saving: update.isPending, failure, fieldErrors };
}
