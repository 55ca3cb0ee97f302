import { HEADERS, approvalDecisionResultSchema, type ApprovalDecisionResult } from '@carbonledger/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { approvalKeys } from './approvals';

export type ApprovalDecision =
  { action: 'approve'; comment?: string } | { action: 'reject'; reason: string } | { action: 'delegate'; delegateTo: string; reason?: string };

/** One decision, sent with the Idempotency-Key of the dialog it came from (a retried click answers the first decision). */
export function decideApproval({
  id,
  idempotencyKey,
  decision,
}: {
  id: string;
  idempotencyKey: string;
  decision: ApprovalDecision;
}): Promise<ApprovalDecisionResult> {
  const { action, ...body } = decision;
  return api.post(`/approvals/${encodeURIComponent(id)}/${action}`, body, approvalDecisionResultSchema, {
    headers: { [HEADERS.idempotencyKey]: idempotencyKey },
  });
}

export function useDecideApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideApproval,
    retry: false,
    onSettled: () => queryClient.invalidateQueries({ queryKey: approvalKeys.all }),
  });
}
