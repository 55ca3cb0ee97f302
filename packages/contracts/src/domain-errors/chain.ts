import { domainError } from './define';

/** The chain domain's business failures (docs/architecture.md "Errors"). */
export const chainErrors = {
} as const;
