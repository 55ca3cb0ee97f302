import { domainError } from './define';

/** The wallets domain's business failures (docs/architecture.md "Errors"). */
export const walletErrors = {
} as const;
