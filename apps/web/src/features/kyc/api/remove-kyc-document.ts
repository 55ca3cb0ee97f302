import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { kycKeys } from './kyc-session';

export function removeKycDocument(id: string): Promise<unknown> {
  return api.delete(`/kyc/case/documents/${encodeURIComponent(id)}`);
}

export function useRemoveKycDocument() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeKycDocument, retry: false, onSuccess: () => queryClient.invalidateQueries({ queryKey: kycKeys.all }) });
}
