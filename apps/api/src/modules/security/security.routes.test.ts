import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { ROLES, RESTRICTED_ROUTES, canOpenRoute, type RestrictedRoute, type Role } from '@carbonledger/contracts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { DEMO_USERS } from '../../db/seed';
import { nextClientIp, signInAs, type SignedIn } from '../auth/auth.testing';

let harness: TestApp;
let admin: SignedIn;
const signedIn = new Map<Role, SignedIn>();

beforeAll(async () => {
  harness = await createTestApp();
  for (const user of DEMO_USERS) signedIn.set(user.role, await signInAs(harness.app, user.email));
  admin = signedIn.get('ADMIN')!;
});
afterAll(() => harness.close());

const inject = (options: InjectOptions) => harness.app.inject(options);

async function failLogins(times: number, email: string) {
  for (let i = 0; i < times; i++) {
    await inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password: 'Wrong!2345' }, headers: { 'x-forwarded-for': nextClientIp() } });
  }
}

describe('security alerts', () => {
  it('raises one high alert for five failed sign-ins within ten minutes and lets an officer resolve it', async () => {
    await failLogins(3, 'viewer@demo.test');
    await failLogins(2, 'operator@demo.test');
    const alerts = (await inject({ url: '/api/v1/security/alerts?resolved=false', headers: admin.headers })).json().data as Array<{
      id: string;
      title: string;
      severity: string;
      resolved: boolean;
    }>;
    const failures = alerts.filter((alert) => alert.title === 'Multiple failed sign-in attempts');
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ severity: 'high', resolved: false });

    await failLogins(1, 'viewer@demo.test');
    expect(
      ((await inject({ url: '/api/v1/security/alerts', headers: admin.headers })).json().data as Array<{ title: string }>).filter(
        (alert) => alert.title === 'Multiple failed sign-in attempts',
      ),
    ).toHaveLength(1);

    const resolved = await inject({ method: 'PUT', url: `/api/v1/security/alerts/${failures[0]!.id}/resolve`, headers: admin.headers });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json().data).toMatchObject({ id: failures[0]!.id, resolved: true });
    const open = (await inject({ url: '/api/v1/security/alerts?resolved=false', headers: admin.headers })).json().data as Array<{ id: string }>;
    expect(open.map((alert) => alert.id)).not.toContain(failures[0]!.id);
    const high = (await inject({ url: '/api/v1/security/alerts?severity=high&resolved=true', headers: admin.headers })).json().data as Array<{ id: string }>;
    expect(high.map((alert) => alert.id)).toContain(failures[0]!.id);
  });

  it('answers 404 for an unknown alert and 400 for a malformed id or filter', async () => {
    expect(
      (await inject({ method: 'PUT', url: '/api/v1/security/alerts/00000000-0000-4000-8000-000000000000/resolve', headers: admin.headers })).statusCode,
    ).toBe(404);
    expect((await inject({ method: 'PUT', url: '/api/v1/security/alerts/nope/resolve', headers: admin.headers })).statusCode).toBe(400);
    expect((await inject({ url: '/api/v1/security/alerts?severity=apocalyptic', headers: admin.headers })).statusCode).toBe(400);
  });

  it('lists security events filtered by type', async () => {
    const events = (await inject({ url: '/api/v1/sessions/security-events?type=login_failed&limit=3', headers: admin.headers })).json().data as Array<{
      type: string;
    }>;
    expect(events).toHaveLength(3);
    expect(events.every((event) => event.type === 'login_failed')).toBe(true);
    expect((await inject({ url: '/api/v1/sessions/security-events?type=nonsense', headers: admin.headers })).statusCode).toBe(400);
    const own = (await inject({ url: '/api/v1/sessions/mine/events', headers: signedIn.get('VIEWER')!.headers })).json().data as Array<{ userId: string }>;
    expect(own.every((event) => event.userId === signedIn.get('VIEWER')!.result.user.id)).toBe(true);
  });
});

