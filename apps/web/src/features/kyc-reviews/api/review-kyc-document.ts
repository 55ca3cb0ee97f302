import { kycDocumentSchema, type KycDocument, type KycDocumentReviewRequest } from '@carbonledger/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { kycReviewKeys } from './kyc-queue';

export function reviewKycDocument({ caseId, documentId, status }: KycDocumentReviewRequest & { caseId: string; documentId: string }): Promise<KycDocument> {
  return api.put(`/kyc/reviews/${encodeURIComponent(caseId)}/documents/${encodeURIComponent(documentId)}`, { status }, kycDocumentSchema);
}

export function useReviewKycDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewKycDocument,
    retry: false,
    onSuccess: (document) => queryClient.invalidateQueries({ queryKey: kycReviewKeys.detail(document.caseId) }),
  });
}
