import { apiKeyTexts } from '../api-keys';
import { domainError } from './define';

/** The API keys domain's business failures (docs/architecture.md "Errors"). */
export const apiKeyErrors = {
  API_KEY__NOT_FOUND: domainError('NOT_FOUND', apiKeyTexts.notFound),
  /** Rotating or revoking a key that is already revoked or expired. */
  API_KEY__NOT_ACTIVE: domainError('CONFLICT', apiKeyTexts.notActive),
  API_KEY__INVALID: domainError('UNAUTHORIZED', apiKeyTexts.invalid),
  API_KEY__EXPIRED: domainError('UNAUTHORIZED', apiKeyTexts.expired),
  API_KEY__REVOKED: domainError('UNAUTHORIZED', apiKeyTexts.notActive),
  API_KEY__IP_NOT_ALLOWED: domainError('ACCESS_DENIED', apiKeyTexts.ipNotAllowed),
  /** Session, security, key-management and every endpoint no API key permission opens. */
  API_KEY__ENDPOINT_NOT_ALLOWED: domainError('ACCESS_DENIED', apiKeyTexts.notAllowedForKeys),
  API_KEY__EXPIRY_IN_PAST: domainError('VALIDATION_ERROR', apiKeyTexts.expiryInPast),
} as const;
