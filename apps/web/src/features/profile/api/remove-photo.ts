import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export function removePhoto() {
  return api.delete('/profile/photo');
}

export function useRemovePhoto() {
  return useMutation({ mutationFn: removePhoto, retry: false });
}
