import { transactionListSchema, type TransactionList } from '@carbonledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { companyKeys } from './companies';

/** The company's ten latest operations (GET /transactions?companyId=). */
export function fetchCompanyTransactions(companyId: string, own: boolean): Promise<TransactionList> {
  return api.get('/transactions', transactionListSchema, { query: { ...(own ? {} : { companyId }), pageSize: 10 } });
}

export function useCompanyTransactions(companyId: string, own: boolean, enabled: boolean) {
  return useQuery({
    ...queryOptions({ queryKey: [...companyKeys.detail(companyId), 'transactions'] as const, queryFn: () => fetchCompanyTransactions(companyId, own) }),
    enabled,
  });
}
