import { companyCreatedSchema, type CreateCompanyRequest } from '@carbonledger/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { companyKeys } from './companies';

export function createCompany(request: CreateCompanyRequest) {
  return api.post('/companies', request, companyCreatedSchema);
}

export function useCreateCompany() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createCompany, onSettled: () => queryClient.invalidateQueries({ queryKey: companyKeys.all }) });
}
