import { companyWalletSchema, type CompanyWallet, type CreateManagedWalletRequest } from '@carbonledger/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { walletKeys } from './wallets';

export function createManagedWallet(body: CreateManagedWalletRequest): Promise<CompanyWallet> {
  return api.post('/wallets/managed', body, companyWalletSchema);
}

export function useCreateManagedWallet() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createManagedWallet, retry: false, onSuccess: () => queryClient.invalidateQueries({ queryKey: walletKeys.all }) });
}
