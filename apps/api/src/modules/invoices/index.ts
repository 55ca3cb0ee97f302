/**
 * The invoices module's face: its routes (with the accrual and overdue jobs); for modules that
 * bill a company (e.g. credit purchase orders) the invoice created in their own transaction,
 * the announcement after it commits and the paid handler; and the accrual pass tests and
 * start-up drive.
 */
export { invoicesRoutes } from './invoices.routes';
export { invoiceDepsOf, publish as announceInvoice, type InvoiceDeps } from './invoices.context';
export { cancelInvoiceInTx, createInvoiceInTx, type InvoiceRequestFromModule } from './invoices.commands';
export { registerInvoicePaidHandler, type InvoicePaidHandler, type PaidInvoice } from './invoices.hooks';
export { accrueServiceFees } from './invoices.accrual';
export { markOverdueInvoices } from './invoices.overdue';
