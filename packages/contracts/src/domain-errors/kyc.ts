import { kycTexts } from '../kyc';
import { domainError } from './define';

/** The KYC domain's business failures (docs/kyc.md). */
export const kycErrors = {
  /** Only the company's administrators fill in and submit its case. */
  KYC__NOT_EDITOR: domainError('ACCESS_DENIED', kycTexts.notEditor),
  /** A submitted or decided case is no longer changed by the company. */
  KYC__NOT_EDITABLE: domainError('CONFLICT', kycTexts.notEditable),
  /** Submitting needs every step and at least one document. */
  KYC__INCOMPLETE: domainError('VALIDATION_ERROR', kycTexts.incomplete),
  /** Four-eyes: the submitter never reviews their own case. */
  KYC__OWN_CASE: domainError('ACCESS_DENIED', kycTexts.ownCase),
  /** The case is not in a status this decision applies to. */
  KYC__NOT_REVIEWABLE: domainError('CONFLICT', kycTexts.notReviewable),
  /** Approval needs every checklist item ticked. */
  KYC__CHECKLIST_INCOMPLETE: domainError('VALIDATION_ERROR', kycTexts.checklistIncomplete),
  /** A decision needs the risk level and the score. */
  KYC__RISK_NOT_ASSESSED: domainError('VALIDATION_ERROR', kycTexts.riskNotAssessed),
  /** The case's approve or reject already waits for its approval workflow. */
  KYC__DECISION_AWAITING_APPROVAL: domainError('CONFLICT', kycTexts.decisionPending),
  /** The bytes are not a PDF, JPEG or PNG. */
  KYC__DOCUMENT_UNSUPPORTED: domainError('UNSUPPORTED_MEDIA_TYPE', kycTexts.documentUnsupported),
  /** Over KYC_DOCUMENT_MAX_BYTES. */
  KYC__DOCUMENT_TOO_LARGE: domainError('PAYLOAD_TOO_LARGE', kycTexts.documentTooLarge),
} as const;
