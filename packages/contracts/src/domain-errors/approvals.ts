import { approvalTexts } from '../approvals';
import { domainError } from './define';

/** The approval engine's business failures (docs/approvals.md). */
export const approvalErrors = {
  /** The workflow was already approved or rejected. */
  APPROVALS__NOT_PENDING: domainError('CONFLICT', approvalTexts.notPending),
  /** Four-eyes: the requestor never decides on their own request. */
  APPROVALS__SELF_APPROVAL: domainError('FORBIDDEN', approvalTexts.selfApproval),
  /** The caller's role (or company) is not the current level's. */
  APPROVALS__NOT_APPROVER: domainError('ACCESS_DENIED', approvalTexts.notApprover),
  /** One approver per level: who approved an earlier level leaves the next to someone else. */
  APPROVALS__ALREADY_APPROVED_LEVEL: domainError('FORBIDDEN', approvalTexts.alreadyDecidedLevel),
  /** The level was delegated to someone else. */
  APPROVALS__NOT_DELEGATE: domainError('ACCESS_DENIED', approvalTexts.notDelegate),
  /** The chosen delegate may not decide this level. */
  APPROVALS__DELEGATE_NOT_ELIGIBLE: domainError('VALIDATION_ERROR', approvalTexts.delegateNotEligible),
} as const;
