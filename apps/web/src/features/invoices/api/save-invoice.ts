import { invoiceSchema, type CreateInvoiceRequest, type Invoice, type UpdateInvoiceRequest } from '@carbonledger/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { invoiceKeys } from './invoices';

export type SaveInvoiceInput = { id: null; request: CreateInvoiceRequest } | { id: string; request: UpdateInvoiceRequest };

/** POST /invoices (a new one) or PUT /invoices/:id (an edit). */
export function saveInvoice(input: SaveInvoiceInput): Promise<Invoice> {
  return input.id === null ? api.post('/invoices', input.request, invoiceSchema) : api.put(`/invoices/${input.id}`, input.request, invoiceSchema);
}

export function useSaveInvoice() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveInvoice, onSuccess: () => queryClient.invalidateQueries({ queryKey: invoiceKeys.all }) });
}
