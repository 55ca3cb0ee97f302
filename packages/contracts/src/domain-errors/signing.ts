import { domainError } from './define';

/** The signing domain's business failures (docs/architecture.md "Errors"). */
export const signingErrors = {
} as const;
