import { companyTexts } from '../companies';
import { domainError } from './define';

/** The companies domain's business failures (docs/architecture.md "Errors"). */
export const companyErrors = {
  /** Tax IDs are unique within a tenant (docs/product.md §3 Company). */
  COMPANY__TAX_ID_TAKEN: domainError('CONFLICT', companyTexts.taxIdTaken),
  /** docs/product.md §5: the company cannot edit its tax ID; support (a platform administrator) does. */
  COMPANY__TAX_ID_LOCKED: domainError('ACCESS_DENIED', companyTexts.taxIdLocked),
} as const;
