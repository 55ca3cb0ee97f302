import { kycDocumentSchema, type KycDocument, type UploadKycDocumentQuery } from '@carbonledger/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { upload } from '../../../lib/upload';
import { kycKeys } from './kyc-session';

export interface UploadKycDocumentInput extends UploadKycDocumentQuery {
  file: File;
  onProgress?: (percent: number) => void;
}

/** POST /kyc/case/documents: the file as multipart, its type, category and notes in the query; the server checks the bytes and stores them encrypted. */
export async function uploadKycDocument({ file, onProgress, documentType, category, notes }: UploadKycDocumentInput): Promise<KycDocument> {
  const query = new URLSearchParams({ documentType, category, ...(notes ? { notes } : {}) });
  return kycDocumentSchema.parse(await upload(`/kyc/case/documents?${query.toString()}`, file, file.name, { onProgress }));
}

export function useUploadKycDocument() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: uploadKycDocument, retry: false, onSuccess: () => queryClient.invalidateQueries({ queryKey: kycKeys.all }) });
}
