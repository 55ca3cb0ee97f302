import type { Database, Tx } from '../../db/database';
import type { InvoiceRow } from './invoices.repository';

/** What a module that issued an invoice learns when it is paid (its source and reference name the order behind it). */
export interface PaidInvoice {
  id: string;
  tenantId: string;
  companyId: string;
  number: string;
  source: string;
  sourceReference: string | null;
  totalAmount: string;
  currency: string;
  paidDate: Date | null;
}

/**
 * Runs inside the transaction that records the settling payment, so it happens exactly once
 * with it: a failure rolls the payment back, a crash loses neither.
 */
export type InvoicePaidHandler = (tx: Tx, invoice: PaidInvoice) => Promise<void>;

const handlersByDatabase = new WeakMap<Database, Map<string, InvoicePaidHandler>>();

/** A module that issues invoices with `source` asks to be told, in the paying transaction, when one of them is paid. */
export function registerInvoicePaidHandler(db: Database, source: string, handler: InvoicePaidHandler): void {
  const handlers = handlersByDatabase.get(db) ?? new Map<string, InvoicePaidHandler>();
  handlers.set(source, handler);
  handlersByDatabase.set(db, handlers);
}

export async function runPaidHandlers(db: Database, tx: Tx, row: InvoiceRow): Promise<void> {
  const handler = handlersByDatabase.get(db)?.get(row.source);
  if (!handler) return;
  await handler(tx, {
    id: row.id,
    tenantId: row.tenantId,
    companyId: row.companyId,
    number: row.number,
    source: row.source,
    sourceReference: row.sourceReference,
    totalAmount: row.totalAmount,
    currency: row.currency,
    paidDate: row.paidDate,
  });
}
