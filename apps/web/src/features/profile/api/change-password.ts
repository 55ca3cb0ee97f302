import { passwordChangeResultSchema, type PasswordChangeRequest } from '@carbonledger/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** POST /auth/password: the current password proves the person; every other session of theirs ends. */
export function changePassword(request: PasswordChangeRequest) {
  return api.post('/auth/password', request, passwordChangeResultSchema);
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: changePassword, retry: false, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['sessions'] }) });
}
