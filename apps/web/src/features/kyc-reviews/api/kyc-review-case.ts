import { kycReviewCaseSchema, type KycReviewCase } from '@carbonledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { kycReviewKeys } from './kyc-queue';

export function fetchKycReviewCase(id: string): Promise<KycReviewCase> {
  return api.get(`/kyc/reviews/${encodeURIComponent(id)}`, kycReviewCaseSchema);
}

export const kycReviewCaseQuery = (id: string) => queryOptions({ queryKey: kycReviewKeys.detail(id), queryFn: () => fetchKycReviewCase(id) });

export function useKycReviewCase(id: string | null) {
  return useQuery({ ...kycReviewCaseQuery(id ?? ''), enabled: id !== null });
}
