import { financialReconciliationTexts, invoiceTexts } from '../invoices';
import { domainError } from './define';

/** The invoices domain's business failures (docs/architecture.md "Errors"). */
export const invoiceErrors = {
  INVOICES__NOT_EDITABLE: domainError('CONFLICT', invoiceTexts.notEditable),
  /** Drafts are deleted; every other invoice is cancelled, never deleted (docs/product.md §2 Invoices). */
  INVOICES__ONLY_DRAFTS_DELETED: domainError('CONFLICT', invoiceTexts.onlyDraftsDeleted),
  INVOICES__NOT_CANCELLABLE: domainError('CONFLICT', invoiceTexts.notCancellable),
  INVOICES__NOT_PAYABLE: domainError('CONFLICT', invoiceTexts.notPayable),
  INVOICES__NOT_ISSUABLE: domainError('CONFLICT', invoiceTexts.notIssuable),
  INVOICES__OVERPAYMENT: domainError('VALIDATION_ERROR', invoiceTexts.overpayment),
  INVOICES__NO_LINES: domainError('VALIDATION_ERROR', invoiceTexts.noLines),
  INVOICES__UNKNOWN_COMPANY: domainError('NOT_FOUND', invoiceTexts.unknownCompany),
  INVOICES__MISMATCH_NOT_FOUND: domainError('NOT_FOUND', financialReconciliationTexts.notFound),
  INVOICES__MISMATCH_ALREADY_RESOLVED: domainError('CONFLICT', financialReconciliationTexts.alreadyResolved),
} as const;
