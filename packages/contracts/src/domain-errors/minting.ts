import { domainError } from './define';

/** The minting domain's business failures (docs/architecture.md "Errors"). */
export const mintingErrors = {
} as const;