describe('request logs', () => {
  it('records each API request with status, timing, user, IP, user agent and error text', async () => {
    const viewer = signedIn.get('VIEWER')!;
    await inject({ url: '/api/v1/auth/wallet/list', headers: { ...viewer.headers, 'user-agent': 'LogProbe/1.0' } });
    await inject({ url: '/api/v1/sessions/active', headers: { ...viewer.headers, 'user-agent': 'LogProbe/1.0' } });
    await harness.app.requestLogs.flush();
    const logs = (await inject({ url: `/api/v1/security/request-logs?userId=${viewer.result.user.id}`, headers: admin.headers })).json().data as Array<
      Record<string, unknown>
    >;
    const denied = logs.find((log) => log.path === '/api/v1/sessions/active');
    expect(denied).toMatchObject({ method: 'GET', statusCode: 403, userAgent: 'LogProbe/1.0', errorMessage: 'Access denied. Insufficient permissions.' });
    expect(typeof denied!.responseTimeMs).toBe('number');
    expect(logs.find((log) => log.path === '/api/v1/auth/wallet/list')).toMatchObject({ statusCode: 200, errorMessage: null, ip: expect.any(String) });
    expect(logs.find((log) => log.path === '/api/v1/auth/login')).toMatchObject({ method: 'POST', statusCode: 200 });
  });

  it('filters by status class and path, and exports the same filtered rows as CSV', async () => {
    await harness.app.requestLogs.flush();
    const query = 'status=4xx&path=sessions%2Factive';
    const json = (await inject({ url: `/api/v1/security/request-logs?${query}`, headers: admin.headers })).json().data as Array<{
      statusCode: number;
      path: string;
    }>;
    expect(json.length).toBeGreaterThan(0);
    expect(json.every((log) => log.statusCode >= 400 && log.statusCode < 500 && log.path.includes('sessions/active'))).toBe(true);

    const csv = await inject({ url: `/api/v1/security/request-logs?${query}&format=csv`, headers: admin.headers });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="request-logs-.*\.csv"/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('timestamp,method,path,statusCode,responseTimeMs,userId,ip,userAgent,errorMessage');
    expect(lines).toHaveLength(json.length + 1);
    expect(lines.slice(1).every((line) => line.includes('/api/v1/sessions/active,403'))).toBe(true);
  });

  it('rejects malformed filters', async () => {
    expect((await inject({ url: '/api/v1/security/request-logs?status=6xx', headers: admin.headers })).statusCode).toBe(400);
    expect((await inject({ url: '/api/v1/security/request-logs?from=yesterday', headers: admin.headers })).statusCode).toBe(400);
  });
});

/**
 * docs/product.md §6 matrix: every restricted web route whose data an API endpoint serves, for every
 * role, answers 200 exactly when the role may open the route and 403 otherwise.
 */
const ENDPOINTS_SERVING: Partial<Record<RestrictedRoute, string[]>> = {
  '/security-center': ['/api/v1/security/alerts', '/api/v1/sessions/security-events'],
  '/security/sessions': ['/api/v1/sessions/active', '/api/v1/sessions/stats'],
  '/security/logs': ['/api/v1/security/request-logs'],
};

describe('role matrix of the guarded endpoints', () => {
  const cases = (Object.keys(RESTRICTED_ROUTES) as RestrictedRoute[]).flatMap((route) =>
    (ENDPOINTS_SERVING[route] ?? []).flatMap((url) => ROLES.map((role) => ({ route, url, role, allowed: canOpenRoute(role, route) }))),
  );

  it('covers every role for each guarded route', () => {
    expect(new Set(cases.map((row) => row.role))).toEqual(new Set(ROLES));
    expect(cases).toHaveLength(5 * ROLES.length);
  });

  it.each(cases)('$role on $url ($route) → allowed: $allowed', async ({ url, role, allowed }) => {
    const response = await inject({ url, headers: signedIn.get(role)!.headers });
    expect(response.statusCode).toBe(allowed ? 200 : 403);
  });
});
