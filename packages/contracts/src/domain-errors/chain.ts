import { domainError } from './define';

/** The chain domain's business failures (docs/architecture.md "Errors"). */
export const chainErrors = {
  /** Other signed bytes were already sent for this prepared transaction. */
  CHAIN__TRANSACTION_ALREADY_SUBMITTED: domainError('CONFLICT', 'This transaction was already submitted'),
  /** Its blockhash is past its last valid block height: it can never land and must be prepared again. */
  CHAIN__PREPARED_TRANSACTION_EXPIRED: domainError('CONFLICT', 'The prepared transaction has expired. Please prepare it again.'),
} as const;
