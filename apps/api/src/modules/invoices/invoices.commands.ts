import type { z } from 'zod';
import {
  invoiceTexts,
  invoiceTotals,
  lineAmountMinor,
  minorToMoney,
  moneyToMinor,
  totalsOfSubtotal,
  type createInvoiceRequest,
  type BillableOperationKind,
  type Invoice,
  type InvoiceCurrency,
  type InvoiceLineInput,
  type PaymentResult,
  type recordPaymentRequest,
  type updateInvoiceRequest,
} from '@carbonledger/contracts';
import type { Tx } from '../../db/database';
import { companyScopeOf, type Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import type { BindOperation } from '../idempotency';
import { notify } from '../notifications';
import { recordWebhookEvent } from '../webhooks';
import { audit, invoiceView, publish, requireInvoice, toPayment, utcDay, type InvoiceDeps } from './invoices.context';
import { runPaidHandlers } from './invoices.hooks';
import * as repository from './invoices.repository';

type CreateInput = z.output<typeof createInvoiceRequest>;
type UpdateInput = z.output<typeof updateInvoiceRequest>;
type PaymentInput = z.output<typeof recordPaymentRequest>;

/** The invoice number a tenant's sequence gives: INV-000042. */
export function formatInvoiceNumber(sequence: bigint): string {
  return `INV-${sequence.toString().padStart(6, '0')}`;
}

/** The company an invoice is for: the actor's own, or (platform administrators) any company of the tenant. */
async function billedCompany(tx: Tx, actor: Actor, companyId: string | undefined) {
  const scope = companyScopeOf(actor);
  const company = await repository.findCompany(tx, companyId ?? actor.companyId);
  if (!company || (scope && company.id !== scope))
    throw new AppError('INVOICES__UNKNOWN_COMPANY', undefined, { fields: { companyId: [invoiceTexts.unknownCompany] } });
  return company;
}

function lineRows(tenantId: string, invoiceId: string, lines: readonly InvoiceLineInput[], firstPosition: number): repository.NewInvoiceLineRow[] {
  return lines.map((line, index) => ({
    tenantId,
    invoiceId,
    position: firstPosition + index,
    description: line.description,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    amount: minorToMoney(lineAmountMinor(line.quantity, line.unitPrice)),
  }));
}

/** An issued invoice is pending until its due date passes, then overdue (docs/product.md §4). */
function issuedStatus(dueDate: string): 'pending' | 'overdue' {
  return dueDate < utcDay() ? 'overdue' : 'pending';
}

export interface NewInvoice {
  companyId: string;
  title: string;
  currency: InvoiceCurrency;
  issueDate: string;
  dueDate: string;
  taxRate: string;
  notes?: string | null;
  lines: readonly InvoiceLineInput[];
  status: 'draft' | 'pending';
  source: string;
  sourceReference?: string | null;
  billingPeriod?: string | null;
}

/** Inserts an invoice with the next number of the tenant's sequence and its lines, totals computed here; audited. */
export async function insertNewInvoice(tx: Tx, tenantId: string, input: NewInvoice, actor: Actor | null): Promise<repository.InvoiceRow> {
  const totals = invoiceTotals(input.lines, input.taxRate);
  const number = formatInvoiceNumber(await repository.nextInvoiceNumber(tx, tenantId));
  const row = await repository.insertInvoice(tx, {
    tenantId,
    companyId: input.companyId,
    number,
    title: input.title,
    status: input.status === 'draft' ? 'draft' : issuedStatus(input.dueDate),
    currency: input.currency,
    taxRate: input.taxRate,
    ...totals,
    issueDate: input.issueDate,
    dueDate: input.dueDate,
    notes: input.notes ?? null,
    source: input.source,
    sourceReference: input.sourceReference ?? null,
    billingPeriod: input.billingPeriod ?? null,
    createdBy: actor?.userId ?? null,
  });
  await repository.insertLines(tx, lineRows(tenantId, row.id, input.lines, 1));
  await audit(tx, row, 'invoice.created', actor, { title: row.title, lines: input.lines.length, source: row.source });
  return row;
}

/** docs/product.md §2 Invoices: create (a draft, or issued at once) with the number from the tenant's sequence. */
export async function createInvoice(deps: InvoiceDeps, actor: Actor, input: CreateInput): Promise<Invoice> {
  const invoice = await deps.db.withTenant(actor.tenantId, async (tx) => {
    const company = await billedCompany(tx, actor, input.companyId);
    const row = await insertNewInvoice(tx, actor.tenantId, { ...input, companyId: company.id, source: 'manual' }, actor);
    return invoiceView(tx, row.id);
  });
  publish(deps, actor.tenantId, invoice);
  return invoice;
}

/**
 * Edit: title, dates, currency, tax, notes and the typed-in lines (replaced); lines billing an
 * operation stay as the accrual wrote them. Drafts, and issued invoices nobody paid yet.
 */
export async function updateInvoice(deps: InvoiceDeps, actor: Actor, id: string, input: UpdateInput): Promise<Invoice> {
  const invoice = await deps.db.withTenant(actor.tenantId, async (tx) => {
    const current = await requireInvoice(tx, actor, id, true);
    const editable = ['draft', 'pending', 'overdue'].includes(current.status) && moneyToMinor(current.paidAmount) === 0n;
    if (!editable) throw new AppError('INVOICES__NOT_EDITABLE');
    const company = await billedCompany(tx, actor, input.companyId ?? current.companyId);
    await repository.deleteManualLines(tx, id);
    const kept = await repository.linesOf(tx, id);
    if (kept.length + input.lines.length === 0) throw new AppError('INVOICES__NO_LINES', undefined, { fields: { lines: [invoiceTexts.noLines] } });
    await repository.insertLines(tx, lineRows(actor.tenantId, id, input.lines, (await repository.maxPosition(tx, id)) + 1));
    const subtotal = [...kept.map((line) => moneyToMinor(line.amount)), ...input.lines.map((line) => lineAmountMinor(line.quantity, line.unitPrice))].reduce(
      (sum, amount) => sum + amount,
      0n,
    );
    const row = await repository.updateInvoice(tx, id, {
      companyId: company.id,
      title: input.title,
      currency: input.currency,
      issueDate: input.issueDate,
      dueDate: input.dueDate,
      taxRate: input.taxRate,
      notes: input.notes ?? null,
      status: current.status === 'draft' ? 'draft' : issuedStatus(input.dueDate),
      ...totalsOfSubtotal(subtotal, input.taxRate),
    });
    await audit(tx, row, 'invoice.updated', actor, { previousTotal: current.totalAmount, title: row.title, dueDate: row.dueDate });
    return invoiceView(tx, id);
  });
  publish(deps, actor.tenantId, invoice);
  return invoice;
}

/** A draft becomes pending (or overdue when its due date already passed): it is sent and can be paid. */
export async function issueInvoice(deps: InvoiceDeps, actor: Actor, id: string): Promise<Invoice> {
  const invoice = await deps.db.withTenant(actor.tenantId, async (tx) => {
    const current = await requireInvoice(tx, actor, id, true);
    if (current.status !== 'draft') throw new AppError('INVOICES__NOT_ISSUABLE');
    if (moneyToMinor(current.totalAmount) === 0n && (await repository.linesOf(tx, id)).length === 0) throw new AppError('INVOICES__NO_LINES');
    const row = await repository.updateInvoice(tx, id, { status: issuedStatus(current.dueDate), billingPeriod: null });
    await audit(tx, row, 'invoice.issued', actor);
    return invoiceView(tx, id);
  });
  publish(deps, actor.tenantId, invoice);
  return invoice;
}

/** Mark cancelled: an issued invoice nobody paid any of is voided, never deleted. */
export async function cancelInvoice(deps: InvoiceDeps, actor: Actor, id: string): Promise<Invoice> {
  const invoice = await deps.db.withTenant(actor.tenantId, async (tx) => {
    const current = await requireInvoice(tx, actor, id, true);
    const cancellable = ['draft', 'pending', 'overdue'].includes(current.status) && moneyToMinor(current.paidAmount) === 0n;
    if (!cancellable) throw new AppError('INVOICES__NOT_CANCELLABLE');
    const row = await repository.updateInvoice(tx, id, { status: 'cancelled', cancelledAt: new Date(), billingPeriod: null });
    await audit(tx, row, 'invoice.cancelled', actor, { previousStatus: current.status });
    return invoiceView(tx, id);
  });
  publish(deps, actor.tenantId, invoice);
  return invoice;
}

/** Delete one or many: drafts only, all or none (docs/product.md §2 Invoices: the others are cancelled, never deleted). */
export async function deleteInvoices(deps: InvoiceDeps, actor: Actor, ids: readonly string[]): Promise<{ deleted: number }> {
  const unique = [...new Set(ids)];
  const rows = await deps.db.withTenant(actor.tenantId, async (tx) => {
    const found = await repository.findInvoicesForUpdate(tx, unique);
    const scope = companyScopeOf(actor);
    const visible = found.filter((row) => !scope || row.companyId === scope);
    if (visible.length !== unique.length) throw AppError.notFound('Invoice');
    if (visible.some((row) => row.status !== 'draft')) throw new AppError('INVOICES__ONLY_DRAFTS_DELETED');
    for (const row of visible) await audit(tx, row, 'invoice.deleted', actor, { title: row.title });
    await repository.deleteInvoices(tx, unique);
    return visible;
  });
  for (const row of rows) publish(deps, actor.tenantId, row);
  return { deleted: rows.length };
}

/**
 * docs/product.md §2 payment dialog, §5: a payment with its method (required), reference and
 * notes. Partial payments keep the invoice pending (or overdue) until the balance is paid; the
 * payment that settles it marks it paid, which cannot be undone. Without an amount it pays the
 * whole balance (mark paid). `bindKey` ties the Idempotency-Key to the payment, so a retry
 * never pays twice.
 */
export async function recordPayment(deps: InvoiceDeps, actor: Actor, id: string, input: PaymentInput, bindKey?: BindOperation): Promise<PaymentResult> {
  const { result, paid } = await deps.db.withTenant(actor.tenantId, async (tx) => {
    const current = await requireInvoice(tx, actor, id, true);
    if (current.status !== 'pending' && current.status !== 'overdue') throw new AppError('INVOICES__NOT_PAYABLE');
    const balance = moneyToMinor(current.totalAmount) - moneyToMinor(current.paidAmount);
    const amount = input.amount === undefined ? balance : moneyToMinor(input.amount);
    if (amount <= 0n || amount > balance) throw new AppError('INVOICES__OVERPAYMENT', undefined, { fields: { amount: [invoiceTexts.overpayment] } });
    const payment = await repository.insertPayment(tx, {
      tenantId: actor.tenantId,
      invoiceId: id,
      amount: minorToMoney(amount),
      currency: current.currency,
      method: input.method,
      reference: input.reference || null,
      notes: input.notes || null,
      recordedBy: actor.userId,
    });
    await bindKey?.(tx, payment.id);
    const settled = amount === balance;
    const row = await repository.updateInvoice(tx, id, {
      paidAmount: minorToMoney(moneyToMinor(current.paidAmount) + amount),
      ...(settled ? { status: 'paid' as const, paidDate: payment.paidAt } : {}),
    });
    await audit(tx, row, settled ? 'invoice.paid' : 'invoice.payment_recorded', actor, {
      paymentId: payment.id,
      amount: payment.amount,
      method: payment.method,
      reference: payment.reference,
      balanceDue: minorToMoney(balance - amount),
    });
    if (settled) {
      await runPaidHandlers(deps.db, tx, row);
      await recordWebhookEvent(tx, {
        tenantId: actor.tenantId,
        companyId: row.companyId,
        type: 'invoice.paid',
        data: {
          invoiceId: row.id,
          companyId: row.companyId,
          number: row.number,
          totalAmount: row.totalAmount,
          currency: row.currency,
          paidDate: (row.paidDate ?? payment.paidAt).toISOString(),
          source: row.source,
          sourceReference: row.sourceReference,
        },
      });
    }
    const invoice = await invoiceView(tx, id);
    const recorded = invoice.payments.find((entry) => entry.id === payment.id) ?? toPayment({ payment, firstName: null, lastName: null, email: null });
    return { result: { invoice, payment: recorded }, paid: settled ? row : null };
  });
  publish(deps, actor.tenantId, result.invoice);
  if (paid) {
    await notify(
      deps.db,
      deps.publisher,
      actor.tenantId,
      { roles: ['FINANCE'], companyId: paid.companyId },
      {
        type: 'TRANSACTION',
        title: invoiceTexts.paidTitle,
        message: `${paid.number} (${paid.title}) is paid: ${paid.totalAmount} ${paid.currency}.`,
        link: '/invoices',
      },
    );
  }
  return result;
}

/** The answer of a payment request retried after its payment was recorded (the Idempotency-Key's operation). */
export async function paymentResultOf(deps: InvoiceDeps, actor: Actor, paymentId: string): Promise<PaymentResult | undefined> {
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    const found = await repository.findPayment(tx, paymentId);
    if (!found) return undefined;
    const invoice = await invoiceView(tx, found.invoiceId);
    const payment = invoice.payments.find((entry) => entry.id === paymentId);
    return payment ? { invoice, payment } : undefined;
  });
}

