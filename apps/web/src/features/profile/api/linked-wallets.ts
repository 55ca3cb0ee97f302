import { linkedWalletSchema, walletUnlinkResultSchema, type LinkedWallet } from '@carbonledger/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api';

export const linkedWalletKeys = { all: ['profile', 'linked-wallets'] as const };

/** The wallets linked to the signed-in user for wallet sign-in. */
export function fetchLinkedWallets(): Promise<LinkedWallet[]> {
  return api.get('/auth/wallet/list', z.array(linkedWalletSchema));
}

export const linkedWalletsQuery = () => queryOptions({ queryKey: linkedWalletKeys.all, queryFn: fetchLinkedWallets });

export function useLinkedWallets() {
  return useQuery(linkedWalletsQuery());
}

/** DELETE /profile/wallets/{address}: the wallet no longer signs the user in; the other sessions it opened end. */
export function unlinkWallet(address: string) {
  return api.delete(`/profile/wallets/${encodeURIComponent(address)}`, walletUnlinkResultSchema);
}

export function useUnlinkWallet() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: unlinkWallet, retry: false, onSuccess: () => queryClient.invalidateQueries({ queryKey: linkedWalletKeys.all }) });
}
