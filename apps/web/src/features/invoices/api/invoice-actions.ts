import { deleteInvoicesResultSchema, invoiceSchema, type Invoice } from '@carbonledger/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { invoiceKeys } from './invoices';

export type InvoiceAction = { kind: 'issue' | 'cancel'; id: string } | { kind: 'delete'; ids: string[] };

/** POST /invoices/:id/issue, POST /invoices/:id/cancel, or POST /invoices/delete (drafts, one or many). */
export function runInvoiceAction(action: InvoiceAction): Promise<Invoice | { deleted: number }> {
  if (action.kind === 'delete') return api.post('/invoices/delete', { ids: action.ids }, deleteInvoicesResultSchema);
  return api.post(`/invoices/${action.id}/${action.kind}`, undefined, invoiceSchema);
}

export function useInvoiceAction() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: runInvoiceAction, onSuccess: () => queryClient.invalidateQueries({ queryKey: invoiceKeys.all }) });
}
