import { offsetTexts } from '../offsets';
import { domainError } from './define';

/** The offset requests domain's business failures (docs/architecture.md "Errors"). */
export const offsetErrors = {
  /** own_credits from an external wallet: the approval cannot wait for a browser signature. */
  OFFSET__MANAGED_WALLET_REQUIRED: domainError('VALIDATION_ERROR', offsetTexts.managedWalletRequired),
  /** The wallet is not an operational wallet of the company. */
  OFFSET__WALLET_REQUIRED: domainError('VALIDATION_ERROR', offsetTexts.walletRequired),
  OFFSET__UNKNOWN_TOKEN: domainError('VALIDATION_ERROR', offsetTexts.unknownToken),
  /** platform_sourced: no platform wallet could cover the quantity when the request was approved. */
  OFFSET__NO_PLATFORM_SOURCE: domainError('CONFLICT', offsetTexts.noPlatformSource),
  /** Withdrawing a request whose approval was already decided. */
  OFFSET__NOT_WITHDRAWABLE: domainError('CONFLICT', offsetTexts.notWithdrawable),
  /** Only the requester withdraws their request. */
  OFFSET__NOT_REQUESTER: domainError('ACCESS_DENIED', offsetTexts.notRequester),
} as const;
