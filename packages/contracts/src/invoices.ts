import { z } from 'zod';
import { CURRENCIES, PAYMENT_METHODS } from './constants';
import { multiLineText, singleLineText } from './text';

/**
 * Invoices and payments (docs/product.md §2 Invoices, §3 Invoice and Payment, §4 invoice
 * statuses, §5 payment rules, §9 currencies and payment methods). Money travels as decimal
 * strings with two places and is computed in minor units (bigint): never binary floating point.
 */
export const invoiceTexts = {
  paymentMethodRequired: 'Payment method is required',
  dueDateRequired: 'Invoice due date is required',
  paymentFailed: 'Failed to process payment',
  loadFailed: 'Error loading financial data',
  dueBeforeIssue: 'The due date cannot be before the issue date.',
  created: 'Invoice created.',
  updated: 'Invoice updated.',
  deleted: 'Invoices deleted.',
  cancelled: 'Invoice cancelled.',
  issued: 'Invoice issued.',
  paymentRecorded: 'Payment recorded.',
  notEditable: 'Only draft, pending or overdue invoices without payments can be edited.',
  onlyDraftsDeleted: 'Only draft invoices can be deleted; cancel the others instead.',
  notCancellable: 'Paid, cancelled or partly paid invoices cannot be cancelled.',
  notPayable: 'Only pending or overdue invoices take payments.',
  notIssuable: 'Only a draft invoice can be issued.',
  overpayment: 'The payment is more than the balance due.',
  noLines: 'An invoice needs at least one line.',
  unknownCompany: 'Select a company of your organisation.',
  overdueTitle: 'Invoice overdue',
  paidTitle: 'Invoice paid',
  accrualTitle: 'Service fees',
} as const;

export const INVOICE_STATUSES = ['draft', 'pending', 'paid', 'overdue', 'cancelled'] as const;
export const invoiceStatusSchema = z.enum(INVOICE_STATUSES);
export type InvoiceStatus = z.infer<typeof invoiceStatusSchema>;

/** docs/product.md §9 invoice currencies. */
export const invoiceCurrencySchema = z.enum(CURRENCIES);
export type InvoiceCurrency = z.infer<typeof invoiceCurrencySchema>;

/** docs/product.md §9 payment methods. */
export const paymentMethodSchema = z.enum(PAYMENT_METHODS, { error: invoiceTexts.paymentMethodRequired });
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/** Where an invoice came from: typed in, the monthly service-fee accrual, or another module (e.g. a credit purchase order). */
export const invoiceSourceSchema = singleLineText().min(1).max(40);

/** The operations whose service fees are billed (docs/product.md §2 Invoices): one line each, once. */
export const BILLABLE_OPERATION_KINDS = ['mint', 'batch_mint', 'retirement'] as const;
export const billableOperationKindSchema = z.enum(BILLABLE_OPERATION_KINDS);
export type BillableOperationKind = z.infer<typeof billableOperationKindSchema>;

// ── exact decimal arithmetic ──────────────────────────────────────────────────────────────
const MONEY = /^\d{1,13}(\.\d{1,2})?$/;
const QUANTITY = /^\d{1,12}(\.\d{1,4})?$/;
const RATE = /^\d{1,3}(\.\d{1,2})?$/;

/** "12.3" → 1230n (minor units, two places). */
export function moneyToMinor(value: string): bigint {
  const [whole, fraction = ''] = value.split('.');
  return BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, '0') || '0');
}

/** 1230n → "12.30"; negative amounts keep their sign. */
export function minorToMoney(minor: bigint): string {
  const sign = minor < 0n ? '-' : '';
  const absolute = minor < 0n ? -minor : minor;
  return `${sign}${absolute / 100n}.${(absolute % 100n).toString().padStart(2, '0')}`;
}

/** A decimal string as an integer scaled by 10^places (the pattern checked it has at most that many). */
function scaled(value: string, places: number): bigint {
  const [whole, fraction = ''] = value.split('.');
  return BigInt(whole!) * 10n ** BigInt(places) + BigInt(fraction.padEnd(places, '0') || '0');
}

/** numerator / denominator rounded half up (both non-negative). */
function roundedDivision(numerator: bigint, denominator: bigint): bigint {
  return (numerator * 2n + denominator) / (denominator * 2n);
}

/** A line's amount in minor units: quantity (up to 4 places) × unit price, rounded half up to the cent. */
export function lineAmountMinor(quantity: string, unitPrice: string): bigint {
  return roundedDivision(scaled(quantity, 4) * moneyToMinor(unitPrice), 10_000n);
}

export interface InvoiceTotals {
  amount: string;
  taxAmount: string;
  totalAmount: string;
}

/** Tax at the rate (percent, up to 2 places) rounded half up to the cent, and the total, of a subtotal in minor units. */
export function totalsOfSubtotal(subtotalMinor: bigint, taxRate: string): InvoiceTotals {
  const tax = roundedDivision(subtotalMinor * scaled(taxRate, 2), 10_000n);
  return { amount: minorToMoney(subtotalMinor), taxAmount: minorToMoney(tax), totalAmount: minorToMoney(subtotalMinor + tax) };
}

