import { kycSessionSchema, type KycSession } from '@carbonledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useFallbackInterval } from '../../../lib/realtime';

export const kycKeys = { all: ['kyc', 'session'] as const };

export function fetchKycSession(): Promise<KycSession> {
  return api.get('/kyc/case', kycSessionSchema);
}

export const kycSessionQuery = () => queryOptions({ queryKey: kycKeys.all, queryFn: fetchKycSession });

/** The officers' decisions arrive by kyc_update (the page invalidates on it); a slower poll while the socket is down. */
export function useKycSession() {
  const refetchInterval = useFallbackInterval(false, 15_000);
  return useQuery({ ...kycSessionQuery(), refetchInterval });
}
