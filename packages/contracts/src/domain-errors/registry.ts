import { domainError } from './define';

/** The registry domain's business failures (docs/architecture.md "Errors"). */
export const registryErrors = {
} as const;
