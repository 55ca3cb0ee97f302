import { reconciliationRunSchema, type ReconciliationRun } from '@carbonledger/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export function runReconciliation(): Promise<ReconciliationRun> {
  return api.post('/reconciliation/runs', undefined, reconciliationRunSchema);
}

export function useRunReconciliation() {
  return useMutation({ mutationFn: runReconciliation });
}