/** Subtotal of the lines, tax and total: what the server stores and the form previews. */
export function invoiceTotals(lines: readonly { quantity: string; unitPrice: string }[], taxRate: string): InvoiceTotals {
  return totalsOfSubtotal(
    lines.reduce((sum, line) => sum + lineAmountMinor(line.quantity, line.unitPrice), 0n),
    taxRate,
  );
}

/** An amount of money: up to 13 digits and 2 decimal places, never negative. */
export const moneyField = z.string().trim().regex(MONEY, 'Enter an amount with at most two decimal places, not negative.');
// zod runs a refinement even after the pattern failed: only a well-formed value is converted (else BigInt throws).
const positiveMoneyField = moneyField.refine((value) => !MONEY.test(value) || moneyToMinor(value) > 0n, 'The amount must be more than zero.');
const quantityField = z
  .string()
  .trim()
  .regex(QUANTITY, 'Enter a quantity with at most four decimal places.')
  .refine((value) => !QUANTITY.test(value) || scaled(value, 4) > 0n, 'The quantity must be more than zero.');
const taxRateField = z
  .string()
  .trim()
  .regex(RATE, 'Enter a tax rate in percent with at most two decimal places.')
  .refine((value) => !RATE.test(value) || scaled(value, 2) <= 10_000n, 'The tax rate cannot be more than 100%.');

// ── requests ──────────────────────────────────────────────────────────────────────────────
export const invoiceLineInput = z.object({
  description: singleLineText().trim().min(1).max(300),
  quantity: quantityField,
  unitPrice: moneyField,
});
export type InvoiceLineInput = z.input<typeof invoiceLineInput>;

const invoiceFields = {
  /** Platform administrators bill any company of their tenant; everybody else their own (default). */
  companyId: z.uuid().optional(),
  title: singleLineText().trim().min(1).max(200),
  currency: invoiceCurrencySchema,
  issueDate: z.iso.date(),
  dueDate: z.iso.date({ error: invoiceTexts.dueDateRequired }),
  taxRate: taxRateField.default('0'),
  notes: multiLineText().trim().max(2000).optional(),
  /** The typed-in lines; lines billing an operation are kept by an edit and never sent here. */
  lines: z.array(invoiceLineInput).max(100),
};

function datesInOrder(body: { issueDate: string; dueDate: string }) {
  return body.dueDate >= body.issueDate;
}

export const createInvoiceRequest = z
  .object({
    ...invoiceFields,
    lines: invoiceFields.lines.min(1, invoiceTexts.noLines),
    /** draft: kept for editing; pending: issued at once. */
    status: z.enum(['draft', 'pending']).default('draft'),
  })
  .refine(datesInOrder, { message: invoiceTexts.dueBeforeIssue, path: ['dueDate'] });
export type CreateInvoiceRequest = z.input<typeof createInvoiceRequest>;

export const updateInvoiceRequest = z.object(invoiceFields).refine(datesInOrder, { message: invoiceTexts.dueBeforeIssue, path: ['dueDate'] });
export type UpdateInvoiceRequest = z.input<typeof updateInvoiceRequest>;

export const recordPaymentRequest = z.object({
  method: paymentMethodSchema,
  /** Omitted: the whole balance due (mark paid). */
  amount: positiveMoneyField.optional(),
  reference: singleLineText().trim().max(200).optional(),
  notes: multiLineText().trim().max(1000).optional(),
});
export type RecordPaymentRequest = z.input<typeof recordPaymentRequest>;

export const deleteInvoicesRequest = z.object({ ids: z.array(z.uuid()).min(1).max(100) });
export type DeleteInvoicesRequest = z.input<typeof deleteInvoicesRequest>;

export const invoiceIdParams = z.object({ id: z.uuid() });

export const invoiceFilterQuery = z.object({
  search: singleLineText().trim().max(200).optional(),
  status: invoiceStatusSchema.optional(),
  companyId: z.uuid().optional(),
});

