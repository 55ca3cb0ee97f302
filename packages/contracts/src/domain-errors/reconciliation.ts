import { reconciliationTexts } from '../reconciliation';
import { domainError } from './define';

/** The reconciliation domain's business failures (docs/reconciliation.md "Resolutions"). */
export const reconciliationErrors = {
  /** A sync whose direction would mint supply on chain or count unbacked tonnes in the ledger. */
  RECONCILIATION__SYNC_WOULD_CREATE_TONNES: domainError('CONFLICT', reconciliationTexts.wouldCreateTonnes),
  /** A sync the platform cannot carry out (the holder's signature, a third-party registry, a transaction that can no longer land). */
  RECONCILIATION__SYNC_NOT_EXECUTABLE: domainError('CONFLICT', reconciliationTexts.notExecutable),
  /** The ledger would drop a burn a certificate rests on. */
  RECONCILIATION__CERTIFICATE_RESTS_ON_BURN: domainError('CONFLICT', reconciliationTexts.certificateRestsOnIt),
  RECONCILIATION__ALREADY_RESOLVED: domainError('CONFLICT', reconciliationTexts.alreadyResolved),
  RECONCILIATION__AWAITING_APPROVAL: domainError('CONFLICT', reconciliationTexts.awaitingApproval),
  RECONCILIATION__ASSIGNEE_NOT_ALLOWED: domainError('VALIDATION_ERROR', reconciliationTexts.assigneeNotAllowed),
} as const;
