import { walletTexts } from '../wallets';
import { domainError } from './define';

/** The wallets domain's business failures (docs/architecture.md "Errors"). */
export const walletErrors = {
  /** An administrator rejected this address for the company; registering it again is refused. */
  WALLET__PREVIOUSLY_REJECTED: domainError('CONFLICT', walletTexts.previouslyRejected),
  /** The wallet is suspended or revoked (registering it again, or verifying it). */
  WALLET__NOT_ACTIVE: domainError('CONFLICT', walletTexts.notActive),
  /** The address belongs to another company of the platform. */
  WALLET__REGISTERED_ELSEWHERE: domainError('CONFLICT', walletTexts.registeredElsewhere),
  /** A newly generated managed-wallet address was already taken (practically never). */
  WALLET__ADDRESS_TAKEN: domainError('CONFLICT', walletTexts.registerFailed),
  /** Platform-managed wallets are controlled by the platform: only external ones sign the verification memo. */
  WALLET__VERIFICATION_EXTERNAL_ONLY: domainError(
    'CONFLICT',
    'Only external wallets sign the verification; platform-managed wallets are controlled by the platform.',
  ),
  /** The decision is not allowed from the wallet's status (docs/wallets.md transitions); the text names both. */
  WALLET__TRANSITION_NOT_ALLOWED: domainError('CONFLICT', 'This wallet cannot take this decision in its current status.'),
  /** Only an operational (approved or active) wallet can be the company's primary wallet. */
  WALLET__PRIMARY_NOT_OPERATIONAL: domainError('CONFLICT', `${walletTexts.setPrimaryFailed} ${walletTexts.notActive}`),
  WALLET__STILL_HOLDS_TOKENS: domainError('CONFLICT', walletTexts.stillHoldsTokens),
} as const;
