import {
  invoiceCurrencySchema,
  minorToMoney,
  moneyToMinor,
  type FinancialMismatch,
  type FinancialMismatchKind,
  type FinancialReconciliation,
  type InvoiceCurrency,
} from '@carbonledger/contracts';
import { companyScopeOf, type Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../audit';
import type { InvoiceDeps } from './invoices.context';
import * as invoices from './invoices.repository';
import * as repository from './financial-reconciliation.repository';
import type { Tx } from '../../db/database';

const iso = (value: string | Date | null) => (value === null ? new Date(0) : new Date(value)).toISOString();
const currencyOf = (value: string): InvoiceCurrency => invoiceCurrencySchema.parse(value);
const OPERATION_NAMES: Record<string, string> = { mint: 'Mint', batch_mint: 'Batch-minted block', retirement: 'Retirement' };

type Open = Omit<FinancialMismatch, 'resolution'>;

/** Every mismatch of the tenant now, computed from the records (nothing of it is stored but its resolution). */
async function currentMismatches(tx: Tx): Promise<Open[]> {
  const found: Open[] = [];
  for (const operation of await invoices.unbilledOperations(tx, 1000)) {
    const company = await invoices.findCompany(tx, operation.companyId);
    found.push({
      kind: 'unbilled_operation',
      subjectId: operation.id,
      companyId: operation.companyId,
      companyName: company?.name ?? '',
      description: `${OPERATION_NAMES[operation.kind]} of ${operation.tonnes} tCO2e (${operation.projectName}) is on no invoice.`,
      invoiceNumber: null,
      currency: null,
      expected: null,
      actual: null,
      occurredAt: operation.completedAt.toISOString(),
    });
  }
  for (const row of await repository.operationsBilledOnCancelled(tx)) {
    found.push({
      kind: 'unbilled_operation',
      subjectId: row.operation_id,
      companyId: row.company_id,
      companyName: row.company_name,
      description: `${OPERATION_NAMES[row.operation_kind] ?? row.operation_kind} is billed only on the cancelled invoice ${row.number}.`,
      invoiceNumber: row.number,
      currency: currencyOf(row.currency),
      expected: row.amount,
      actual: '0.00',
      occurredAt: iso(row.cancelled_at),
    });
  }
  for (const row of await repository.paymentsWithoutLiveInvoice(tx)) {
    found.push({
      kind: 'payment_without_invoice',
      subjectId: row.payment_id,
      companyId: row.company_id,
      companyName: row.company_name,
      description: `A payment of ${row.amount} ${row.currency} is recorded on invoice ${row.number}, which is ${row.status}.`,
      invoiceNumber: row.number,
      currency: currencyOf(row.currency),
      expected: '0.00',
      actual: row.amount,
      occurredAt: iso(row.paid_at),
    });
  }
  for (const row of await repository.amountDifferences(tx)) {
    const linesDiffer = moneyToMinor(row.stored_amount) !== moneyToMinor(row.lines_amount);
    const paymentsDiffer = moneyToMinor(row.stored_paid) !== moneyToMinor(row.payments_amount);
    const [expected, actual, what] = linesDiffer
      ? [row.lines_amount, row.stored_amount, 'its subtotal differs from its lines']
      : paymentsDiffer
        ? [row.payments_amount, row.stored_paid, 'its paid amount differs from its payments']
        : [row.total_amount, row.stored_paid, 'it is marked paid without being paid in full'];
    found.push({
      kind: 'amount_difference',
      subjectId: row.invoice_id,
      companyId: row.company_id,
      companyName: row.company_name,
      description: `Invoice ${row.number}: ${what} (difference ${minorToMoney(moneyToMinor(expected) - moneyToMinor(actual))} ${row.currency}).`,
      invoiceNumber: row.number,
      currency: currencyOf(row.currency),
      expected,
      actual,
      occurredAt: iso(row.updated_at),
    });
  }
  return found;
}

/**
 * docs/product.md §2 /financial/reconciliation: invoiced, paid and outstanding per currency,
 * billable operations against billed ones, and the mismatches (open ones, or every one with its
 * resolution), in the reader's company scope.
 */
export async function financialReconciliation(deps: InvoiceDeps, actor: Actor, includeResolved: boolean): Promise<FinancialReconciliation> {
  const scope = companyScopeOf(actor);
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    const totals = await invoices.currencyTotals(tx, scope);
    const counts = await repository.operationCounts(tx, scope);
    const resolved = new Map(
      (await repository.resolutions(tx)).map((row) => [
        `${row.resolution.kind}:${row.resolution.subjectId}`,
        {
          note: row.resolution.note,
          resolvedBy: row.email === null ? null : `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim() || row.email,
          resolvedAt: row.resolution.resolvedAt.toISOString(),
        },
      ]),
    );
    const mismatches = (await currentMismatches(tx))
      .filter((mismatch) => !scope || mismatch.companyId === scope)
      .map((mismatch) => ({ ...mismatch, resolution: resolved.get(`${mismatch.kind}:${mismatch.subjectId}`) ?? null }))
      .filter((mismatch) => includeResolved || mismatch.resolution === null);
    return {
      currencies: totals.map((row) => ({
        currency: currencyOf(row.currency),
        invoiced: row.invoiced,
        paid: row.collected,
        outstanding: row.outstanding,
      })),
      billableOperations: counts.billable,
      billedOperations: counts.billed,
      mismatches,
    };
  });
}

/** Resolves an open mismatch of the reader's scope with a note, once; audited. */
export async function resolveMismatch(
  deps: InvoiceDeps,
  actor: Actor,
  input: { kind: FinancialMismatchKind; subjectId: string; note: string },
): Promise<FinancialMismatch> {
  const scope = companyScopeOf(actor);
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    const mismatch = (await currentMismatches(tx)).find(
      (entry) => entry.kind === input.kind && entry.subjectId === input.subjectId && (!scope || entry.companyId === scope),
    );
    if (!mismatch) throw new AppError('INVOICES__MISMATCH_NOT_FOUND');
    const recorded = await repository.insertResolution(tx, {
      tenantId: actor.tenantId,
      kind: input.kind,
      subjectId: input.subjectId,
      companyId: mismatch.companyId,
      note: input.note,
      resolvedBy: actor.userId,
    });
    if (!recorded) throw new AppError('INVOICES__MISMATCH_ALREADY_RESOLVED');
    await recordAudit(tx, {
      tenantId: actor.tenantId,
      actorUserId: actor.userId,
      action: 'financial_reconciliation.resolved',
      resourceType: 'financial_mismatch',
      resourceId: input.subjectId,
      details: { kind: input.kind, companyId: mismatch.companyId, note: input.note, expected: mismatch.expected, actual: mismatch.actual },
      ip: actor.ip ?? null,
      requestId: actor.requestId ?? null,
    });
    return { ...mismatch, resolution: { note: input.note, resolvedBy: null, resolvedAt: new Date().toISOString() } };
  });
}
