import { companyProfileSchema, type UpdateCompanyRequest } from '@carbonledger/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { companyKeys } from './companies';

export function updateCompany({ id, changes }: { id: string; changes: UpdateCompanyRequest }) {
  return api.patch(`/companies/${encodeURIComponent(id)}`, changes, companyProfileSchema);
}

export function useUpdateCompany() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateCompany, onSettled: () => queryClient.invalidateQueries({ queryKey: companyKeys.all }) });
}
