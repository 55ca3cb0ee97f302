import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { roleKeys } from './roles-overview';

export function deleteCustomRole(id: string): Promise<unknown> {
  return api.delete(`/roles/custom/${encodeURIComponent(id)}`);
}

export function useDeleteCustomRole() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteCustomRole, retry: false, onSuccess: () => queryClient.invalidateQueries({ queryKey: roleKeys.all }) });
}
