import { purchaseTexts } from '../purchases';
import { domainError } from './define';

/** The credit purchase domain's business failures (docs/architecture.md "Errors"). */
export const purchaseErrors = {
  PURCHASE__QUOTE_EXPIRED: domainError('CONFLICT', purchaseTexts.quoteExpired),
  /** The price list moved past the tenant's slippage tolerance between the quote and its confirmation. */
  PURCHASE__PRICE_MOVED: domainError('CONFLICT', purchaseTexts.priceMoved),
  PURCHASE__NOT_CONFIRMABLE: domainError('CONFLICT', purchaseTexts.notConfirmable),
  PURCHASE__NOT_CANCELLABLE: domainError('CONFLICT', purchaseTexts.notCancellable),
  /** Another order (or a mint) took the units between the quote and the confirmation. */
  PURCHASE__QUANTITY_UNAVAILABLE: domainError('CONFLICT', purchaseTexts.quantityUnavailable),
  PURCHASE__WALLET_REQUIRED: domainError('VALIDATION_ERROR', purchaseTexts.walletRequired),
} as const;
