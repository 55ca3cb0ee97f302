import { kycReviewCaseSchema, type KycDecisionRequest, type KycReviewCase } from '@carbonledger/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { kycReviewKeys } from './kyc-queue';

export function decideKycCase({ id, ...body }: KycDecisionRequest & { id: string }): Promise<KycReviewCase> {
  return api.post(`/kyc/reviews/${encodeURIComponent(id)}/decision`, body, kycReviewCaseSchema);
}

export function useDecideKycCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideKycCase,
    retry: false,
    onSuccess: (view) => {
      queryClient.setQueryData(kycReviewKeys.detail(view.id), view);
      return queryClient.invalidateQueries({ queryKey: kycReviewKeys.all });
    },
  });
}
