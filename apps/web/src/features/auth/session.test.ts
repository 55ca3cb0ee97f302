// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../lib/auth-store';
import { logout } from './api/logout';
import { endSession, restoreSession, startSession } from './session';

const user = {
  id: '00000000-0000-4000-8000-000000000001',
  role: 'ADMIN',
  companyId: '00000000-0000-4000-8000-000000000002',
  tenantId: '00000000-0000-4000-8000-000000000003',
  firstName: 'Ana',
  lastName: 'Lima',
  email: 'ana@demo.test',
  phone: null,
  jobTitle: null,
  bio: null,
  department: null,
  photoUrl: null,
  status: 'active',
  verified: true,
  mfaEnabled: false,
  lastLogin: null,
  memberSince: '2026-01-01T00:00:00.000Z',
} as const;
const company = { id: user.companyId, name: 'Verde', isPlatform: false, kycStatus: 'approved' } as const;
const tenant = { id: user.tenantId, name: 'Demo', theme: 'light', branding: {} } as const;
const session = { sessionId: '00000000-0000-4000-8000-000000000004', fingerprint: 'fp-1', permissions: [] };
const authResult = (accessToken: string, expiresIn = 900) => ({ user, company, tenant, session, tokens: { accessToken, expiresIn } });
const envelope = (data: unknown) => JSON.stringify({ success: true, data, message: 'ok', timestamp: 't', requestId: 'r', traceId: 'x' });

/** The server the web app talks to, as a scripted fetch. */
function serve(handler: (path: string, init: RequestInit) => Response) {
  const requests: { path: string; headers: Record<string, string> }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const path = url.replace('/api/v1', '').split('?')[0] ?? '';
    requests.push({ path, headers: init.headers as Record<string, string> });
    return handler(path, init);
  });
  return requests;
}

function jwtExpiringIn(seconds: number): string {
  const payload = btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + seconds })).replace(/=+$/, '');
  return `h.${payload}.s`;
}

describe('auth session (docs/product.md §4)', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => {
    endSession();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('stores the docs/product.md §3 keys on sign-in and refreshes at 80 % of the token lifetime', async () => {
    const requests = serve((path) => (path === '/auth/refresh' ? new Response(envelope(authResult('token-2'))) : new Response('', { status: 404 })));
    startSession(authResult('token-1', 100));
    expect(localStorage.getItem('accessToken')).toBe('token-1');
    expect(localStorage.getItem('currentTenantId')).toBe(tenant.id);
    expect(localStorage.getItem('userId')).toBe(user.id);
    expect(localStorage.getItem('companyId')).toBe(company.id);
    expect(localStorage.getItem('sessionId')).toBe(session.sessionId);
    expect(localStorage.getItem('sessionFingerprint')).toBe('fp-1');

    await vi.advanceTimersByTimeAsync(79_000);
    expect(requests).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1_000);
    await vi.waitFor(() => expect(requests.map((request) => request.path)).toEqual(['/auth/refresh']));
    await vi.waitFor(() => expect(localStorage.getItem('accessToken')).toBe('token-2'));
  });

  it('does not refresh once signed out', async () => {
    const requests = serve(() => new Response(envelope(authResult('token-2'))));
    startSession(authResult('token-1', 100));
    endSession();
    await vi.advanceTimersByTimeAsync(200_000);
    expect(requests).toHaveLength(0);
    expect(useAuthStore.getState().status).toBe('unauthenticated');
  });

  it('restores with the stored session id and fingerprint as headers', async () => {
    const requests = serve(() => new Response(envelope({ user, company, tenant, session })));
    localStorage.setItem('accessToken', jwtExpiringIn(600));
    localStorage.setItem('sessionId', session.sessionId);
    localStorage.setItem('sessionFingerprint', 'fp-1');
    await restoreSession();
    expect(useAuthStore.getState()).toMatchObject({ status: 'authenticated', user: { email: 'ana@demo.test' } });
    expect(requests[0]?.path).toBe('/auth/session');
    expect(requests[0]?.headers).toMatchObject({ 'x-session-id': session.sessionId, 'x-session-fingerprint': 'fp-1' });
  });

  it('does not try to restore without a stored session id and fingerprint', async () => {
    const requests = serve(() => new Response(envelope({ user, company, tenant, session })));
    localStorage.setItem('accessToken', jwtExpiringIn(600));
    await restoreSession();
    expect(requests).toHaveLength(0);
    expect(useAuthStore.getState().status).toBe('unauthenticated');
  });

  it("clears the stored session when the server answers 'Session validation failed'", async () => {
    serve(
      () =>
        new Response(
          JSON.stringify({
            success: false,
            data: null,
            message: 'Session validation failed',
            error: { code: 'SESSION_VALIDATION_FAILED' },
            timestamp: 't',
            requestId: 'r',
            traceId: 'x',
          }),
          {
            status: 401,
          },
        ),
    );
    localStorage.setItem('accessToken', jwtExpiringIn(600));
    localStorage.setItem('sessionId', session.sessionId);
    localStorage.setItem('sessionFingerprint', 'forged');
    await restoreSession();
    expect(useAuthStore.getState().status).toBe('unauthenticated');
    expect(localStorage.getItem('sessionId')).toBeNull();
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('logout clears local state even when the server cannot be reached', async () => {
    const requests = serve(() => {
      throw new TypeError('Failed to fetch');
    });
    startSession(authResult('token-1'));
    await logout();
    expect(requests.map((request) => request.path)).toEqual(['/auth/logout']);
    expect(useAuthStore.getState().status).toBe('unauthenticated');
    expect(localStorage.getItem('accessToken')).toBeNull();
  });
});
