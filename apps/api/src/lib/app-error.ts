import { domainErrorCatalogue, errorCatalogue, isDomainErrorCode, type DomainErrorCode, type ErrorCode } from '@carbonledger/contracts';

/**
 * The one error type services throw. A generic code (VALIDATION_ERROR, NOT_FOUND, …) or a
 * business failure's domain code (RETIREMENT__NOT_CANCELLABLE, …) picks the HTTP status and,
 * unless a more specific text is given, the user text from the contracts' catalogues.
 * `code` is always the generic code; `reason` is the domain code when there is one
 * (docs/architecture.md "Errors").
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly reason: DomainErrorCode | undefined;
  readonly status: number;
  readonly fields: Record<string, string[]> | undefined;

  constructor(code: ErrorCode | DomainErrorCode, message?: string, options: { fields?: Record<string, string[]>; cause?: unknown } = {}) {
    const definition = isDomainErrorCode(code) ? domainErrorCatalogue[code] : errorCatalogue[code];
    super(message ?? definition.message, { cause: options.cause });
    this.name = 'AppError';
    this.reason = isDomainErrorCode(code) ? code : undefined;
    this.code = isDomainErrorCode(code) ? domainErrorCatalogue[code].code : code;
    this.status = definition.status;
    this.fields = options.fields;
  }

  static validation(fields: Record<string, string[]>, message?: string): AppError {
    return new AppError('VALIDATION_ERROR', message, { fields });
  }

  static notFound(what?: string): AppError {
    return new AppError('NOT_FOUND', what ? `${what} not found` : undefined);
  }

  /** Whether this is the business failure `reason`: what callers branch on instead of texts. */
  is(reason: DomainErrorCode): boolean {
    return this.reason === reason;
  }
}
