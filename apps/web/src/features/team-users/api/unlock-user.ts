import { userAccessStateSchema } from '@carbonledger/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { teamUsersKeys } from './team-users';

/** The security center's unlock (POST /users/:id/unlock, docs/auth.md#lockout), from the team table. */
export function unlockUser(userId: string) {
  return api.post(`/users/${encodeURIComponent(userId)}/unlock`, undefined, userAccessStateSchema);
}

export function useUnlockUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: unlockUser, onSettled: () => queryClient.invalidateQueries({ queryKey: teamUsersKeys.all }) });
}
