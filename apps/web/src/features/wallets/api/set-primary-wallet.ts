import { companyWalletSchema, type CompanyWallet } from '@carbonledger/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { walletKeys } from './wallets';

export function setPrimaryWallet(id: string): Promise<CompanyWallet> {
  return api.put(`/wallets/${encodeURIComponent(id)}/primary`, undefined, companyWalletSchema);
}

export function useSetPrimaryWallet() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setPrimaryWallet, retry: false, onSuccess: () => queryClient.invalidateQueries({ queryKey: walletKeys.all }) });
}
