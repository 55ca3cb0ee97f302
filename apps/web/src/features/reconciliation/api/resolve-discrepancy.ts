import { HEADERS, resolveDiscrepancyResultSchema, type ResolveDiscrepancyRequest, type ResolveDiscrepancyResult } from '@carbonledger/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { shouldRetryMutation } from '../../../lib/mutation-retry';
import { reconciliationKeys } from './discrepancies';

export interface ResolveInput {
  id: string;
  request: ResolveDiscrepancyRequest;
  /** One key per dialog submission, sent again on a retry: the resolution runs once for it. */
  idempotencyKey: string;
}

export function resolveDiscrepancy({ id, request, idempotencyKey }: ResolveInput): Promise<ResolveDiscrepancyResult> {
  return api.post(`/reconciliation/discrepancies/${id}/resolve`, request, resolveDiscrepancyResultSchema, {
    headers: { [HEADERS.idempotencyKey]: idempotencyKey },
  });
}

export function useResolveDiscrepancy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveDiscrepancy,
    retry: shouldRetryMutation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: reconciliationKeys.all }),
  });
}
