import { InvoicesPage } from '../invoices/InvoicesPage';

export const borrowed = InvoicesPage;
