import { invoiceSchema, type Invoice } from '@carbonledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { invoiceKeys } from './invoices';

/** GET /invoices/:id: one invoice with its lines and payments (the edit and payment dialogs). */
export function fetchInvoice(id: string): Promise<Invoice> {
  return api.get(`/invoices/${id}`, invoiceSchema);
}

export function useInvoice(id: string | null) {
  return useQuery({ ...queryOptions({ queryKey: [...invoiceKeys.all, 'one', id], queryFn: () => fetchInvoice(id!) }), enabled: id !== null });
}
