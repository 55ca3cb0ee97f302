import { describe, expect, it } from 'vitest';
import { ApiError, clientErrorTexts, createApiClient } from './api-client';

interface Call {
  url: string;
  init: RequestInit;
  headers: Record<string, string>;
}

type Reply = { status?: number; body?: unknown; headers?: Record<string, string> } | Error;

/** A scripted server: answers the queued replies in order and records every request. */
function server(replies: Reply[]) {
  const calls: Call[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    calls.push({ url: input instanceof Request ? input.url : String(input), init, headers: { ...(init.headers as Record<string, string>) } });
    const reply = replies.shift();
    if (!reply) throw new Error('unexpected request');
    if (reply instanceof Error) throw reply;
    const text = reply.body === undefined ? '' : typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
    return new Response(text, { status: reply.status ?? 200, headers: reply.headers });
  };
  return { calls, fetch };
}

function client(replies: Reply[], overrides: { token?: string | null; tenant?: string | null; timeoutMs?: number } = {}) {
  const scripted = server(replies);
  let unauthorized = 0;
  const api = createApiClient({
    fetch: scripted.fetch,
    timeoutMs: overrides.timeoutMs,
    getAccessToken: () => (overrides.token === undefined ? 'token-1' : overrides.token),
    getTenantId: () => (overrides.tenant === undefined ? 'tenant-1' : overrides.tenant),
    onUnauthorized: () => unauthorized++,
  });
  return { api, calls: scripted.calls, unauthorized: () => unauthorized };
}

const envelope = (data: unknown, message = 'ok') => ({ success: true, data, message, timestamp: 't', requestId: 'r', traceId: 'x' });
const failure = (code: string, message: string) => ({ success: false, data: null, message, error: { code }, timestamp: 't', requestId: 'r', traceId: 'x' });
const CSRF_A = 'a'.repeat(32);
const CSRF_B = 'b'.repeat(32);

describe('api client requests', () => {
  it('sends a fresh 16-byte hex trace id, a request id, the bearer token and the tenant to /api/v1', async () => {
    const { api, calls } = client([{ body: envelope(1) }, { body: envelope(2) }]);
    await api.get('/things');
    await api.get('/things');
    const [first, second] = calls;
    expect(first?.url).toBe('/api/v1/things');
    expect(first?.headers['x-trace-id']).toMatch(/^[0-9a-f]{32}$/);
    expect(first?.headers['x-trace-id']).not.toBe(second?.headers['x-trace-id']);
    expect(first?.headers['x-request-id']).toBeTruthy();
    expect(first?.headers['x-request-id']).not.toBe(second?.headers['x-request-id']);
    expect(first?.headers.authorization).toBe('Bearer token-1');
    expect(first?.headers['x-tenant-id']).toBe('tenant-1');
    expect(first?.init.credentials).toBe('omit');
  });

  it('leaves out the bearer and tenant headers when none are held', async () => {
    const { api, calls } = client([{ body: envelope(null) }], { token: null, tenant: null });
    await api.get('/public');
    expect(calls[0]?.headers.authorization).toBeUndefined();
    expect(calls[0]?.headers['x-tenant-id']).toBeUndefined();
  });

  it('holds the CSRF token a response carries and sends it only on state-changing requests', async () => {
    const { api, calls } = client([
      { body: envelope(null), headers: { 'x-csrf-token': CSRF_A } },
      { body: envelope(null) },
      { body: envelope(null), headers: { 'x-csrf-token': CSRF_B } },
      { body: envelope(null) },
    ]);
    await api.get('/a');
    await api.get('/b');
    await api.post('/c', { x: 1 });
    await api.delete('/d');
    expect(calls[1]?.headers['x-csrf-token']).toBeUndefined();
    expect(calls[2]?.headers['x-csrf-token']).toBe(CSRF_A);
    expect(calls[3]?.headers['x-csrf-token']).toBe(CSRF_B);
  });

  it('on CSRF_TOKEN_MISMATCH fetches a new token and retries once', async () => {
    const { api, calls } = client([
      { status: 403, body: failure('CSRF_TOKEN_MISMATCH', 'CSRF token validation failed') },
      { body: envelope({ token: CSRF_B }) },
      { body: envelope({ saved: true }) },
    ]);
    await expect(api.post('/save', { a: 1 })).resolves.toEqual({ saved: true });
    expect(calls.map((call) => `${call.init.method} ${call.url}`)).toEqual(['POST /api/v1/save', 'GET /api/v1/auth/csrf-token', 'POST /api/v1/save']);
    expect(calls[2]?.headers['x-csrf-token']).toBe(CSRF_B);
  });

  it("gives 'CSRF token validation failed' when the retry is refused too", async () => {
    const { api, calls } = client([
      { status: 403, body: failure('CSRF_TOKEN_MISMATCH', 'x') },
      { body: envelope({ token: CSRF_B }) },
      { status: 403, body: failure('CSRF_TOKEN_MISMATCH', 'x') },
    ]);
    await expect(api.post('/save')).rejects.toThrow('CSRF token validation failed');
    expect(calls).toHaveLength(3);
  });

  it("gives 'CSRF token validation failed' when no new token can be fetched", async () => {
    const { api } = client([
      { status: 403, body: failure('CSRF_TOKEN_MISMATCH', 'x') },
      { status: 401, body: failure('UNAUTHORIZED', 'no') },
    ]);
    await expect(api.post('/save')).rejects.toThrow(clientErrorTexts.csrfFailed);
  });
});

