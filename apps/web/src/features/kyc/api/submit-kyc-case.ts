import { kycSessionSchema, type KycSession } from '@carbonledger/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { kycKeys } from './kyc-session';

export function submitKycCase(): Promise<KycSession> {
  return api.post('/kyc/case/submit', undefined, kycSessionSchema);
}

export function useSubmitKycCase() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: submitKycCase, retry: false, onSuccess: (session) => queryClient.setQueryData(kycKeys.all, session) });
}
