import { storedFileSchema, type StoredFile } from '@carbonledger/contracts';
import { useMutation } from '@tanstack/react-query';
import { upload } from '../../../../lib/upload';

/** POST /files (multipart field "file") with the progress in percent; answers the stored file and its public URL. */
export async function uploadLogo(file: File, onProgress: (percent: number) => void): Promise<StoredFile> {
  return storedFileSchema.parse(await upload('/files', file, file.name, { onProgress }));
}

export function useUploadLogo(onProgress: (percent: number) => void) {
  return useMutation({ mutationFn: (file: File) => uploadLogo(file, onProgress), retry: false });
}
