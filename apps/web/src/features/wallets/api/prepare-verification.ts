import { preparedTransactionSchema, type PreparedTransactionView } from '@carbonledger/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** A memo transaction the wallet pays for and signs, proving on chain that it holds the key. */
export function prepareWalletVerification(id: string): Promise<PreparedTransactionView> {
  return api.post(`/wallets/${encodeURIComponent(id)}/prepare-verification`, undefined, preparedTransactionSchema);
}

export function usePrepareWalletVerification() {
  return useMutation({ mutationFn: prepareWalletVerification, retry: false });
}
