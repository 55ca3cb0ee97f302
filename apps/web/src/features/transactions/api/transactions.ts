import { transactionListSchema, type TransactionList, type TransactionStatus, type TransactionType } from '@carbonledger/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export interface TransactionFilters {
  type?: TransactionType;
  status?: TransactionStatus;
  search?: string;
  page: number;
  pageSize: number;
}

export const transactionKeys = {
  all: ['transactions'] as const,
  list: (filters: TransactionFilters) => [...transactionKeys.all, 'list', filters] as const,
};

export function fetchTransactions(filters: TransactionFilters): Promise<TransactionList> {
  return api.get('/transactions', transactionListSchema, { query: { ...filters } });
}

/** The previous page stays on screen while the next filter's answer loads. */
export const transactionsQuery = (filters: TransactionFilters) =>
  queryOptions({ queryKey: transactionKeys.list(filters), queryFn: () => fetchTransactions(filters), staleTime: 15_000, placeholderData: keepPreviousData });

export function useTransactions(filters: TransactionFilters) {
  return useQuery(transactionsQuery(filters));
}
