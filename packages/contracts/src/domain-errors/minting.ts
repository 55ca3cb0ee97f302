import { mintingTexts } from '../minting';
import { domainError } from './define';

/** The minting domain's business failures (docs/architecture.md "Errors"). */
export const mintingErrors = {
  /** No preview of this user under the id: execution only accepts the caller's own reviewed preview. */
  MINTING__PREVIEW_NOT_EXECUTABLE: domainError('CONFLICT', mintingTexts.cannotExecute),
  MINTING__PREVIEW_EXPIRED: domainError('CONFLICT', mintingTexts.cannotExecute),
  /** The preview found the fee payer's balance short; a new preview is needed once it is funded. */
  MINTING__INSUFFICIENT_BALANCE: domainError('CONFLICT', mintingTexts.insufficientBalance),
  /** The preview's operation runs right now (another request or a resumed run). */
  MINTING__ALREADY_PROCESSING: domainError('CONFLICT', 'This minting is already being processed.'),
  /** Fewer VCUs than the operation's quantity could be imported or reserved when it ran. */
  MINTING__QUANTITY_UNAVAILABLE: domainError('CONFLICT', mintingTexts.quantityUnavailable),
  MINTING__APPROVAL_NOT_PENDING: domainError('CONFLICT', mintingTexts.approvalNotPending),
  MINTING__SELF_APPROVAL: domainError('FORBIDDEN', 'A mint request must be approved by someone other than its requestor.'),
  /** Chosen VCU blocks of a batch are no longer available blocks of the company. */
  MINTING__VCUS_UNAVAILABLE: domainError('CONFLICT', 'Some of the selected VCUs are not available for minting any more. Please reload the list.'),
} as const;
