import { and, asc, count, desc, eq, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { BillableOperationKind, InvoiceStatus } from '@carbonledger/contracts';
import { rowsOf, type Tx } from '../../db/database';
import { companies, invoiceLines, invoicePayments, invoices, invoiceSequences, users } from '../../db/schema';

export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoiceRow = typeof invoices.$inferInsert;
export type InvoiceLineRow = typeof invoiceLines.$inferSelect;
export type NewInvoiceLineRow = typeof invoiceLines.$inferInsert;
export type PaymentRow = typeof invoicePayments.$inferSelect;

export interface InvoiceFilter {
  companyId?: string;
  status?: InvoiceStatus;
  search?: string;
}

function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

function filterOf(filter: InvoiceFilter): SQL | undefined {
  const pattern = filter.search ? containing(filter.search) : null;
  return and(
    filter.companyId ? eq(invoices.companyId, filter.companyId) : undefined,
    filter.status ? eq(invoices.status, filter.status) : undefined,
    pattern ? or(ilike(invoices.number, pattern), ilike(invoices.title, pattern), ilike(companies.name, pattern)) : undefined,
  );
}

/** The next number of the tenant's sequence: the row lock makes concurrent creations wait, so no number is given twice. */
export async function nextInvoiceNumber(tx: Tx, tenantId: string): Promise<bigint> {
  const [row] = await tx
    .insert(invoiceSequences)
    .values({ tenantId, lastNumber: 1n })
    .onConflictDoUpdate({ target: invoiceSequences.tenantId, set: { lastNumber: sql`${invoiceSequences.lastNumber} + 1` } })
    .returning({ lastNumber: invoiceSequences.lastNumber });
  return row!.lastNumber;
}

export async function insertInvoice(tx: Tx, row: NewInvoiceRow): Promise<InvoiceRow> {
  const [inserted] = await tx.insert(invoices).values(row).returning();
  return inserted!;
}

/** Inserts unless another invoice already holds the row's unique key (an open accrual draft, a source reference): then nothing. */
export async function insertInvoiceIfAbsent(tx: Tx, row: NewInvoiceRow): Promise<InvoiceRow | undefined> {
  const [inserted] = await tx.insert(invoices).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function findInvoice(tx: Tx, id: string): Promise<InvoiceRow | undefined> {
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, id));
  return row;
}

export async function findInvoiceForUpdate(tx: Tx, id: string): Promise<InvoiceRow | undefined> {
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).for('update');
  return row;
}

export async function findBySourceReference(tx: Tx, source: string, reference: string): Promise<InvoiceRow | undefined> {
  const [row] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.source, source), eq(invoices.sourceReference, reference)));
  return row;
}

/** The open accrual draft of a company and month, locked. */
export async function findOpenAccrualForUpdate(tx: Tx, companyId: string, period: string): Promise<InvoiceRow | undefined> {
  const [row] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), eq(invoices.billingPeriod, period), eq(invoices.status, 'draft')))
    .for('update');
  return row;
}

export async function updateInvoice(tx: Tx, id: string, changes: Partial<NewInvoiceRow>): Promise<InvoiceRow> {
  const [row] = await tx
    .update(invoices)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(invoices.id, id))
    .returning();
  return row!;
}

export async function deleteInvoices(tx: Tx, ids: string[]): Promise<number> {
  const deleted = await tx.delete(invoices).where(inArray(invoices.id, ids)).returning({ id: invoices.id });
  return deleted.length;
}

export async function findInvoicesForUpdate(tx: Tx, ids: string[]): Promise<InvoiceRow[]> {
  return tx.select().from(invoices).where(inArray(invoices.id, ids)).for('update');
}

export async function linesOf(tx: Tx, invoiceId: string): Promise<InvoiceLineRow[]> {
  return tx.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoiceId)).orderBy(asc(invoiceLines.position), asc(invoiceLines.createdAt));
}

export async function insertLines(tx: Tx, rows: NewInvoiceLineRow[]): Promise<void> {
  if (rows.length > 0) await tx.insert(invoiceLines).values(rows);
}

/** Inserts an operation's line unless the operation is already billed (the unique index): true when this call billed it. */
export async function insertOperationLine(tx: Tx, row: NewInvoiceLineRow): Promise<boolean> {
  const inserted = await tx.insert(invoiceLines).values(row).onConflictDoNothing().returning({ id: invoiceLines.id });
  return inserted.length > 0;
}

