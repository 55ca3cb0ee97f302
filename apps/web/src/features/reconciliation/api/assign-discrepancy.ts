import { discrepancySchema, type Discrepancy } from '@carbonledger/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { reconciliationKeys } from './discrepancies';

export function assignDiscrepancy({ id, assigneeId }: { id: string; assigneeId: string | null }): Promise<Discrepancy> {
  return api.post(`/reconciliation/discrepancies/${id}/assign`, { assigneeId }, discrepancySchema);
}

export function useAssignDiscrepancy() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: assignDiscrepancy, onSettled: () => queryClient.invalidateQueries({ queryKey: reconciliationKeys.all }) });
}
