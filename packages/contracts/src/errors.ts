/**
 * One catalogue of error codes: the HTTP status the API answers with and the user text
 * of docs/product.md §8. The API's AppError and the web client's normaliser both read it.
 */
export const errorCatalogue = {
  VALIDATION_ERROR: { status: 400, message: 'Please check your input and try again.' },
  INVALID_JSON: { status: 400, message: 'Please check your input and try again.' },
  INVALID_CREDENTIALS: { status: 401, message: 'Invalid email or password' },
  MFA_REQUIRED: { status: 401, message: 'Multi-factor authentication required' },
  INVALID_MFA_TOKEN: { status: 401, message: 'Invalid MFA token' },
  UNAUTHORIZED: { status: 401, message: 'You are not authorized to perform this action.' },
  SESSION_EXPIRED: { status: 401, message: 'Your session has expired. Please sign in again.' },
  SESSION_VALIDATION_FAILED: { status: 401, message: 'Session validation failed' },
  ACCOUNT_LOCKED: { status: 423, message: 'Account is locked. Please contact support.' },
  KYC_REQUIRED: { status: 403, message: 'KYC verification required before login' },
  ACCESS_DENIED: { status: 403, message: 'Access denied. Insufficient permissions.' },
  FORBIDDEN: { status: 403, message: 'Access to this resource is forbidden.' },
  CSRF_TOKEN_MISMATCH: { status: 403, message: 'CSRF token validation failed' },
  WALLET_AUTH_FAILED: { status: 401, message: 'Dual authentication failed' },
  WALLET_LINK_FAILED: { status: 400, message: 'Failed to link wallet' },
  WALLET_REGISTRATION_FAILED: { status: 400, message: 'Failed to register wallet.' },
  NOT_FOUND: { status: 404, message: 'The requested resource was not found.' },
  CONFLICT: { status: 409, message: 'The request conflicts with the current state.' },
  IDEMPOTENCY_IN_FLIGHT: { status: 409, message: 'A request with this Idempotency-Key is still being processed.' },
  IDEMPOTENCY_KEY_REUSED: { status: 422, message: 'This Idempotency-Key was already used with a different request.' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'Please check your input and try again.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Please check your input and try again.' },
  RATE_LIMITED: { status: 429, message: 'Too many requests. Please try again later.' },
  INTERNAL_ERROR: { status: 500, message: 'Internal server error. Please try again later.' },
  SERVICE_UNAVAILABLE: { status: 503, message: 'The system is currently under maintenance. Please try again later.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof errorCatalogue;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorCatalogue, value);
}

/** docs/product.md §8 generic user texts, used by the web client when the server gives none. */
export const genericErrorTexts = {
  unexpected: 'An unexpected error occurred. Please try again.',
  network: 'Network error. Please check your internet connection.',
  unauthorized: 'You are not authorized to perform this action.',
  forbidden: 'Access to this resource is forbidden.',
  notFound: 'The requested resource was not found.',
  server: 'Internal server error. Please try again later.',
  validation: 'Please check your input and try again.',
  timeout: 'Request timed out. Please try again.',
  offline: 'You are currently offline. Please check your connection.',
  maintenance: 'The system is currently under maintenance. Please try again later.',
} as const;
