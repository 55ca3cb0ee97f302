import { certificateListSchema, type CertificateList, type CertificateListQuery } from '@carbonledger/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const certificateKeys = {
  all: ['certificates'] as const,
  list: (query: CertificateListQuery) => [...certificateKeys.all, 'list', query] as const,
};

export function fetchCertificates(query: CertificateListQuery): Promise<CertificateList> {
  return api.get('/certificates', certificateListSchema, { query: { ...query } });
}

/** The previous page stays on screen while the next search or page loads. */
export const certificatesQuery = (query: CertificateListQuery) =>
  queryOptions({ queryKey: certificateKeys.list(query), queryFn: () => fetchCertificates(query), staleTime: 30_000, placeholderData: keepPreviousData });

export function useCertificates(query: CertificateListQuery) {
  return useQuery(certificatesQuery(query));
}
