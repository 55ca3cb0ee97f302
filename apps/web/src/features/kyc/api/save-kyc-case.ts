import { kycSessionSchema, type KycSession, type SaveKycCaseRequest } from '@carbonledger/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { kycKeys } from './kyc-session';

export function saveKycCase(body: SaveKycCaseRequest): Promise<KycSession> {
  return api.put('/kyc/case', body, kycSessionSchema);
}

export function useSaveKycCase() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveKycCase, retry: false, onSuccess: (session) => queryClient.setQueryData(kycKeys.all, session) });
}
