import { walletChallengeSchema } from '@carbonledger/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export function requestWalletChallenge(walletAddress: string) {
  return api.post('/auth/wallet/challenge', { walletAddress }, walletChallengeSchema);
}

export function useWalletChallenge() {
  return useMutation({ mutationFn: requestWalletChallenge });
}