/** Marks the invoice's line at `position` as billing an operation (a module's invoice created with createInvoiceInTx). */
export async function linkLineToOperation(tx: Tx, invoiceId: string, position: number, kind: BillableOperationKind, operationId: string): Promise<void> {
  await tx
    .update(invoiceLines)
    .set({ operationKind: kind, operationId })
    .where(and(eq(invoiceLines.invoiceId, invoiceId), eq(invoiceLines.position, position)));
}

/** Drops the typed-in lines of an invoice; lines billing an operation stay. */
export async function deleteManualLines(tx: Tx, invoiceId: string): Promise<void> {
  await tx.delete(invoiceLines).where(and(eq(invoiceLines.invoiceId, invoiceId), sql`${invoiceLines.operationId} IS NULL`));
}

export async function maxPosition(tx: Tx, invoiceId: string): Promise<number> {
  const [row] = await tx
    .select({ value: sql<number>`coalesce(max(${invoiceLines.position}), 0)::int` })
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, invoiceId));
  return row?.value ?? 0;
}

export async function paymentsOf(tx: Tx, invoiceId: string) {
  return tx
    .select({ payment: invoicePayments, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(invoicePayments)
    .leftJoin(users, eq(users.id, invoicePayments.recordedBy))
    .where(eq(invoicePayments.invoiceId, invoiceId))
    .orderBy(asc(invoicePayments.paidAt), asc(invoicePayments.id));
}

export async function insertPayment(tx: Tx, row: typeof invoicePayments.$inferInsert): Promise<PaymentRow> {
  const [inserted] = await tx.insert(invoicePayments).values(row).returning();
  return inserted!;
}

export type InvoiceViewRow = { invoice: InvoiceRow; companyName: string };

export async function findInvoiceView(tx: Tx, id: string): Promise<InvoiceViewRow | undefined> {
  const [row] = await tx
    .select({ invoice: invoices, companyName: companies.name })
    .from(invoices)
    .innerJoin(companies, eq(companies.id, invoices.companyId))
    .where(eq(invoices.id, id));
  return row;
}

export async function listInvoiceViews(
  tx: Tx,
  filter: InvoiceFilter,
  page?: { limit: number; offset: number },
): Promise<{ rows: InvoiceViewRow[]; total: number }> {
  const where = filterOf(filter);
  const query = tx
    .select({ invoice: invoices, companyName: companies.name })
    .from(invoices)
    .innerJoin(companies, eq(companies.id, invoices.companyId))
    .where(where)
    .orderBy(desc(invoices.issueDate), desc(invoices.number));
  const rows = page ? await query.limit(page.limit).offset(page.offset) : await query;
  const [total] = await tx.select({ value: count() }).from(invoices).innerJoin(companies, eq(companies.id, invoices.companyId)).where(where);
  return { rows, total: total?.value ?? 0 };
}

export interface CurrencyTotalsRow {
  currency: string;
  collected: string;
  invoiced: string;
  outstanding: string;
  overdue: string;
}

/** Per currency: collected, invoiced (issued and not cancelled), balance due and overdue balance, as exact decimals. */
export async function currencyTotals(tx: Tx, companyId: string | undefined): Promise<CurrencyTotalsRow[]> {
  const scope = companyId ? sql`and company_id = ${companyId}` : sql``;
  return rowsOf<CurrencyTotalsRow>(
    await tx.execute(sql`
      select currency,
        coalesce(sum(paid_amount), 0)::text as collected,
        coalesce(sum(total_amount), 0)::text as invoiced,
        coalesce(sum(total_amount - paid_amount) filter (where status in ('pending', 'overdue')), 0)::text as outstanding,
        coalesce(sum(total_amount - paid_amount) filter (where status = 'overdue'), 0)::text as overdue
      from invoices
      where status in ('pending', 'overdue', 'paid') ${scope}
      group by currency
      order by currency`),
  );
}

/** Mean days from issue date to full payment of paid invoices (exact numeric), and how many there are per status. */
export async function paymentTimesAndCounts(tx: Tx, companyId: string | undefined) {
  const scope = companyId ? sql`where company_id = ${companyId}` : sql``;
  const [times] = rowsOf<{ average: string | null }>(
    await tx.execute(sql`
      select round(avg(extract(epoch from (paid_date - issue_date::timestamptz)) / 86400)::numeric, 1)::text as average
      from invoices ${companyId ? sql`where company_id = ${companyId} and` : sql`where`} status = 'paid'`),
  );
  const counts = rowsOf<{ status: InvoiceStatus; count: number }>(
    await tx.execute(sql`select status, count(*)::int as count from invoices ${scope} group by status`),
  );
  return { average: times?.average ?? null, counts };
}

/** Pending invoices whose due date passed (due_date before `today`), oldest first. */
export async function pendingPastDue(tx: Tx, today: string, limit: number): Promise<InvoiceRow[]> {
  return tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.status, 'pending'), lt(invoices.dueDate, today)))
    .orderBy(asc(invoices.dueDate))
    .limit(limit);
}

