import {
  INVOICE_STATUSES,
  invoiceCurrencySchema,
  moneyToMinor,
  type Invoice,
  type InvoiceList,
  type InvoiceStats,
  type InvoiceStatus,
  type InvoiceSummary,
} from '@carbonledger/contracts';
import { companyScopeOf, type Actor } from '../../lib/actor';
import { csvLine } from '../../lib/csv';
import { tenantDocumentBranding } from '../certificates';
import { invoiceView, requireInvoice, toSummary, type InvoiceDeps } from './invoices.context';
import { renderInvoicePdf } from './invoices.pdf';
import * as repository from './invoices.repository';

interface Filter {
  search?: string;
  status?: InvoiceStatus;
  companyId?: string;
}

/** The actor's filter: a company's users are confined to their company whatever they ask for. */
function scopedFilter(actor: Actor, query: Filter): repository.InvoiceFilter {
  return { ...query, companyId: companyScopeOf(actor) ?? query.companyId };
}

/** docs/product.md §2 Invoices list: search (number, title, company), status filter, newest issue date first. */
export async function listInvoices(deps: InvoiceDeps, actor: Actor, query: Filter & { page: number; pageSize: number }): Promise<InvoiceList> {
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    const { rows, total } = await repository.listInvoiceViews(tx, scopedFilter(actor, query), {
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    });
    return { items: rows.map(toSummary), total, page: query.page, pageSize: query.pageSize };
  });
}

export async function getInvoice(deps: InvoiceDeps, actor: Actor, id: string): Promise<Invoice> {
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    await requireInvoice(tx, actor, id);
    return invoiceView(tx, id);
  });
}

/** Percent with one decimal, rounded half up, of two exact amounts. */
function percentOf(part: bigint, whole: bigint): string {
  const tenths = (part * 2000n + whole) / (whole * 2n);
  return `${tenths / 10n}.${tenths % 10n}`;
}

/** docs/product.md §2 Invoices summary: total revenue, pending, collection rate, overdue and average payment time. */
export async function invoiceStats(deps: InvoiceDeps, actor: Actor): Promise<InvoiceStats> {
  const companyId = companyScopeOf(actor);
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    const totals = await repository.currencyTotals(tx, companyId);
    const { average, counts } = await repository.paymentTimesAndCounts(tx, companyId);
    const byStatus = Object.fromEntries(INVOICE_STATUSES.map((status) => [status, 0])) as Record<InvoiceStatus, number>;
    for (const row of counts) byStatus[row.status] = row.count;
    return {
      currencies: totals.map((row) => {
        const invoiced = moneyToMinor(row.invoiced);
        return {
          currency: invoiceCurrencySchema.parse(row.currency),
          totalRevenue: row.collected,
          pendingAmount: row.outstanding,
          overdueAmount: row.overdue,
          collectionRate: invoiced === 0n ? null : percentOf(moneyToMinor(row.collected), invoiced),
        };
      }),
      averagePaymentDays: average,
      counts: byStatus,
    };
  });
}

const CSV_HEADER = [
  'Invoice number',
  'Company',
  'Title',
  'Status',
  'Currency',
  'Amount',
  'Tax rate (%)',
  'Tax',
  'Total',
  'Paid',
  'Balance due',
  'Issue date',
  'Due date',
  'Paid date',
  'Notes',
];

function csvRow(invoice: InvoiceSummary): string {
  return csvLine([
    invoice.number,
    invoice.companyName,
    invoice.title,
    invoice.status,
    invoice.currency,
    invoice.amount,
    invoice.taxRate,
    invoice.taxAmount,
    invoice.totalAmount,
    invoice.paidAmount,
    invoice.balanceDue,
    invoice.issueDate,
    invoice.dueDate,
    invoice.paidDate,
    invoice.notes,
  ]);
}

export type InvoiceExport = { format: 'csv'; body: string } | { format: 'json'; items: InvoiceSummary[] };

/** The filtered list (every page, the reader's scope) as CSV text or JSON items. */
export async function exportInvoices(deps: InvoiceDeps, actor: Actor, query: Filter & { format: 'csv' | 'json' }): Promise<InvoiceExport> {
  const { rows } = await deps.db.withTenant(actor.tenantId, (tx) => repository.listInvoiceViews(tx, scopedFilter(actor, query)));
  const items = rows.map(toSummary);
  return query.format === 'json' ? { format: 'json', items } : { format: 'csv', body: csvLine(CSV_HEADER) + items.map(csvRow).join('') };
}

/** The invoice as a PDF with the tenant's branding (docs/product.md §2 Invoices). */
export async function invoicePdf(deps: InvoiceDeps, actor: Actor, id: string): Promise<{ fileName: string; pdf: Buffer }> {
  const invoice = await getInvoice(deps, actor, id);
  const branding = await tenantDocumentBranding(deps, actor.tenantId);
  return { fileName: `invoice-${invoice.number}.pdf`, pdf: await renderInvoicePdf(invoice, branding) };
}
