import { certificateVerificationSchema, type CertificateVerification } from '@carbonledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export function fetchCertificateVerification(number: string): Promise<CertificateVerification> {
  return api.get(`/public/certificates/${encodeURIComponent(number)}/verify`, certificateVerificationSchema);
}

/** Re-checked against the chain on every visit: never served from a cache. */
export const certificateVerificationQuery = (number: string) =>
  queryOptions({
    queryKey: ['certificate-verification', number] as const,
    queryFn: () => fetchCertificateVerification(number),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

/** `enabled: false` for a number that cannot be one: nothing is asked. */
export function useCertificateVerification(number: string, { enabled = true } = {}) {
  return useQuery({ ...certificateVerificationQuery(number), enabled });
}
