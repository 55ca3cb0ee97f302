import { userAccessStateSchema, type UserAccessState } from '@carbonledger/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { lockedAccountKeys } from './locked-accounts';

export function unlockAccount(userId: string): Promise<UserAccessState> {
  return api.post(`/users/${encodeURIComponent(userId)}/unlock`, undefined, userAccessStateSchema);
}

export function useUnlockAccount() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: unlockAccount, onSettled: () => queryClient.invalidateQueries({ queryKey: lockedAccountKeys.all }) });
}