/** What another module (e.g. credit purchase orders) asks to be invoiced; `sourceReference` makes the request idempotent. */
export interface InvoiceRequestFromModule {
  tenantId: string;
  companyId: string;
  title: string;
  currency: InvoiceCurrency;
  /**
   * A line may name the operation it bills (e.g. the mint that delivers a purchase): the
   * service-fee accrual then never bills that operation again (the unique index of migration 0028).
   */
  lines: readonly (InvoiceLineInput & { operation?: { kind: BillableOperationKind; id: string } })[];
  /** Calendar days (YYYY-MM-DD); the issue date defaults to today. */
  dueDate: string;
  issueDate?: string;
  taxRate?: string;
  notes?: string;
  /** The asking module's name, also the key its paid handler is registered under (registerInvoicePaidHandler). */
  source: string;
  /** The asking module's record (e.g. the order id): one invoice per source and reference. */
  sourceReference: string;
  /** pending (default): issued at once; draft: left for finance to review and issue. */
  status?: 'draft' | 'pending';
}

/**
 * Creates, in the caller's transaction, the invoice another module needs for a company, or
 * returns the one already created for the same source and reference. Lines are validated by
 * the caller with the contracts' `invoiceLineInput`; totals are computed here. The caller tells
 * the invoice's screens once its transaction commits (`announceInvoice`).
 */
