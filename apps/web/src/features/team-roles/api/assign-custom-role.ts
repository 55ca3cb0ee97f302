import { customRoleAssignmentSchema, type CustomRoleAssignment } from '@carbonledger/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { roleKeys } from './roles-overview';

/** Gives the user the custom role, or takes theirs away (null). */
export function assignCustomRole({ userId, customRoleId }: { userId: string; customRoleId: string | null }): Promise<CustomRoleAssignment> {
  return api.put(`/users/${encodeURIComponent(userId)}/custom-role`, { customRoleId }, customRoleAssignmentSchema);
}

export function useAssignCustomRole() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: assignCustomRole, retry: false, onSuccess: () => queryClient.invalidateQueries({ queryKey: roleKeys.all }) });
}
