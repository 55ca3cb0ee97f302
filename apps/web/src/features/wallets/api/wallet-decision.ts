import { companyWalletSchema, type CompanyWallet } from '@carbonledger/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { walletKeys } from './wallets';

/** Administrator decisions on a wallet; the ones in REASONED_DECISIONS must say why. */
export type WalletDecision = 'approve' | 'reject' | 'suspend' | 'revoke' | 'reactivate';
export const REASONED_DECISIONS: readonly WalletDecision[] = ['reject', 'suspend', 'revoke'];

export interface WalletDecisionInput {
  id: string;
  decision: WalletDecision;
  reason?: string;
}

export function decideWallet({ id, decision, reason }: WalletDecisionInput): Promise<CompanyWallet> {
  const body = REASONED_DECISIONS.includes(decision) ? { reason } : undefined;
  return api.post(`/wallets/${encodeURIComponent(id)}/${decision}`, body, companyWalletSchema);
}

export function useWalletDecision() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: decideWallet, retry: false, onSuccess: () => queryClient.invalidateQueries({ queryKey: walletKeys.all }) });
}
