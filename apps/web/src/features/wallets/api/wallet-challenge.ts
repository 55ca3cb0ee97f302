import { walletOwnershipChallengeSchema, type WalletOwnershipChallenge } from '@carbonledger/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** A single-use ownership message for the wallet to sign (valid 5 minutes). */
export function requestWalletChallenge(address: string): Promise<WalletOwnershipChallenge> {
  return api.post('/wallets/challenge', { address }, walletOwnershipChallengeSchema);
}

export function useWalletChallenge() {
  return useMutation({ mutationFn: requestWalletChallenge, retry: false });
}
