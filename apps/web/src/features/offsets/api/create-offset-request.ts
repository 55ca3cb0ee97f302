import { HEADERS, offsetRequestSchema, type CreateOffsetRequest, type OffsetRequest } from '@carbonledger/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { shouldRetryMutation } from '../../../lib/mutation-retry';
import { offsetKeys } from './offset-requests';

export interface CreateOffsetInput {
  request: CreateOffsetRequest;
  /** One key per form submission, sent again on a retry: the server never records the request twice for it. */
  idempotencyKey: string;
}

export function createOffsetRequest({ request, idempotencyKey }: CreateOffsetInput): Promise<OffsetRequest> {
  return api.post('/offsets/requests', request, offsetRequestSchema, { headers: { [HEADERS.idempotencyKey]: idempotencyKey } });
}

export function useCreateOffsetRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOffsetRequest,
    retry: shouldRetryMutation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: offsetKeys.all }),
  });
}
