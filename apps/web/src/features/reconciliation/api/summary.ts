import { reconciliationSummarySchema, type ReconciliationSummary } from '@carbonledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { reconciliationKeys } from './discrepancies';

export function fetchReconciliationSummary(): Promise<ReconciliationSummary> {
  return api.get('/reconciliation/summary', reconciliationSummarySchema);
}

export const reconciliationSummaryQuery = (refetchInterval: number) =>
  queryOptions({ queryKey: [...reconciliationKeys.all, 'summary'], queryFn: fetchReconciliationSummary, refetchInterval });

export function useReconciliationSummary(refetchInterval: number) {
  return useQuery(reconciliationSummaryQuery(refetchInterval));
}
