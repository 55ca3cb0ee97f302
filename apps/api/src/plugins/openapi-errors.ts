import { z } from 'zod';
import { apiErrorEnvelope, domainErrorCatalogue, errorCatalogue, type DomainErrorCode, type ErrorCode } from '@carbonledger/contracts';

/**
 * The error answers the OpenAPI document declares for an operation: the envelope of
 * docs/architecture.md "Errors" under each status the operation can answer, with the generic
 * codes (error.code) and the business failures of its area (error.reason) listed.
 */

export const ERROR_ENVELOPE = 'ErrorEnvelope';
const ERROR_ENVELOPE_REF = `#/components/schemas/${ERROR_ENVELOPE}`;

/** What of a route decides its error answers. */
export interface ErrorFacts {
  guarded: boolean;
  /** Guarded by a permission or by roles, beyond being signed in. */
  restricted: boolean;
  csrf: boolean;
  idempotency: boolean;
  rateLimited: boolean;
  /** Path parameters, a query string, a body or request headers: any of them can be invalid. */
  takesInput: boolean;
  hasBody: boolean;
  jsonBody: boolean;
  /** Names a record (path parameters or a body): one of another company or none answers 404. */
  namesRecord: boolean;
  /** Business failures belong to requests that change something; reads answer none. */
  changesState: boolean;
  tags: readonly string[];
}

/** The envelope of a failed request, from the contract both sides share. */
export function errorEnvelopeSchema(): Record<string, unknown> {
  const schema: Record<string, unknown> = z.toJSONSchema(apiErrorEnvelope, { target: 'draft-2020-12', io: 'output' });
  delete schema.$schema;
  return schema;
}

/**
 * The areas (domain-errors/<domain>.ts prefixes) whose business failures a tag's operations
 * answer. A tag not listed gets the areas named like it (tag "tenants" → TENANT__…).
 */
const DOMAINS_OF_TAG: Readonly<Record<string, readonly string[]>> = {
  auth: ['AUTH', 'PROFILE'],
  users: ['USER', 'AUTH'],
  wallets: ['WALLET', 'CHAIN'],
  signing: ['SIGNING', 'CHAIN', 'WALLET'],
  minting: ['MINTING', 'REGISTRY', 'WALLET', 'CHAIN', 'COMPLIANCE'],
  approvals: ['APPROVALS', 'MINTING', 'REGISTRY', 'WALLET', 'CHAIN', 'COMPLIANCE'],
  projects: ['REGISTRY'],
  retirements: ['RETIREMENT', 'CHAIN', 'WALLET', 'COMPLIANCE'],
  companies: ['COMPANY'],
  roles: ['ROLES'],
};

/** Generic codes beyond the ones every route of its kind answers, thrown by a tag's services. */
const CODES_OF_TAG: Readonly<Record<string, readonly ErrorCode[]>> = {
  auth: [
    'INVALID_CREDENTIALS',
    'MFA_REQUIRED',
    'INVALID_MFA_TOKEN',
    'ACCOUNT_LOCKED',
    'KYC_REQUIRED',
    'WALLET_AUTH_FAILED',
    'WALLET_LINK_FAILED',
    'SESSION_EXPIRED',
    'SESSION_VALIDATION_FAILED',
  ],
  wallets: ['WALLET_REGISTRATION_FAILED'],
  signing: ['FORBIDDEN'],
  retirements: ['KYC_REQUIRED'],
  minting: ['KYC_REQUIRED'],
};

/** Each error status's shared answer in components.responses: its name and what it means. */
const STATUSES: Readonly<Record<number, { name: string; text: string }>> = {
  400: { name: 'BadRequest', text: 'The request is invalid: error.fields names each field with its problems.' },
  401: { name: 'Unauthorized', text: 'Not signed in, or the session has ended.' },
  403: { name: 'Forbidden', text: 'Signed in but not allowed.' },
  404: { name: 'NotFound', text: 'No such record for the caller (records of other companies and tenants are not found either).' },
  409: { name: 'Conflict', text: 'The request conflicts with the current state.' },
  413: { name: 'PayloadTooLarge', text: 'The body is too large.' },
  415: { name: 'UnsupportedMediaType', text: 'The body is not of a type the operation accepts.' },
  422: { name: 'IdempotencyKeyReused', text: 'The Idempotency-Key was already used with a different request.' },
  423: { name: 'Locked', text: 'The account is locked.' },
  429: { name: 'TooManyRequests', text: 'Too many requests from this client: retry after the Retry-After seconds.' },
  500: { name: 'InternalError', text: 'An unexpected server error (details only reach the server log).' },
  503: { name: 'ServiceUnavailable', text: 'A service the operation needs (database, chain, registry) is unavailable: retry later.' },
};

const statusOf = (status: number) => STATUSES[status] ?? { name: `Error${status}`, text: 'The request failed.' };

