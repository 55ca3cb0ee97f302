import { complianceProfileSchema, type UpdateComplianceProfileRequest } from '@carbonledger/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { complianceKeys } from './compliance-profile';

export function updateComplianceProfile({ companyId, changes }: { companyId: string; changes: UpdateComplianceProfileRequest }) {
  return api.put(`/compliance/profiles/${encodeURIComponent(companyId)}`, changes, complianceProfileSchema);
}

export function useUpdateComplianceProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateComplianceProfile,
    onSettled: () => queryClient.invalidateQueries({ queryKey: complianceKeys.all }),
  });
}
