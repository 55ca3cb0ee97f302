import { storedFileSchema, type StoredFile } from '@carbonledger/contracts';
import { useMutation } from '@tanstack/react-query';
import { upload } from '../../../lib/upload';

/** POST /files: the tenant's logo image, stored by CID (docs/files.md). */
export async function uploadLogo(file: File): Promise<StoredFile> {
  return storedFileSchema.parse(await upload('/files', file, file.name));
}

export function useUploadLogo() {
  return useMutation({ mutationFn: uploadLogo, retry: false });
}
