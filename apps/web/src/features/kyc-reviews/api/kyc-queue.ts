import { kycQueueSchema, type KycQueue, type KycQueueQuery } from '@carbonledger/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useFallbackInterval } from '../../../lib/realtime';

export const kycReviewKeys = {
  all: ['kyc-reviews'] as const,
  queue: (query: KycQueueQuery) => [...kycReviewKeys.all, 'queue', query] as const,
  detail: (id: string) => [...kycReviewKeys.all, 'case', id] as const,
};

export function fetchKycQueue(query: KycQueueQuery): Promise<KycQueue> {
  return api.get('/kyc/reviews', kycQueueSchema, { query: { ...query } });
}

export const kycQueueQuery = (query: KycQueueQuery) =>
  queryOptions({ queryKey: kycReviewKeys.queue(query), queryFn: () => fetchKycQueue(query), placeholderData: keepPreviousData });

/** Submissions and decisions arrive by kyc_update (the page invalidates on it); a slower poll while the socket is down. */
export function useKycQueue(query: KycQueueQuery) {
  const refetchInterval = useFallbackInterval(false, 15_000);
  return useQuery({ ...kycQueueQuery(query), refetchInterval });
}
