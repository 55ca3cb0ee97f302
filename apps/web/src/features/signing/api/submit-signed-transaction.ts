import { submissionResultSchema, type SubmissionResultView } from '@carbonledger/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { signingKeys } from './signing-transaction';

export interface SubmitSignedInput {
  transactionId: string;
  signedTxBase64: string;
}

export function submitSignedTransaction({ transactionId, signedTxBase64 }: SubmitSignedInput): Promise<SubmissionResultView> {
  return api.post(`/signing/transactions/${encodeURIComponent(transactionId)}/submit`, { signedTxBase64 }, submissionResultSchema);
}

export function useSubmitSignedTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitSignedTransaction,
    retry: false,
    onSuccess: (_result, { transactionId }) => queryClient.invalidateQueries({ queryKey: signingKeys.transaction(transactionId) }),
  });
}
