import { companySummarySchema, type CompanySummary, type UpdateKycStatusRequest } from '@carbonledger/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { companyKeys } from './companies';

export interface UpdateKycStatusInput extends UpdateKycStatusRequest {
  companyId: string;
}

export function updateKycStatus({ companyId, status }: UpdateKycStatusInput): Promise<CompanySummary> {
  return api.put(`/companies/${encodeURIComponent(companyId)}/kyc-status`, { status }, companySummarySchema);
}

export function useUpdateKycStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateKycStatus,
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyKeys.list }),
  });
}
