import { errorCatalogue, type ErrorCode } from '@carbonledger/contracts';

/**
 * The one error type services throw. Its code picks the HTTP status and, unless a more
 * specific text is given, the user text from the contracts' catalogue.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields: Record<string, string[]> | undefined;

  constructor(code: ErrorCode, message?: string, options: { fields?: Record<string, string[]>; cause?: unknown } = {}) {
    super(message ?? errorCatalogue[code].message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = errorCatalogue[code].status;
    this.fields = options.fields;
  }

  static validation(fields: Record<string, string[]>, message?: string): AppError {
    return new AppError('VALIDATION_ERROR', message, { fields });
  }

  static notFound(what?: string): AppError {
    return new AppError('NOT_FOUND', what ? `${what} not found` : undefined);
  }
}
