import { HEADERS, offsetRequestSchema, type OffsetRequest } from '@carbonledger/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { shouldRetryMutation } from '../../../lib/mutation-retry';
import { offsetKeys } from './offset-requests';

export interface WithdrawOffsetInput {
  id: string;
  /** One key per confirmation, sent again on a retry. */
  idempotencyKey: string;
}

export function withdrawOffsetRequest({ id, idempotencyKey }: WithdrawOffsetInput): Promise<OffsetRequest> {
  return api.post(`/offsets/requests/${encodeURIComponent(id)}/withdraw`, undefined, offsetRequestSchema, {
    headers: { [HEADERS.idempotencyKey]: idempotencyKey },
  });
}

/** The requester takes back a request still waiting for approval (docs/product.md §2 /offsets/requests). */
export function useWithdrawOffsetRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawOffsetRequest,
    retry: shouldRetryMutation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: offsetKeys.all }),
  });
}
