import { customRoleSchema, type CustomRole, type UpdateCustomRoleRequest } from '@carbonledger/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { roleKeys } from './roles-overview';

export function updateCustomRole({ id, change }: { id: string; change: UpdateCustomRoleRequest }): Promise<CustomRole> {
  return api.patch(`/roles/custom/${encodeURIComponent(id)}`, change, customRoleSchema);
}

export function useUpdateCustomRole() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateCustomRole, retry: false, onSuccess: () => queryClient.invalidateQueries({ queryKey: roleKeys.all }) });
}