export const invoiceListQuery = invoiceFilterQuery.extend({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type InvoiceListQuery = z.input<typeof invoiceListQuery>;

export const INVOICE_EXPORT_FORMATS = ['csv', 'json'] as const;
export const invoiceExportQuery = invoiceFilterQuery.extend({ format: z.enum(INVOICE_EXPORT_FORMATS).default('csv') });
export type InvoiceExportQuery = z.input<typeof invoiceExportQuery>;

// ── answers ───────────────────────────────────────────────────────────────────────────────
export const invoiceLineSchema = z.object({
  id: z.uuid(),
  description: z.string(),
  quantity: z.string(),
  unitPrice: z.string(),
  amount: z.string(),
  operationKind: billableOperationKindSchema.nullable(),
  operationId: z.string().nullable(),
  /** The operation's on-chain transaction signature. */
  signature: z.string().nullable(),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

export const paymentSchema = z.object({
  id: z.uuid(),
  amount: z.string(),
  currency: invoiceCurrencySchema,
  method: paymentMethodSchema,
  reference: z.string().nullable(),
  notes: z.string().nullable(),
  paidAt: z.string(),
  recordedBy: z.string().nullable(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const invoiceSummarySchema = z.object({
  id: z.uuid(),
  number: z.string(),
  companyId: z.uuid(),
  companyName: z.string(),
  title: z.string(),
  status: invoiceStatusSchema,
  currency: invoiceCurrencySchema,
  /** Subtotal of the lines. */
  amount: z.string(),
  taxRate: z.string(),
  taxAmount: z.string(),
  totalAmount: z.string(),
  paidAmount: z.string(),
  balanceDue: z.string(),
  issueDate: z.string(),
  dueDate: z.string(),
  paidDate: z.string().nullable(),
  notes: z.string().nullable(),
  source: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

export const invoiceSchema = invoiceSummarySchema.extend({ lines: z.array(invoiceLineSchema), payments: z.array(paymentSchema) });
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoiceListSchema = z.object({
  items: z.array(invoiceSummarySchema),
  total: z.number().int().nonnegative(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type InvoiceList = z.infer<typeof invoiceListSchema>;

export const paymentResultSchema = z.object({ invoice: invoiceSchema, payment: paymentSchema });
export type PaymentResult = z.infer<typeof paymentResultSchema>;

export const deleteInvoicesResultSchema = z.object({ deleted: z.number().int().nonnegative() });

/** The summary cards, per currency (amounts in different currencies are never added up). */
export const currencyFiguresSchema = z.object({
  currency: invoiceCurrencySchema,
  /** What was collected: every payment of invoices not cancelled. */
  totalRevenue: z.string(),
  /** Balance due of pending and overdue invoices. */
  pendingAmount: z.string(),
  overdueAmount: z.string(),
  /** Collected ÷ invoiced (issued, not cancelled) in percent with one decimal; null when nothing was invoiced. */
  collectionRate: z.string().nullable(),
});
export type CurrencyFigures = z.infer<typeof currencyFiguresSchema>;

export const invoiceStatsSchema = z.object({
  currencies: z.array(currencyFiguresSchema),
  /** Mean days from issue to full payment of paid invoices, one decimal; null when none is paid. */
  averagePaymentDays: z.string().nullable(),
  counts: z.record(invoiceStatusSchema, z.number().int().nonnegative()),
});
export type InvoiceStats = z.infer<typeof invoiceStatsSchema>;

/** invoice_update: an invoice changed; screens showing invoices read again. */
export const invoiceUpdatePayload = z.object({ id: z.uuid(), companyId: z.uuid(), status: invoiceStatusSchema });
export type InvoiceUpdatePayload = z.infer<typeof invoiceUpdatePayload>;

// ── /financial/reconciliation ─────────────────────────────────────────────────────────────
export const financialReconciliationTexts = {
  resolved: 'Mismatch resolved.',
  notFound: 'This mismatch is not open any more.',
  alreadyResolved: 'This mismatch was already resolved.',
} as const;

/**
 * unbilled_operation: a completed mint, batch-minted block or retirement no live invoice bills;
 * payment_without_invoice: a payment recorded on an invoice that is cancelled or still a draft;
 * amount_difference: an invoice whose stored total or paid amount differs from its lines or payments.
 */
export const FINANCIAL_MISMATCH_KINDS = ['unbilled_operation', 'payment_without_invoice', 'amount_difference'] as const;
export const financialMismatchKindSchema = z.enum(FINANCIAL_MISMATCH_KINDS);
export type FinancialMismatchKind = z.infer<typeof financialMismatchKindSchema>;

export const financialMismatchSchema = z.object({
  kind: financialMismatchKindSchema,
  /** The operation, payment or invoice id the mismatch is about. */
  subjectId: z.string(),
  companyId: z.uuid(),
  companyName: z.string(),
  /** What is wrong, in English (the web shows its own text per kind with these figures). */
  description: z.string(),
  invoiceNumber: z.string().nullable(),
  currency: invoiceCurrencySchema.nullable(),
  /** The amount the records should show, and the one they show (exact decimals), when amounts are at stake. */
  expected: z.string().nullable(),
  actual: z.string().nullable(),
  occurredAt: z.string(),
  resolution: z.object({ note: z.string(), resolvedBy: z.string().nullable(), resolvedAt: z.string() }).nullable(),
});
export type FinancialMismatch = z.infer<typeof financialMismatchSchema>;

export const financialReconciliationSchema = z.object({
  currencies: z.array(z.object({ currency: invoiceCurrencySchema, invoiced: z.string(), paid: z.string(), outstanding: z.string() })),
  billableOperations: z.number().int().nonnegative(),
  billedOperations: z.number().int().nonnegative(),
  mismatches: z.array(financialMismatchSchema),
});
export type FinancialReconciliation = z.infer<typeof financialReconciliationSchema>;

export const financialReconciliationQuery = z.object({ includeResolved: z.enum(['true', 'false']).default('false') });

export const resolveMismatchRequest = z.object({
  kind: financialMismatchKindSchema,
  subjectId: singleLineText().trim().min(1).max(100),
  note: multiLineText().trim().min(1).max(1000),
});
export type ResolveMismatchRequest = z.input<typeof resolveMismatchRequest>;
