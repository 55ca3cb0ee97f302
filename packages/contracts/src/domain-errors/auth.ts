import { domainError } from './define';

/** The auth domain's business failures (docs/architecture.md "Errors"). */
export const authErrors = {
} as const;
