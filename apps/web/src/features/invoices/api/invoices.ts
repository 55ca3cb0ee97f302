import { invoiceListSchema, type InvoiceList, type InvoiceStatus } from '@carbonledger/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const invoiceKeys = { all: ['invoices'] as const };

export interface InvoiceFilter {
  search?: string;
  status?: InvoiceStatus;
}

export interface InvoicesPage extends InvoiceFilter {
  /** One-based, as the API counts. */
  page: number;
  pageSize: number;
}

/** GET /invoices: the reader's invoices, filtered and paged. */
export function fetchInvoices(request: InvoicesPage): Promise<InvoiceList> {
  return api.get('/invoices', invoiceListSchema, { query: { ...request } });
}

export const invoicesQuery = (request: InvoicesPage, refetchInterval: number) =>
  queryOptions({
    queryKey: [...invoiceKeys.all, 'list', request],
    queryFn: () => fetchInvoices(request),
    placeholderData: keepPreviousData,
    refetchInterval,
  });

export function useInvoices(request: InvoicesPage, refetchInterval: number) {
  return useQuery(invoicesQuery(request, refetchInterval));
}
