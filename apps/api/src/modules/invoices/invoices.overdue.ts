import { invoiceTexts } from '@carbonledger/contracts';
import { notify } from '../notifications';
import { audit, publish, utcDay, type InvoiceDeps } from './invoices.context';
import * as repository from './invoices.repository';

const OVERDUE_BATCH = 500;

/**
 * docs/product.md §4 invoice statuses: a pending invoice whose due date passed becomes overdue,
 * audited, and the finance users of its company are told. The change is conditional on the
 * invoice still being pending, so two passes (or a payment at the same moment) never mark or
 * notify twice. Answers how many invoices it marked.
 */
export async function markOverdueInvoices(deps: InvoiceDeps, today: string = utcDay()): Promise<number> {
  const tenants = await deps.db.asSystem((tx) => repository.tenantsWithPastDue(tx, today));
  let marked = 0;
  for (const tenantId of tenants) {
    const rows = await deps.db.withTenant(tenantId, async (tx) => {
      const changed: repository.InvoiceRow[] = [];
      for (const candidate of await repository.pendingPastDue(tx, today, OVERDUE_BATCH)) {
        const row = await repository.markOverdue(tx, candidate.id, today);
        if (!row) continue;
        await audit(tx, row, 'invoice.overdue', null, { dueDate: row.dueDate });
        changed.push(row);
      }
      return changed;
    });
    for (const row of rows) {
      publish(deps, tenantId, row);
      await notify(
        deps.db,
        deps.publisher,
        tenantId,
        { roles: ['FINANCE'], companyId: row.companyId },
        {
          type: 'SYSTEM',
          title: invoiceTexts.overdueTitle,
          message: `${row.number} (${row.title}) was due on ${row.dueDate}: ${row.totalAmount} ${row.currency}, ${row.paidAmount} paid.`,
          link: '/invoices',
        },
      );
    }
    marked += rows.length;
  }
  return marked;
}
