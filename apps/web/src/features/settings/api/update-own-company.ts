import { companyProfileSchema, type UpdateCompanyRequest } from '@carbonledger/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { ownCompanyKey } from './own-company';

export function updateOwnCompany({ id, changes }: { id: string; changes: UpdateCompanyRequest }) {
  return api.patch(`/companies/${encodeURIComponent(id)}`, changes, companyProfileSchema);
}

export function useUpdateOwnCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOwnCompany,
    onSuccess: (profile) => queryClient.setQueryData(ownCompanyKey(profile.id), profile),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['companies'] }),
  });
}
