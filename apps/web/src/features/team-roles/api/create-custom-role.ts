import { customRoleSchema, type CreateCustomRoleRequest, type CustomRole } from '@carbonledger/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { roleKeys } from './roles-overview';

export function createCustomRole(body: CreateCustomRoleRequest): Promise<CustomRole> {
  return api.post('/roles/custom', body, customRoleSchema);
}

export function useCreateCustomRole() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createCustomRole, retry: false, onSuccess: () => queryClient.invalidateQueries({ queryKey: roleKeys.all }) });
}
