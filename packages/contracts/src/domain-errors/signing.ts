import { domainError } from './define';

/** The signing domain's business failures (docs/architecture.md "Errors"). */
export const signingErrors = {
  /** The transaction has no wallet signer: the platform sent it itself, nothing is signed in the browser. */
  SIGNING__PLATFORM_ONLY_TRANSACTION: domainError('CONFLICT', 'This transaction is signed by the platform alone.'),
} as const;
