import { financialReconciliationSchema, type FinancialReconciliation } from '@carbonledger/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Under the invoices key, so an invoice_update (and the invoices screen's changes) refresh it too. */
export const financialReconciliationKeys = { all: ['invoices', 'financial-reconciliation'] as const };

/** GET /financial/reconciliation: totals, billed operations and the mismatches. */
export function fetchFinancialReconciliation(includeResolved: boolean): Promise<FinancialReconciliation> {
  return api.get('/financial/reconciliation', financialReconciliationSchema, { query: { includeResolved: String(includeResolved) } });
}

export function useFinancialReconciliation(includeResolved: boolean, refetchInterval: number) {
  return useQuery(
    queryOptions({
      queryKey: [...financialReconciliationKeys.all, { includeResolved }],
      queryFn: () => fetchFinancialReconciliation(includeResolved),
      placeholderData: keepPreviousData,
      refetchInterval,
    }),
  );
}
