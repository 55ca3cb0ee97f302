import type { FastifyInstance } from 'fastify';
import { ABANDONED_JOB_SECONDS } from '../../plugins/jobs';
import { accrueServiceFees } from './invoices.accrual';
import type { InvoiceDeps } from './invoices.context';
import { markOverdueInvoices } from './invoices.overdue';

export const INVOICE_ACCRUAL_QUEUE = 'invoices.accrual';
export const INVOICE_OVERDUE_QUEUE = 'invoices.overdue';

/**
 * The service-fee accrual sweep (every minute: completed operations are billed within about a
 * minute, and whatever a crash left unbilled is found by the next pass) and the overdue pass
 * (hourly: due dates are calendar days). Both run once at start; both are idempotent.
 */
export async function registerInvoiceJobs(app: FastifyInstance, deps: InvoiceDeps): Promise<void> {
  for (const queue of [INVOICE_ACCRUAL_QUEUE, INVOICE_OVERDUE_QUEUE]) {
    if (!(await app.jobs.getQueue(queue))) await app.jobs.createQueue(queue, { name: queue, policy: 'stately', expireInSeconds: ABANDONED_JOB_SECONDS });
  }
  if (app.config.role === 'api') return;
  await app.jobs.schedule(INVOICE_ACCRUAL_QUEUE, '* * * * *');
  await app.jobs.work(INVOICE_ACCRUAL_QUEUE, async () => {
    await accrueServiceFees(deps, app.log);
  });
  await app.jobs.schedule(INVOICE_OVERDUE_QUEUE, '7 * * * *');
  await app.jobs.work(INVOICE_OVERDUE_QUEUE, async () => {
    await markOverdueInvoices(deps);
  });
  await app.jobs.send(INVOICE_ACCRUAL_QUEUE, {});
  await app.jobs.send(INVOICE_OVERDUE_QUEUE, {});
}
