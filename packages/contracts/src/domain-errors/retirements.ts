import { retirementTexts } from '../retirements';
import { domainError } from './define';

/** The retirements domain's business failures (docs/architecture.md "Errors"). */
export const retirementErrors = {
  RETIREMENT__NOT_CANCELLABLE: domainError('CONFLICT', retirementTexts.cancelNotAllowed),
  /** Prepare on a retirement that waits for no signature, or whose transaction was sent meanwhile. */
  RETIREMENT__NOTHING_TO_PREPARE: domainError('CONFLICT', retirementTexts.prepareNotAllowed),
  /** Submit on a retirement that waits for no signature. */
  RETIREMENT__NOT_AWAITING_SIGNATURE: domainError('CONFLICT', retirementTexts.submitNotAllowed),
  /** The signed allowance no longer matches the token account's scheduled sum: another schedule or cancellation changed it. */
  RETIREMENT__SCHEDULED_SUM_CHANGED: domainError('CONFLICT', 'The scheduled retirements of this token account changed. Prepare the transaction again.'),
  /** The platform-managed wallet that must sign is gone. */
  RETIREMENT__MANAGED_WALLET_MISSING: domainError('CONFLICT', retirementTexts.walletRequired),
} as const;
