import { HEADERS, paymentResultSchema, type PaymentResult, type RecordPaymentRequest } from '@carbonledger/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { shouldRetryMutation } from '../../../lib/mutation-retry';
import { invoiceKeys } from './invoices';

export interface RecordPaymentInput {
  invoiceId: string;
  request: RecordPaymentRequest;
  /** One key per confirmed payment, sent again on a retry: the server never records it twice. */
  idempotencyKey: string;
}

/** POST /invoices/:id/payments. */
export function recordPayment({ invoiceId, request, idempotencyKey }: RecordPaymentInput): Promise<PaymentResult> {
  return api.post(`/invoices/${invoiceId}/payments`, request, paymentResultSchema, { headers: { [HEADERS.idempotencyKey]: idempotencyKey } });
}

export function useRecordPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordPayment,
    retry: shouldRetryMutation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
  });
}
