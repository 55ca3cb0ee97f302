import { kycReviewCaseSchema, type KycAssessmentRequest, type KycReviewCase } from '@carbonledger/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { kycReviewKeys } from './kyc-queue';

export function saveAssessment({ id, ...body }: KycAssessmentRequest & { id: string }): Promise<KycReviewCase> {
  return api.patch(`/kyc/reviews/${encodeURIComponent(id)}`, body, kycReviewCaseSchema);
}

export function useSaveAssessment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAssessment,
    retry: false,
    onSuccess: (view) => {
      queryClient.setQueryData(kycReviewKeys.detail(view.id), view);
      return queryClient.invalidateQueries({ queryKey: kycReviewKeys.all });
    },
  });
}
