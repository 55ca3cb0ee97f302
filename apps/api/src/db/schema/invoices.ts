import { sql } from 'drizzle-orm';
import { bigint, date, integer, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { BillableOperationKind, FinancialMismatchKind, InvoiceCurrency, InvoiceStatus, PaymentMethod } from '@carbonledger/contracts';
import { companies, tenants } from './foundation';
import { at, companyId, createdAt, generatedId, money, tenantId, updatedAt, userRef } from './columns';

/** The last invoice number given in a tenant (migration 0028). */
export const invoiceSequences = pgTable('invoice_sequences', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id),
  lastNumber: bigint('last_number', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
});

/** An invoice (migration 0028, docs/product.md §3 Invoice). */
export const invoices = pgTable('invoices', {
  id: generatedId(),
  tenantId: tenantId(),
  companyId: companyId(),
  number: text('number').notNull(),
  title: text('title').notNull(),
  status: text('status').$type<InvoiceStatus>().notNull(),
  currency: text('currency').$type<InvoiceCurrency>().notNull(),
  amount: money('amount').notNull().default('0'),
  taxRate: numeric('tax_rate', { precision: 5, scale: 2 }).notNull().default('0'),
  taxAmount: money('tax_amount').notNull().default('0'),
  totalAmount: money('total_amount').notNull().default('0'),
  paidAmount: money('paid_amount').notNull().default('0'),
  issueDate: date('issue_date', { mode: 'string' }).notNull(),
  dueDate: date('due_date', { mode: 'string' }).notNull(),
  paidDate: at('paid_date'),
  notes: text('notes'),
  source: text('source').notNull().default('manual'),
  sourceReference: text('source_reference'),
  billingPeriod: text('billing_period'),
  createdBy: userRef('created_by'),
  cancelledAt: at('cancelled_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** One line of an invoice; a line billing an operation names it and its signature (migration 0028). */
export const invoiceLines = pgTable('invoice_lines', {
  id: generatedId(),
  tenantId: tenantId(),
  invoiceId: uuid('invoice_id')
    .notNull()
    .references(() => invoices.id, { onDelete: 'cascade' }),
  position: integer('position').notNull(),
  description: text('description').notNull(),
  quantity: numeric('quantity', { precision: 16, scale: 4 }).notNull(),
  unitPrice: money('unit_price').notNull(),
  amount: money('amount').notNull(),
  operationKind: text('operation_kind').$type<BillableOperationKind>(),
  operationId: uuid('operation_id'),
  signature: text('signature'),
  createdAt: createdAt(),
});

/** A payment received against an invoice (migration 0028, docs/product.md §3 Payment). */
export const invoicePayments = pgTable('invoice_payments', {
  id: generatedId(),
  tenantId: tenantId(),
  invoiceId: uuid('invoice_id')
    .notNull()
    .references(() => invoices.id),
  amount: money('amount').notNull(),
  currency: text('currency').$type<InvoiceCurrency>().notNull(),
  method: text('method').$type<PaymentMethod>().notNull(),
  reference: text('reference'),
  notes: text('notes'),
  recordedBy: userRef('recorded_by'),
  paidAt: at('paid_at').notNull().defaultNow(),
});

/** A financial reconciliation mismatch resolved with a note (migration 0028, docs/product.md §2 /financial/reconciliation). */
export const financialResolutions = pgTable('financial_resolutions', {
  id: generatedId(),
  tenantId: tenantId(),
  kind: text('kind').$type<FinancialMismatchKind>().notNull(),
  subjectId: text('subject_id').notNull(),
  companyId: uuid('company_id').references(() => companies.id),
  note: text('note').notNull(),
  resolvedBy: userRef('resolved_by'),
  resolvedAt: at('resolved_at').notNull().defaultNow(),
});