describe('api client answers', () => {
  it('unwraps the envelope to its data', async () => {
    const { api } = client([{ body: envelope({ id: 7 }) }]);
    await expect(api.get('/x')).resolves.toEqual({ id: 7 });
  });

  it('wraps an answer without the envelope as a success', async () => {
    const { api } = client([{ body: { id: 8 } }, { body: 'a,b\n1,2' }]);
    await expect(api.request('GET', '/plain')).resolves.toMatchObject({ success: true, data: { id: 8 } });
    await expect(api.get('/csv')).resolves.toBe('a,b\n1,2');
  });

  it("turns an empty POST answer into success false 'Backend returned empty response'", async () => {
    const { api } = client([{ status: 200 }, { status: 200 }]);
    await expect(api.request('POST', '/empty')).resolves.toMatchObject({ success: false, message: 'Backend returned empty response' });
    await expect(api.post('/empty')).rejects.toThrow('Backend returned empty response');
  });

  it("uses the server's message, else 'API request failed'", async () => {
    const { api } = client([
      { status: 404, body: failure('NOT_FOUND', 'The requested resource was not found.') },
      { status: 500, body: '' },
      { status: 502, body: '<html>' },
    ]);
    const notFound = await api.get('/a').catch((error: unknown) => error);
    expect(notFound).toBeInstanceOf(ApiError);
    expect(notFound).toMatchObject({ message: 'The requested resource was not found.', status: 404, code: 'NOT_FOUND' });
    await expect(api.get('/b')).rejects.toThrow('API request failed');
    await expect(api.get('/c')).rejects.toThrow('API request failed');
  });

  it("reports a failed connection as 'Network error - please check your connection'", async () => {
    const { api } = client([new TypeError('Failed to fetch')]);
    await expect(api.get('/x')).rejects.toThrow('Network error - please check your connection');
  });

  it("reports anything else as 'Unknown API error'", async () => {
    const { api } = client([new RangeError('odd')]);
    await expect(api.get('/x')).rejects.toThrow('Unknown API error');
  });

  it('gives up after the timeout', async () => {
    const fetch = ((_url: string, init: RequestInit) =>
      new Promise((_resolve, reject) =>
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      )) as unknown as typeof globalThis.fetch;
    const api = createApiClient({ fetch, timeoutMs: 20, getAccessToken: () => null, getTenantId: () => null, onUnauthorized: () => undefined });
    await expect(api.get('/slow')).rejects.toMatchObject({ message: 'Request timed out. Please try again.', code: 'TIMEOUT' });
  });

  it('treats a 401 as a lost session, except on the login request', async () => {
    const { api, unauthorized } = client([
      { status: 401, body: failure('INVALID_CREDENTIALS', 'Invalid email or password') },
      { status: 401, body: failure('SESSION_EXPIRED', 'Your session has expired. Please sign in again.') },
    ]);
    await expect(api.post('/auth/login', {})).rejects.toThrow('Invalid email or password');
    expect(unauthorized()).toBe(0);
    await expect(api.get('/me')).rejects.toThrow('Your session has expired. Please sign in again.');
    expect(unauthorized()).toBe(1);
  });

  it('detects a 429 and does nothing else', async () => {
    const { api, calls, unauthorized } = client([{ status: 429, body: failure('RATE_LIMITED', 'Too many requests. Please try again later.') }]);
    const error = await api.post('/auth/login', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).isRateLimited).toBe(true);
    expect(calls).toHaveLength(1);
    expect(unauthorized()).toBe(0);
  });

  it('sends query parameters, skipping empty ones', async () => {
    const { api, calls } = client([{ body: envelope([]) }]);
    await api.get('/logs', undefined, { query: { method: 'GET', path: '', limit: 10, from: undefined } });
    expect(calls[0]?.url).toBe('/api/v1/logs?method=GET&limit=10');
  });
});
