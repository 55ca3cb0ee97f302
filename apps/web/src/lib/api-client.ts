import {
  API_BASE_PATH,
  API_TIMEOUT_MS,
  CSRF_TOKEN_PATTERN,
  HEADERS,
  TRACE_ID_BYTES,
  errorCatalogue,
  type DomainErrorCode,
  genericErrorTexts,
  type ApiErrorDetail,
} from '@carbonledger/contracts';
import type { z } from 'zod';

/**
 * A business failure's reason as the server names it (`DOMAIN__DESCRIPTION`). The client checks
 * its shape, not the catalogue: the catalogue's texts come with every domain's schemas, which
 * the sign-in page must not download (docs/architecture.md "Quality gates").
 */
const REASON_SHAPE = /^[A-Z][A-Z0-9_]*__[A-Z0-9_]+$/;
const isReasonShaped = (value: unknown): value is DomainErrorCode => typeof value === 'string' && REASON_SHAPE.test(value);

/** docs/product.md §8 normalised texts of the client itself. */
export const clientErrorTexts = {
  requestFailed: 'API request failed',
  network: 'Network error - please check your connection',
  unknown: 'Unknown API error',
  emptyResponse: 'Backend returned empty response',
  csrfFailed: errorCatalogue.CSRF_TOKEN_MISMATCH.message,
  timeout: genericErrorTexts.timeout,
} as const;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What every call resolves to: the server's envelope, or one the client built for it. */
export interface ApiResult<T> {
  success: boolean;
  data: T;
  message: string;
  timestamp?: string;
  requestId?: string;
  traceId?: string;
  error?: ApiErrorDetail;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    readonly fields?: Record<string, string[]>,
    readonly requestId?: string,
    /** The business failure's own code (e.g. RETIREMENT__NOT_CANCELLABLE): what screens branch on, never the text. */
    readonly reason?: DomainErrorCode,
  ) {
    super(message);
  }

  is(reason: DomainErrorCode): boolean {
    return this.reason === reason;
  }

  get isRateLimited(): boolean {
    return this.status === 429;
  }
}

export interface RequestOptions {
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface ApiClientOptions {
  baseUrl?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  getAccessToken: () => string | null;
  getTenantId: () => string | null;
  /** Called on a 401 from anything but a login request: the session is gone. */
  onUnauthorized: () => void;
}

const STATE_CHANGING = new Set<HttpMethod>(['POST', 'PUT', 'PATCH', 'DELETE']);
/** A 401 from these is an expected answer (wrong password), not a lost session. */
const LOGIN_PATHS = ['/auth/login', '/auth/wallet/session'];

function newTraceId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(TRACE_ID_BYTES));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The headers every request to the API carries, also those sent outside this client (file
 * downloads, uploads with progress): fresh trace and request ids, the session's bearer and tenant.
 */
export function sessionHeaders(accessToken: string | null, tenantId: string | null): Record<string, string> {
  const headers: Record<string, string> = { [HEADERS.traceId]: newTraceId(), [HEADERS.requestId]: crypto.randomUUID() };
  if (accessToken) headers.authorization = `Bearer ${accessToken}`;
  if (tenantId) headers[HEADERS.tenantId] = tenantId;
  return headers;
}

function isEnvelope(value: unknown): value is ApiResult<unknown> {
  return typeof value === 'object' && value !== null && 'success' in value && typeof value.success === 'boolean';
}

function buildUrl(baseUrl: string, path: string, query: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `${baseUrl}${path}${search ? `?${search}` : ''}`;
}

