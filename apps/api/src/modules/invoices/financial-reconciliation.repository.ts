import { eq, sql } from 'drizzle-orm';
import type { FinancialMismatchKind } from '@carbonledger/contracts';
import { rowsOf, type Tx } from '../../db/database';
import { financialResolutions, users } from '../../db/schema';

export interface PaymentWithoutInvoiceRow {
  payment_id: string;
  company_id: string;
  company_name: string;
  number: string;
  status: string;
  amount: string;
  currency: string;
  paid_at: string | Date;
}

/** Payments recorded on an invoice that is cancelled or a draft: money received that no live invoice accounts for. */
export async function paymentsWithoutLiveInvoice(tx: Tx): Promise<PaymentWithoutInvoiceRow[]> {
  return rowsOf<PaymentWithoutInvoiceRow>(
    await tx.execute(sql`
      select p.id as payment_id, i.company_id, c.name as company_name, i.number, i.status, p.amount::text as amount, p.currency, p.paid_at
      from invoice_payments p join invoices i on i.id = p.invoice_id join companies c on c.id = i.company_id
      where i.status in ('cancelled', 'draft')
      order by p.paid_at`),
  );
}

export interface AmountDifferenceRow {
  invoice_id: string;
  company_id: string;
  company_name: string;
  number: string;
  currency: string;
  stored_amount: string;
  lines_amount: string;
  stored_paid: string;
  payments_amount: string;
  status: string;
  total_amount: string;
  updated_at: string | Date;
}

/** Invoices whose stored subtotal differs from their lines, whose paid amount differs from their payments, or paid but not in full. */
export async function amountDifferences(tx: Tx): Promise<AmountDifferenceRow[]> {
  return rowsOf<AmountDifferenceRow>(
    await tx.execute(sql`
      select * from (
        select i.id as invoice_id, i.company_id, c.name as company_name, i.number, i.currency, i.status,
          i.amount::text as stored_amount, i.total_amount::text as total_amount, i.paid_amount::text as stored_paid, i.updated_at,
          coalesce((select sum(l.amount) from invoice_lines l where l.invoice_id = i.id), 0)::text as lines_amount,
          coalesce((select sum(p.amount) from invoice_payments p where p.invoice_id = i.id), 0)::text as payments_amount
        from invoices i join companies c on c.id = i.company_id
        where i.status <> 'cancelled'
      ) figures
      where stored_amount::numeric <> lines_amount::numeric
         or stored_paid::numeric <> payments_amount::numeric
         or (status = 'paid' and stored_paid::numeric <> total_amount::numeric)
      order by updated_at`),
  );
}

/** How many completed operations there are, and how many a live (not cancelled) invoice bills. */
export async function operationCounts(tx: Tx, companyId: string | undefined): Promise<{ billable: number; billed: number }> {
  const company = (column: ReturnType<typeof sql.raw>) => (companyId ? sql`and ${column} = ${companyId}` : sql``);
  const [row] = rowsOf<{ billable: number; billed: number }>(
    await tx.execute(sql`
      with ops as (
        select 'mint' as kind, m.id from mint_operations m where m.status = 'completed' ${company(sql.raw('m.company_id'))}
        union all
        select 'batch_mint', i.id from minting_job_items i join minting_jobs j on j.id = i.job_id where i.status = 'minted' ${company(sql.raw('j.company_id'))}
        union all
        select 'retirement', r.id from retirements r where r.status = 'completed' ${company(sql.raw('r.company_id'))}
      )
      select count(*)::int as billable,
        count(*) filter (where exists (
          select 1 from invoice_lines l join invoices v on v.id = l.invoice_id
          where l.operation_kind = ops.kind and l.operation_id = ops.id and v.status <> 'cancelled'))::int as billed
      from ops`),
  );
  return { billable: row?.billable ?? 0, billed: row?.billed ?? 0 };
}

/** Operations billed only by a cancelled invoice: the unique index keeps the accrual from billing them again, so they need a decision. */
export async function operationsBilledOnCancelled(tx: Tx) {
  return rowsOf<{
    operation_kind: string;
    operation_id: string;
    company_id: string;
    company_name: string;
    number: string;
    amount: string;
    currency: string;
    cancelled_at: string | Date | null;
  }>(
    await tx.execute(sql`
      select l.operation_kind, l.operation_id, i.company_id, c.name as company_name, i.number, l.amount::text as amount, i.currency, i.cancelled_at
      from invoice_lines l join invoices i on i.id = l.invoice_id join companies c on c.id = i.company_id
      where l.operation_id is not null and i.status = 'cancelled'
      order by i.cancelled_at`),
  );
}

export async function resolutions(tx: Tx) {
  return tx
    .select({ resolution: financialResolutions, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(financialResolutions)
    .leftJoin(users, eq(users.id, financialResolutions.resolvedBy));
}

/** Records the resolution unless one exists for the mismatch: true when this call recorded it. */
export async function insertResolution(
  tx: Tx,
  row: { tenantId: string; kind: FinancialMismatchKind; subjectId: string; companyId: string; note: string; resolvedBy: string },
): Promise<boolean> {
  const inserted = await tx.insert(financialResolutions).values(row).onConflictDoNothing().returning({ id: financialResolutions.id });
  return inserted.length > 0;
}
