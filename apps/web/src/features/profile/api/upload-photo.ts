import { profilePhotoSchema, type ProfilePhoto } from '@carbonledger/contracts';
import { useMutation } from '@tanstack/react-query';
import { upload } from '../../../lib/upload';

/** POST /profile/photo: the server checks the bytes, resizes to a square and answers where it is. */
export async function uploadPhoto({ file, onProgress }: { file: File; onProgress?: (percent: number) => void }): Promise<ProfilePhoto> {
  return profilePhotoSchema.parse(await upload('/profile/photo', file, file.name, { onProgress }));
}

export function useUploadPhoto() {
  return useMutation({ mutationFn: uploadPhoto, retry: false });
}
