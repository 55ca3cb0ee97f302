import { financialMismatchSchema, type FinancialMismatch, type ResolveMismatchRequest } from '@carbonledger/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { financialReconciliationKeys } from './financial-reconciliation';

/** POST /financial/reconciliation/resolutions: a mismatch resolved with a note. */
export function resolveMismatch(request: ResolveMismatchRequest): Promise<FinancialMismatch> {
  return api.post('/financial/reconciliation/resolutions', request, financialMismatchSchema);
}

export function useResolveMismatch() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: resolveMismatch, onSuccess: () => queryClient.invalidateQueries({ queryKey: financialReconciliationKeys.all }) });
}
