import type { FastifyInstance } from 'fastify';
import {
  moneyToMinor,
  minorToMoney,
  SERVER_EVENTS,
  type AuditAction,
  type Invoice,
  type InvoiceLine,
  type InvoiceSummary,
  type InvoiceUpdatePayload,
  type Payment,
} from '@carbonledger/contracts';
import type { Database, Tx } from '../../db/database';
import { companyScopeOf, type Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../audit';
import { embeddedContentStore, type ContentStore } from '../files';
import type { NotificationPublisher } from '../notifications';
import type { RegistryProvider } from '../registry';
import * as repository from './invoices.repository';

/** What the invoice services need from the app, built once by `invoiceDepsOf(app)`. */
export interface InvoiceDeps {
  db: Database;
  live: { emitToCompany(target: { tenantId: string; companyId: string }, event: string, payload: unknown): void };
  publisher: NotificationPublisher;
  /** The registry the accrual reads a project's type from (its price in the minting settings). */
  registry: RegistryProvider;
  /** The file store the tenant's logo is read from, for the PDF. */
  files: ContentStore;
}

export function invoiceDepsOf(app: FastifyInstance): InvoiceDeps {
  return { db: app.db, live: app.live, publisher: app.live, registry: app.registryFor, files: embeddedContentStore(app.config.dataDir) };
}

/** docs/product.md §6 company scope: a company's users see its invoices; ADMIN and SUPER_ADMIN the whole tenant's. */
export async function requireInvoice(tx: Tx, actor: Actor, id: string, lock = false): Promise<repository.InvoiceRow> {
  const row = lock ? await repository.findInvoiceForUpdate(tx, id) : await repository.findInvoice(tx, id);
  const scope = companyScopeOf(actor);
  if (!row || (scope && row.companyId !== scope)) throw AppError.notFound('Invoice');
  return row;
}

export function toSummary(row: repository.InvoiceViewRow): InvoiceSummary {
  const invoice = row.invoice;
  return {
    id: invoice.id,
    number: invoice.number,
    companyId: invoice.companyId,
    companyName: row.companyName,
    title: invoice.title,
    status: invoice.status,
    currency: invoice.currency,
    amount: invoice.amount,
    taxRate: invoice.taxRate,
    taxAmount: invoice.taxAmount,
    totalAmount: invoice.totalAmount,
    paidAmount: invoice.paidAmount,
    balanceDue: minorToMoney(moneyToMinor(invoice.totalAmount) - moneyToMinor(invoice.paidAmount)),
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    paidDate: invoice.paidDate?.toISOString() ?? null,
    notes: invoice.notes,
    source: invoice.source,
    createdAt: invoice.createdAt.toISOString(),
    updatedAt: invoice.updatedAt.toISOString(),
  };
}

function toLine(row: repository.InvoiceLineRow): InvoiceLine {
  return {
    id: row.id,
    description: row.description,
    quantity: row.quantity,
    unitPrice: row.unitPrice,
    amount: row.amount,
    operationKind: row.operationKind,
    operationId: row.operationId,
    signature: row.signature,
  };
}

export function toPayment(row: Awaited<ReturnType<typeof repository.paymentsOf>>[number]): Payment {
  const payment = row.payment;
  const name = row.email === null ? null : `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim() || row.email;
  return {
    id: payment.id,
    amount: payment.amount,
    currency: payment.currency,
    method: payment.method,
    reference: payment.reference,
    notes: payment.notes,
    paidAt: payment.paidAt.toISOString(),
    recordedBy: name,
  };
}

/** The invoice with its lines and payments, read in the caller's transaction. */
export async function invoiceView(tx: Tx, id: string): Promise<Invoice> {
  const row = await repository.findInvoiceView(tx, id);
  if (!row) throw AppError.notFound('Invoice');
  return {
    ...toSummary(row),
    lines: (await repository.linesOf(tx, id)).map(toLine),
    payments: (await repository.paymentsOf(tx, id)).map(toPayment),
  };
}

/** Tells the company's screens (and the tenant's administrators) that an invoice changed. */
export function publish(
  deps: Pick<InvoiceDeps, 'live'>,
  tenantId: string,
  invoice: { id: string; companyId: string; status: InvoiceUpdatePayload['status'] },
): void {
  const payload: InvoiceUpdatePayload = { id: invoice.id, companyId: invoice.companyId, status: invoice.status };
  deps.live.emitToCompany({ tenantId, companyId: invoice.companyId }, SERVER_EVENTS.invoiceUpdate, payload);
}

/** The audit entry of an invoice change; `actor` is null for the platform's own steps (accrual, overdue). */
export function audit(tx: Tx, row: repository.InvoiceRow, action: AuditAction, actor: Actor | null, details: Record<string, unknown> = {}) {
  return recordAudit(tx, {
    tenantId: row.tenantId,
    actorUserId: actor?.userId ?? null,
    action,
    resourceType: 'invoice',
    resourceId: row.id,
    details: { number: row.number, companyId: row.companyId, status: row.status, totalAmount: row.totalAmount, currency: row.currency, ...details },
    ip: actor?.ip ?? null,
    requestId: actor?.requestId ?? null,
    apiKey: actor?.apiKey,
  });
}

/** Today as YYYY-MM-DD (UTC): due dates are calendar days. */
export function utcDay(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}
