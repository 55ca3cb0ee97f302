import { certificateSchema, type Certificate } from '@carbonledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { certificateKeys } from './certificates';

export function fetchCertificate(id: string): Promise<Certificate> {
  return api.get(`/certificates/${encodeURIComponent(id)}`, certificateSchema);
}

export const certificateQuery = (id: string) =>
  queryOptions({ queryKey: [...certificateKeys.all, 'detail', id] as const, queryFn: () => fetchCertificate(id), staleTime: 30_000 });

/** One certificate by id, for a link that opens its viewer (/certificates?id=…). */
export function useCertificate(id: string | null) {
  return useQuery({ ...certificateQuery(id ?? ''), enabled: id !== null });
}
