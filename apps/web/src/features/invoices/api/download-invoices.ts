import { useMutation } from '@tanstack/react-query';
import { fetchApiFile, saveFile } from '../../../lib/api-file';
import type { InvoiceFilter } from './invoices';

export type InvoiceDownload = { kind: 'pdf'; id: string; number: string } | { kind: 'export'; format: 'csv' | 'json'; filter: InvoiceFilter };

/** GET /invoices/:id/pdf or GET /invoices/export (the filtered list), saved by the browser. */
export async function downloadInvoices(download: InvoiceDownload): Promise<void> {
  if (download.kind === 'pdf') {
    saveFile(await fetchApiFile(`/invoices/${download.id}/pdf`), `invoice-${download.number}.pdf`);
    return;
  }
  const query = new URLSearchParams({ format: download.format });
  if (download.filter.search) query.set('search', download.filter.search);
  if (download.filter.status) query.set('status', download.filter.status);
  saveFile(await fetchApiFile(`/invoices/export?${query.toString()}`), `invoices.${download.format}`);
}

export function useDownloadInvoices() {
  return useMutation({ mutationFn: downloadInvoices });
}
