import type { Retirement } from '@carbonledger/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cancelRetirement } from './api/cancel-retirement';
import { prepareRetirement } from './api/prepare-retirement';
import { retirementKeys } from './api/retirements';
import { submitRetirement } from './api/submit-retirement';

/**
 * Cancel: the server cancels at once, or (a scheduled retirement whose delegate approval is on
 * chain) answers the revoke transaction, which the connected wallet signs and the server submits.
 */
export function useCancelRetirement(sign: (unsignedTxBase64: string) => Promise<string>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (retirementId: string): Promise<Retirement> => {
      const { retirement, transaction } = await cancelRetirement(retirementId, crypto.randomUUID());
      if (!transaction) return retirement;
      return submitRetirement({ retirementId, signedTxBase64: await sign(transaction.unsignedTxBase64), idempotencyKey: crypto.randomUUID() });
    },
    retry: false,
    onSettled: () => queryClient.invalidateQueries({ queryKey: retirementKeys.all }),
  });
}

/** Prepare: the transaction id that /tools/sign-base64 loads, for signing outside this screen. */
export function usePrepareRetirement() {
  return useMutation({ mutationFn: async (retirementId: string) => (await prepareRetirement(retirementId, crypto.randomUUID())).transaction, retry: false });
}
