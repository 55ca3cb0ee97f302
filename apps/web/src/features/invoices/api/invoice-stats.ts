import { invoiceStatsSchema, type InvoiceStats } from '@carbonledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { invoiceKeys } from './invoices';

/** GET /invoices/stats: the summary cards. */
export function fetchInvoiceStats(): Promise<InvoiceStats> {
  return api.get('/invoices/stats', invoiceStatsSchema);
}

export function useInvoiceStats(refetchInterval: number) {
  return useQuery(queryOptions({ queryKey: [...invoiceKeys.all, 'stats'], queryFn: fetchInvoiceStats, refetchInterval }));
}
