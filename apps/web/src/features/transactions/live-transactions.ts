import { SERVER_EVENTS } from '@carbonledger/contracts';
import { appRealtime, useRealtimeInvalidate, useRealtimeSubscription, type RealtimeClient } from '../../lib/realtime';
import { transactionKeys, useTransactions, type TransactionFilters } from './api/transactions';

/**
 * The transactions list for the filters, kept current without a reload: while it is on screen
 * the socket holds the transactions feed with the same filters (docs/product.md §7), and every
 * transaction_update — a mint or burn of the company recorded as done or failed, any company's
 * for platform administrators — reads the list again. retirement_update still counts: a
 * cancelled retirement's burn leaves the list without a transaction_update.
 */
export function useLiveTransactions(filters: TransactionFilters, client: RealtimeClient = appRealtime()) {
  useRealtimeSubscription('transactions', { filters }, client);
  useRealtimeInvalidate([SERVER_EVENTS.transactionUpdate, SERVER_EVENTS.retirementUpdate], transactionKeys.all, client);
  return useTransactions(filters);
}
