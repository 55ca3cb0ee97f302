import { errorCatalogue, type ErrorCode } from '../errors';

/**
 * A business failure: its own `DOMAIN__DESCRIPTION` code (sent as the envelope's
 * `error.reason`), the generic code it belongs to (sent as `error.code`, which clients
 * without domain knowledge branch on), its HTTP status and its user text. Code and the web
 * app branch on the domain code, never on the text (docs/architecture.md "Errors").
 */
export interface DomainErrorDefinition {
  readonly code: ErrorCode;
  readonly status: number;
  readonly message: string;
}

export function domainError(code: ErrorCode, message: string): DomainErrorDefinition {
  return { code, status: errorCatalogue[code].status, message };
}
