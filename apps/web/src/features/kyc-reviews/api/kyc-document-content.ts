import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchApiFile } from '../../../lib/api-file';
import { kycReviewKeys } from './kyc-queue';

/** A case document, decrypted by the server for the officers acting for its company. */
export function fetchKycDocumentContent(id: string): Promise<Blob> {
  return fetchApiFile(`/kyc/documents/${encodeURIComponent(id)}/content`);
}

export const kycDocumentContentQuery = (id: string) =>
  queryOptions({ queryKey: [...kycReviewKeys.all, 'document', id] as const, queryFn: () => fetchKycDocumentContent(id), staleTime: Infinity, gcTime: 60_000 });

export function useKycDocumentContent(id: string, enabled: boolean) {
  return useQuery({ ...kycDocumentContentQuery(id), enabled });
}