/** The areas a tag is named after: "api-keys" → API_KEYS and API_KEY, "invoices" → INVOICES and INVOICE. */
function areasNamedLike(tag: string): string[] {
  const area = tag.replaceAll('-', '_').toUpperCase();
  return [area, area.replace(/IES$/, 'Y').replace(/S$/, '')];
}

export function domainsOfTags(tags: readonly string[]): string[] {
  return [...new Set(tags.flatMap((tag) => DOMAINS_OF_TAG[tag] ?? areasNamedLike(tag)))];
}

function reasonsOf(tags: readonly string[]): DomainErrorCode[] {
  const prefixes = domainsOfTags(tags).map((domain) => `${domain}__`);
  return (Object.keys(domainErrorCatalogue) as DomainErrorCode[]).filter((reason) => prefixes.some((prefix) => reason.startsWith(prefix)));
}

function codesOf(facts: ErrorFacts): Set<ErrorCode> {
  const codes = new Set<ErrorCode>(['INTERNAL_ERROR', 'SERVICE_UNAVAILABLE']);
  const add = (...more: ErrorCode[]) => more.forEach((code) => codes.add(code));
  if (facts.takesInput) add('VALIDATION_ERROR');
  if (facts.hasBody) add('PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE');
  if (facts.jsonBody) add('INVALID_JSON');
  if (facts.namesRecord) add('NOT_FOUND');
  if (facts.guarded) add('UNAUTHORIZED', 'SESSION_EXPIRED');
  if (facts.restricted) add('ACCESS_DENIED');
  if (facts.csrf) add('CSRF_TOKEN_MISMATCH');
  if (facts.idempotency) add('VALIDATION_ERROR', 'IDEMPOTENCY_IN_FLIGHT', 'IDEMPOTENCY_KEY_REUSED');
  if (facts.rateLimited) add('RATE_LIMITED');
  for (const tag of facts.tags) add(...(CODES_OF_TAG[tag] ?? []));
  return codes;
}

const READ_FAILURE_CODES: ReadonlySet<ErrorCode> = new Set(['NOT_FOUND', 'SERVICE_UNAVAILABLE']);

const retryAfter = { 'Retry-After': { description: 'Seconds to wait before retrying', schema: { type: 'integer', minimum: 0 } } };

/**
 * components.responses: one answer per error status, the envelope with error.code one of the
 * catalogue's codes of that status. Operations refer to them with their own description.
 */
export function errorResponseComponents(): Record<string, Record<string, unknown>> {
  const codesByStatus = new Map<number, string[]>();
  for (const [code, { status }] of Object.entries(errorCatalogue)) codesByStatus.set(status, [...(codesByStatus.get(status) ?? []), code]);
  const components: Record<string, Record<string, unknown>> = {};
  for (const [status, codes] of codesByStatus) {
    const error = { type: 'object', properties: { code: { type: 'string', enum: codes.sort() } }, required: ['code'] };
    components[statusOf(status).name] = {
      description: statusOf(status).text,
      ...((status === 429 || status === 409) && { headers: retryAfter }),
      content: { 'application/json': { schema: { allOf: [{ $ref: ERROR_ENVELOPE_REF }, { type: 'object', properties: { error } }] } } },
    };
  }
  return components;
}

/** The operation's error answers by status, each naming the codes and business failures this operation can answer. */
export function errorAnswersOf(facts: ErrorFacts): Record<string, Record<string, unknown>> {
  const byStatus = new Map<number, { codes: Set<string>; reasons: DomainErrorCode[] }>();
  const at = (status: number) => byStatus.get(status) ?? byStatus.set(status, { codes: new Set(), reasons: [] }).get(status)!;
  for (const code of codesOf(facts)) at(errorCatalogue[code].status).codes.add(code);
  // A read answers its area's missing records and unavailable sources (e.g. MARKET__SOURCE_UNAVAILABLE), never its refusals of a change.
  const reasons = reasonsOf(facts.tags).filter((reason) => facts.changesState || READ_FAILURE_CODES.has(domainErrorCatalogue[reason].code));
  for (const reason of reasons) {
    const { code, status } = domainErrorCatalogue[reason];
    at(status).codes.add(code);
    at(status).reasons.push(reason);
  }
  const answers: Record<string, Record<string, unknown>> = {};
  for (const [status, { codes, reasons }] of [...byStatus].sort(([a], [b]) => a - b)) {
    const lines = [
      statusOf(status).text,
      '',
      `error.code: ${[...codes]
        .sort()
        .map((code) => `\`${code}\``)
        .join(', ')}`,
    ];
    if (reasons.length)
      lines.push('', 'error.reason, the business failure:', ...reasons.map((reason) => `- \`${reason}\`: ${domainErrorCatalogue[reason].message}`));
    answers[String(status)] = { $ref: `#/components/responses/${statusOf(status).name}`, description: lines.join('\n') };
  }
  return answers;
}
