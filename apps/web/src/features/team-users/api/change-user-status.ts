import { teamUserSchema, type UserStatus } from '@carbonledger/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { teamUsersKeys } from './team-users';

export function changeUserStatus({ userId, status }: { userId: string; status: UserStatus }) {
  return api.patch(`/users/${encodeURIComponent(userId)}/status`, { status }, teamUserSchema);
}

export function useChangeUserStatus() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: changeUserStatus, onSettled: () => queryClient.invalidateQueries({ queryKey: teamUsersKeys.all }) });
}
