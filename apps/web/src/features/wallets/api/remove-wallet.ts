import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { walletKeys } from './wallets';

export function removeWallet(id: string): Promise<unknown> {
  return api.delete(`/wallets/${encodeURIComponent(id)}`);
}

export function useRemoveWallet() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeWallet, retry: false, onSuccess: () => queryClient.invalidateQueries({ queryKey: walletKeys.all }) });
}
