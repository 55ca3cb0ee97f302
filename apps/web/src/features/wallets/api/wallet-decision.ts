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

/** The wallet as the decision left it (approved but not active: its accounts are still to be opened on chain). */
export async function decideWallet({ id, decision, reason }: WalletDecisionInput): Promise<CompanyWallet> {
  const body = REASONED_DECISIONS.includes(decision) ? { reason } : undefined;
  const result = await api.request<unknown>('POST', `/wallets/${encodeURIComponent(id)}/${decision}`, { body });
  return companyWalletSchema.parse(result.data);
}

export function useWalletDecision() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: decideWallet, retry: false, onSuccess: () => queryClient.invalidateQueries({ queryKey: walletKeys.all }) });
}
