import { userSchema, type ProfileUpdateRequest } from '@carbonledger/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export function updateProfile(request: ProfileUpdateRequest) {
  return api.patch('/auth/profile', request, userSchema);
}

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile, retry: false });
}
