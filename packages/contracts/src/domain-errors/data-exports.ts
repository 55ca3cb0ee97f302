import { dataExportTexts } from '../data-exports';
import { domainError } from './define';

/** The data export domain's business failures (docs/architecture.md "Errors"). */
export const dataExportErrors = {
  /** The reader lacks a permission one of the export's types needs (docs/product.md §6). */
  DATA_EXPORT__NOT_ALLOWED: domainError('ACCESS_DENIED', dataExportTexts.notAllowed),
  /** A download of an export still running, failed, or whose file was deleted. */
  DATA_EXPORT__NOT_READY: domainError('CONFLICT', dataExportTexts.notReady),
} as const;
