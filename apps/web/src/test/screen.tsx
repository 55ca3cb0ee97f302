import { DEFAULT_PERMISSIONS, type Role } from '@carbonledger/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, vi } from 'vitest';
import { useAuthStore } from '../lib/auth-store';
import { initI18n, loadSignedInTexts } from '../lib/i18n';

/**
 * Registers what every screen test of a file needs: the texts loaded once (the public ones only when
 * `signedInTexts` is false, for screens a signed-out visitor sees), and after each test the page
 * unmounted and the stubbed fetch taken away.
 */
export function setUpScreenTests({ signedInTexts = true } = {}) {
  beforeAll(async () => {
    await initI18n();
    if (signedInTexts) await loadSignedInTexts();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}

/** Signs a user of `role` in, with the permissions the role has by default. */
export function signInAs(role: Role) {
  useAuthStore.setState({
    status: 'authenticated',
    user: {
      id: crypto.randomUUID(),
      role,
      companyId: crypto.randomUUID(),
      tenantId: crypto.randomUUID(),
      firstName: 'Test',
      lastName: 'User',
      email: 'user@demo.test',
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
    },
    session: { sessionId: crypto.randomUUID(), fingerprint: 'test', permissions: [...DEFAULT_PERMISSIONS[role]] },
  });
}

/** A query client that reports a failed request at once instead of retrying it. */
export const testQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

/**
 * Renders a screen as the app does: inside a query client and a router opened on `path`.
 * `rerender` keeps both, and the client is returned to read or seed its cache.
 */
export function renderScreen(ui: ReactElement, { path = '/', client = testQueryClient() }: { path?: string; client?: QueryClient } = {}) {
  function Providers({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
      </QueryClientProvider>
    );
  }
  return { ...render(ui, { wrapper: Providers }), client };
}

const json = (body: unknown, status: number) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The API's answer to a request it served: `data` in the success envelope. */
export const ok = (data: unknown, status = 200, message = '') => json({ success: true, data, message }, status);

/** The API's answer to a request it refused: the error envelope with its code and, for invalid input, the message of each field. */
export const refused = (status: number, code: string, message: string, fields?: Record<string, unknown>) =>
  json({ success: false, data: null, message, error: { code, fields } }, status);

export interface ApiRequest {
  url: URL;
  /** The path below /api/v1, e.g. /projects/2250. */
  path: string;
  method: string;
  /** The JSON body sent, if any. */
  body: unknown;
  init: RequestInit;
}

/** Stands `answer` in for the API behind fetch; the returned mock holds each call. */
export function stubApi(answer: (request: ApiRequest) => Response | Promise<Response>) {
  // The app calls fetch with a path, never a Request.
  const fetch = vi.fn(async (input: string | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : null;
    return answer({ url, path: url.pathname.replace(/^\/api\/v1/, ''), method: init.method ?? 'GET', body, init });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