export async function createInvoiceInTx(
  tx: Tx,
  request: InvoiceRequestFromModule,
  actor: Actor | null = null,
): Promise<{ invoice: Invoice; created: boolean }> {
  const existing = await repository.findBySourceReference(tx, request.source, request.sourceReference);
  if (existing) return { invoice: await invoiceView(tx, existing.id), created: false };
  if (request.lines.length === 0) throw new AppError('INVOICES__NO_LINES');
  const company = await repository.findCompany(tx, request.companyId);
  if (!company) throw new AppError('INVOICES__UNKNOWN_COMPANY');
  const row = await insertNewInvoice(
    tx,
    request.tenantId,
    {
      companyId: company.id,
      title: request.title,
      currency: request.currency,
      issueDate: request.issueDate ?? utcDay(),
      dueDate: request.dueDate,
      taxRate: request.taxRate ?? '0',
      notes: request.notes ?? null,
      lines: request.lines,
      status: request.status ?? 'pending',
      source: request.source,
      sourceReference: request.sourceReference,
    },
    actor,
  );
  for (const [index, line] of request.lines.entries()) {
    if (line.operation) await repository.linkLineToOperation(tx, row.id, index + 1, line.operation.kind, line.operation.id);
  }
  return { invoice: await invoiceView(tx, row.id), created: true };
}

/**
 * Voids, in the caller's transaction, the unpaid invoice another module issued for its record
 * (e.g. an expired purchase order), so nobody pays it afterwards. Undefined when there is none
 * or it can no longer be cancelled (paid, or partly paid); the caller announces the answer.
 */
export async function cancelInvoiceInTx(tx: Tx, source: string, sourceReference: string, actor: Actor | null = null): Promise<Invoice | undefined> {
  const existing = await repository.findBySourceReference(tx, source, sourceReference);
  if (!existing || !['draft', 'pending', 'overdue'].includes(existing.status) || moneyToMinor(existing.paidAmount) !== 0n) return undefined;
  const row = await repository.updateInvoice(tx, existing.id, { status: 'cancelled', cancelledAt: new Date(), billingPeriod: null });
  await audit(tx, row, 'invoice.cancelled', actor, { previousStatus: existing.status, source, sourceReference });
  return invoiceView(tx, row.id);
}