export function createApiClient(options: ApiClientOptions) {
  const baseUrl = options.baseUrl ?? API_BASE_PATH;
  const timeoutMs = options.timeoutMs ?? API_TIMEOUT_MS;
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  let csrfToken: string | null = null;

  function rememberCsrf(response: Response) {
    const token = response.headers.get(HEADERS.csrfToken);
    if (token && CSRF_TOKEN_PATTERN.test(token)) csrfToken = token;
  }

  async function send(method: HttpMethod, path: string, init: RequestOptions): Promise<{ response: Response; text: string }> {
    const headers: Record<string, string> = { accept: 'application/json', ...init.headers, ...sessionHeaders(options.getAccessToken(), options.getTenantId()) };
    if (STATE_CHANGING.has(method) && csrfToken) headers[HEADERS.csrfToken] = csrfToken;
    let body: string | undefined;
    if (init.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.body);
    }

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const abortFromCaller = () => controller.abort();
    init.signal?.addEventListener('abort', abortFromCaller, { once: true });
    try {
      const response = await doFetch(buildUrl(baseUrl, path, init.query), {
        method,
        headers,
        body,
        signal: controller.signal,
        credentials: 'omit',
      });
      const text = await response.text();
      rememberCsrf(response);
      return { response, text };
    } catch (error) {
      if (timedOut) throw new ApiError(clientErrorTexts.timeout, 0, 'TIMEOUT');
      if (init.signal?.aborted) throw error;
      if (error instanceof TypeError) throw new ApiError(clientErrorTexts.network, 0, 'NETWORK_ERROR');
      throw new ApiError(clientErrorTexts.unknown, 0);
    } finally {
      clearTimeout(timer);
      init.signal?.removeEventListener('abort', abortFromCaller);
    }
  }

  async function refreshCsrfToken(): Promise<boolean> {
    try {
      const { response, text } = await send('GET', '/auth/csrf-token', {});
      if (!response.ok) return false;
      const parsed: unknown = JSON.parse(text);
      const data = isEnvelope(parsed) ? parsed.data : parsed;
      // csrfTokenSchema's rule, checked without zod: the client core must not load it before a form needs it.
      const token = typeof data === 'object' && data !== null ? (data as { token?: unknown }).token : undefined;
      if (typeof token !== 'string' || !CSRF_TOKEN_PATTERN.test(token)) return false;
      csrfToken = token;
      return true;
    } catch {
      return false;
    }
  }

  function parseBody(text: string): unknown {
    if (text.trim() === '') return undefined;
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }

  function toError(status: number, body: unknown): ApiError {
    if (isEnvelope(body)) {
      return new ApiError(
        body.message || clientErrorTexts.requestFailed,
        status,
        body.error?.code,
        body.error?.fields,
        body.requestId,
        isReasonShaped(body.error?.reason) ? body.error.reason : undefined,
      );
    }
    if (typeof body === 'object' && body !== null) {
      const { message, error } = body as { message?: unknown; error?: unknown };
      if (typeof message === 'string' && message) return new ApiError(message, status);
      if (typeof error === 'string' && error) return new ApiError(error, status);
    }
    return new ApiError(clientErrorTexts.requestFailed, status);
  }

  async function request<T>(method: HttpMethod, path: string, init: RequestOptions = {}): Promise<ApiResult<T>> {
    let { response, text } = await send(method, path, init);
    let body = parseBody(text);

    if (response.status === 403 && isEnvelope(body) && body.error?.code === 'CSRF_TOKEN_MISMATCH') {
      if (!(await refreshCsrfToken())) throw new ApiError(clientErrorTexts.csrfFailed, 403, 'CSRF_TOKEN_MISMATCH');
      ({ response, text } = await send(method, path, init));
      body = parseBody(text);
      if (response.status === 403 && isEnvelope(body) && body.error?.code === 'CSRF_TOKEN_MISMATCH') {
        throw new ApiError(clientErrorTexts.csrfFailed, 403, 'CSRF_TOKEN_MISMATCH');
      }
    }

    if (response.status === 401 && !LOGIN_PATHS.includes(path)) options.onUnauthorized();
    if (!response.ok) throw toError(response.status, body);

    if (body === undefined) {
      if (method === 'POST') return { success: false, data: null as T, message: clientErrorTexts.emptyResponse };
      return { success: true, data: null as T, message: '' };
    }
    if (isEnvelope(body)) return body as ApiResult<T>;
    return { success: true, data: body as T, message: '' };
  }

  /** Resolves to the answer's data, throwing when the call did not succeed. */
  async function call<T>(method: HttpMethod, path: string, init?: RequestOptions, schema?: z.ZodType<T>): Promise<T> {
    const result = await request<unknown>(method, path, init);
    if (!result.success) throw new ApiError(result.message || clientErrorTexts.unknown, 0, result.error?.code);
    return schema ? schema.parse(result.data) : (result.data as T);
  }

  return {
    request,
    get: <T>(path: string, schema?: z.ZodType<T>, init?: Omit<RequestOptions, 'body'>) => call('GET', path, init, schema),
    post: <T>(path: string, body?: unknown, schema?: z.ZodType<T>, init?: RequestOptions) => call('POST', path, { ...init, body }, schema),
    put: <T>(path: string, body?: unknown, schema?: z.ZodType<T>, init?: RequestOptions) => call('PUT', path, { ...init, body }, schema),
    patch: <T>(path: string, body?: unknown, schema?: z.ZodType<T>, init?: RequestOptions) => call('PATCH', path, { ...init, body }, schema),
    delete: <T>(path: string, schema?: z.ZodType<T>, init?: RequestOptions) => call('DELETE', path, init, schema),
    csrfToken: () => csrfToken,
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
