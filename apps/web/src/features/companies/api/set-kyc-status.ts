import { companySummarySchema, type KycStatus } from '@carbonledger/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { companyKeys } from './companies';

/** Until KYC reviews exist, a platform administrator records the review's outcome (docs/product.md §6). */
export function setKycStatus({ id, status }: { id: string; status: KycStatus }) {
  return api.put(`/companies/${encodeURIComponent(id)}/kyc-status`, { status }, companySummarySchema);
}

export function useSetKycStatus() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setKycStatus, onSettled: () => queryClient.invalidateQueries({ queryKey: companyKeys.all }) });
}
