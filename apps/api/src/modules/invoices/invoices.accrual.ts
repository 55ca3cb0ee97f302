import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_PRICES_USD_CENTS, invoiceTexts, lineAmountMinor, minorToMoney, moneyToMinor, totalsOfSubtotal } from '@carbonledger/contracts';
import type { Tx } from '../../db/database';
import { mintingSettingsOf } from '../minting';
import { formatInvoiceNumber } from './invoices.commands';
import { audit, publish, utcDay, type InvoiceDeps } from './invoices.context';
import * as repository from './invoices.repository';

/** How many operations one pass bills; the next pass (a minute later) takes the rest. */
const ACCRUAL_BATCH = 200;
/** Days an accrual invoice gives from its issue date to its due date. */
const ACCRUAL_PAYMENT_TERM_DAYS = 30;

const FEE_NAMES = { mint: 'Minting service fee', batch_mint: 'Batch minting service fee', retirement: 'Retirement service fee' } as const;

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The open accrual draft of the company and month, locked; created (with the next invoice number) when there is none. */
async function openAccrualInvoice(tx: Tx, operation: repository.UnbilledOperation, period: string): Promise<repository.InvoiceRow> {
  const open = await repository.findOpenAccrualForUpdate(tx, operation.companyId, period);
  if (open) return open;
  const issueDate = utcDay();
  const created = await repository.insertInvoiceIfAbsent(tx, {
    tenantId: operation.tenantId,
    companyId: operation.companyId,
    number: formatInvoiceNumber(await repository.nextInvoiceNumber(tx, operation.tenantId)),
    title: `${invoiceTexts.accrualTitle} ${period}`,
    status: 'draft',
    currency: 'USD',
    issueDate,
    dueDate: addDays(issueDate, ACCRUAL_PAYMENT_TERM_DAYS),
    source: 'accrual',
    billingPeriod: period,
  });
  if (created) {
    await audit(tx, created, 'invoice.created', null, { source: 'accrual', billingPeriod: period });
    return created;
  }
  // A concurrent pass created it between the look and the insert: its row is committed now.
  const raced = await repository.findOpenAccrualForUpdate(tx, operation.companyId, period);
  if (!raced) throw new Error(`accrual invoice of company ${operation.companyId} for ${period} vanished`);
  return raced;
}

/**
 * Bills one completed operation on its company's draft invoice of the month it completed in,
 * at the tenant's price per tCO2e of the project's type (Settings → Blockchain price list,
 * US cents). The line is inserted only if no line bills the operation yet (the unique index of
 * migration 0028), so running this twice, or two passes at once, bills it once.
 */
async function billOperation(deps: InvoiceDeps, operation: repository.UnbilledOperation): Promise<repository.InvoiceRow | null> {
  return deps.db.withTenant(operation.tenantId, async (tx) => {
    const project = await deps.registry(tx).getProject(operation.projectId);
    const settings = await mintingSettingsOf(tx);
    const cents = project ? (settings.pricesUsdCents[project.type] ?? DEFAULT_PRICES_USD_CENTS[project.type]) : 0;
    const unitPrice = minorToMoney(BigInt(cents));
    const period = operation.completedAt.toISOString().slice(0, 7);
    const invoice = await openAccrualInvoice(tx, operation, period);
    const billed = await repository.insertOperationLine(tx, {
      tenantId: operation.tenantId,
      invoiceId: invoice.id,
      position: (await repository.maxPosition(tx, invoice.id)) + 1,
      description: `${FEE_NAMES[operation.kind]}: ${project?.name ?? operation.projectName} (vintage ${operation.vintage})`.slice(0, 300),
      quantity: operation.tonnes,
      unitPrice,
      amount: minorToMoney(lineAmountMinor(operation.tonnes, unitPrice)),
      operationKind: operation.kind,
      operationId: operation.id,
      signature: operation.signature,
    });
    if (!billed) return null;
    const subtotal = (await repository.linesOf(tx, invoice.id)).reduce((sum, line) => sum + moneyToMinor(line.amount), 0n);
    const row = await repository.updateInvoice(tx, invoice.id, totalsOfSubtotal(subtotal, invoice.taxRate));
    await audit(tx, row, 'invoice.line_accrued', null, {
      operationKind: operation.kind,
      operationId: operation.id,
      signature: operation.signature,
      tonnes: operation.tonnes,
      unitPrice,
    });
    return row;
  });
}

/**
 * docs/product.md §2 Invoices tied to operations: bills every completed mint, batch-minted
 * block and retirement that no invoice line bills yet. The sweep job runs it at start and every
 * minute, so an operation completed while the server was down, or a pass that crashed half
 * way, is billed by the next one — never missed, never twice. Answers how many it billed.
 */
export async function accrueServiceFees(deps: InvoiceDeps, log?: FastifyBaseLogger): Promise<number> {
  const operations = await deps.db.asSystem((tx) => repository.unbilledOperations(tx, ACCRUAL_BATCH));
  let billed = 0;
  for (const operation of operations) {
    try {
      const row = await billOperation(deps, operation);
      if (!row) continue;
      billed += 1;
      publish(deps, row.tenantId, row);
    } catch (error) {
      // One operation that cannot be billed now (e.g. its registry unreachable) must not hold back the others.
      log?.error(
        { err: error, operation: { kind: operation.kind, id: operation.id } },
        'invoices: an operation could not be billed; the next pass tries again',
      );
    }
  }
  return billed;
}