export async function findCompany(tx: Tx, id: string) {
  const [row] = await tx.select({ id: companies.id, name: companies.name }).from(companies).where(eq(companies.id, id));
  return row;
}

/** The tenants with a pending invoice past due (the overdue job's system read). */
export async function tenantsWithPastDue(tx: Tx, today: string): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ tenantId: invoices.tenantId })
    .from(invoices)
    .where(and(eq(invoices.status, 'pending'), lt(invoices.dueDate, today)));
  return rows.map((row) => row.tenantId);
}

/** A completed operation no invoice line bills yet (invoices.accrual.ts). */
export interface UnbilledOperation {
  kind: BillableOperationKind;
  id: string;
  tenantId: string;
  companyId: string;
  projectId: string;
  projectName: string;
  vintage: number;
  /** Whole tCO2e. */
  tonnes: string;
  signature: string | null;
  completedAt: Date;
}

/**
 * Completed mints, batch-minted VCU blocks and retirements without a line, oldest first. The
 * accrual reads the minting and retirements tables here because the "not billed yet" question
 * is an anti-join with invoice_lines, which only one query answers without missing anything.
 */
export async function unbilledOperations(tx: Tx, limit: number): Promise<UnbilledOperation[]> {
  const rows = rowsOf<{
    kind: BillableOperationKind;
    id: string;
    tenant_id: string;
    company_id: string;
    project_id: string;
    project_name: string;
    vintage: number;
    tonnes: string;
    signature: string | null;
    completed_at: string | Date;
  }>(
    await tx.execute(sql`
      select * from (
        select 'mint' as kind, m.id, m.tenant_id, m.company_id, m.project_id, m.project_name, m.vintage,
          m.quantity::text as tonnes, m.signature, m.completed_at
        from mint_operations m
        where m.status = 'completed' and m.completed_at is not null
          and not exists (select 1 from invoice_lines l where l.tenant_id = m.tenant_id and l.operation_kind = 'mint' and l.operation_id = m.id)
        union all
        select 'batch_mint', i.id, i.tenant_id, j.company_id, i.project_id, i.project_id, i.vintage,
          i.units::text, i.signature, coalesce(j.completed_at, j.updated_at)
        from minting_job_items i join minting_jobs j on j.id = i.job_id
        where i.status = 'minted'
          and not exists (select 1 from invoice_lines l where l.tenant_id = i.tenant_id and l.operation_kind = 'batch_mint' and l.operation_id = i.id)
        union all
        select 'retirement', r.id, r.tenant_id, r.company_id, r.project_id, r.project_name, r.vintage,
          trim_scale(round(r.amount / (10::numeric ^ r.decimals), 4))::text, r.signature, r.completed_at
        from retirements r
        where r.status = 'completed' and r.completed_at is not null
          and not exists (select 1 from invoice_lines l where l.tenant_id = r.tenant_id and l.operation_kind = 'retirement' and l.operation_id = r.id)
      ) unbilled
      order by completed_at, id
      limit ${limit}`),
  );
  return rows.map((row) => ({
    kind: row.kind,
    id: row.id,
    tenantId: row.tenant_id,
    companyId: row.company_id,
    projectId: row.project_id,
    projectName: row.project_name,
    vintage: Number(row.vintage),
    tonnes: row.tonnes,
    signature: row.signature,
    completedAt: new Date(row.completed_at),
  }));
}

export async function findPayment(tx: Tx, id: string): Promise<PaymentRow | undefined> {
  const [row] = await tx.select().from(invoicePayments).where(eq(invoicePayments.id, id));
  return row;
}

/** pending → overdue, only if it still is pending: a payment or an edit in between wins. */
export async function markOverdue(tx: Tx, id: string, today: string): Promise<InvoiceRow | undefined> {
  const [row] = await tx
    .update(invoices)
    .set({ status: 'overdue', updatedAt: new Date() })
    .where(and(eq(invoices.id, id), eq(invoices.status, 'pending'), lt(invoices.dueDate, today)))
    .returning();
  return row;
}
