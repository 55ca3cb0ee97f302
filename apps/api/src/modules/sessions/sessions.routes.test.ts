import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app';
import { securityEvents, sessions } from '../../db/schema';
import { signInAs, type SignedIn } from '../auth/auth.testing';
import { createTenantWithAdministrator } from '../tenants/tenants.testing';

let harness: TestApp;
let admin: SignedIn;
let viewer: SignedIn;
let operator: SignedIn;

beforeAll(async () => {
  harness = await createTestApp();
  admin = await signInAs(harness.app, 'admin@demo.test');
  viewer = await signInAs(harness.app, 'viewer@demo.test');
  operator = await signInAs(harness.app, 'operator@demo.test');
});
afterAll(() => harness.close());

const inject = (options: InjectOptions) => harness.app.inject(options);

describe('GET /sessions/active and /sessions/stats', () => {
  it('lists the live sessions of the tenant for security officers, marking the current one', async () => {
    const response = await inject({ url: '/api/v1/sessions/active', headers: admin.headers });
    expect(response.statusCode).toBe(200);
    const list = response.json().data as Array<{ id: string; user: { email: string }; current: boolean; device: string; status: string }>;
    expect(list.map((session) => session.user.email)).toEqual(expect.arrayContaining(['admin@demo.test', 'viewer@demo.test', 'operator@demo.test']));
    expect(list.find((session) => session.current)?.id).toBe(admin.result.session.sessionId);
    expect(list[0]).toMatchObject({ device: 'Chrome on Linux', status: 'active' });
  });

  it('refuses the tenant list to roles outside the /security/sessions route', async () => {
    const response = await inject({ url: '/api/v1/sessions/active', headers: viewer.headers });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ message: 'Access denied. Insufficient permissions.', error: { code: 'ACCESS_DENIED' } });
    expect((await inject({ url: '/api/v1/sessions/active' })).statusCode).toBe(401);
  });

  it('shows every signed-in user their own sessions', async () => {
    const mine = (await inject({ url: '/api/v1/sessions/mine', headers: viewer.headers })).json().data as Array<{ user: { email: string } }>;
    expect(mine.length).toBeGreaterThan(0);
    expect(new Set(mine.map((session) => session.user.email))).toEqual(new Set(['viewer@demo.test']));
  });

  it('ends sessions idle past SESSION_IDLE_TIMEOUT_MINUTES: they are marked revoked for idle timeout, not left open', async () => {
    const idle = await signInAs(harness.app, 'finance@demo.test');
    const idleSince = new Date(Date.now() - (harness.app.config.sessionIdleTimeoutMinutes + 1) * 60_000);
    await harness.app.db.asSystem((tx) => tx.update(sessions).set({ lastSeenAt: idleSince }).where(eq(sessions.id, idle.result.session.sessionId)));

    const listed = (await inject({ url: '/api/v1/sessions/active', headers: admin.headers })).json().data as Array<{ id: string }>;
    expect(listed.map((session) => session.id)).not.toContain(idle.result.session.sessionId);
    const [row] = await harness.app.db.asSystem((tx) =>
      tx.select({ revokedAt: sessions.revokedAt, reason: sessions.revokeReason }).from(sessions).where(eq(sessions.id, idle.result.session.sessionId)),
    );
    expect(row?.revokedAt).not.toBeNull();
    expect(row?.reason).toBe('idle timeout');
  });

  it('reports session statistics', async () => {
    const response = await inject({ url: '/api/v1/sessions/stats', headers: admin.headers });
    expect(response.statusCode).toBe(200);
    const stats = response.json().data;
    expect(stats.active).toBeGreaterThanOrEqual(3);
    expect(stats.uniqueUsers).toBeGreaterThanOrEqual(3);
    expect(stats).toHaveProperty('revokedLast24h');
  });
});

describe('DELETE /sessions/{id}', () => {
  it("lets an officer end another user's session; that session's next request gets 401", async () => {
    const target = await signInAs(harness.app, 'manager@demo.test');
    const before = (await inject({ url: '/api/v1/sessions/stats', headers: admin.headers })).json().data;
    const ended = await inject({ method: 'DELETE', url: `/api/v1/sessions/${target.result.session.sessionId}`, headers: admin.headers });
    expect(ended.statusCode).toBe(200);
    expect(ended.json().message).toBe('Session terminated');
    const next = await inject({ url: '/api/v1/sessions/mine', headers: target.headers });
    expect(next.statusCode).toBe(401);
    expect(next.json().message).toBe('Your session has expired. Please sign in again.');
    const after = (await inject({ url: '/api/v1/sessions/stats', headers: admin.headers })).json().data;
    expect(after.revokedLast24h).toBe(before.revokedLast24h + 1);
    const events = await harness.app.db.asSystem((tx) => tx.select().from(securityEvents).where(eq(securityEvents.type, 'session_revoked')));
    expect(events.some((event) => event.details.sessionId === target.result.session.sessionId)).toBe(true);
  });

  it("lets anyone end their own session but not somebody else's", async () => {
    const second = await signInAs(harness.app, 'viewer@demo.test');
    const otherwise = await inject({ method: 'DELETE', url: `/api/v1/sessions/${operator.result.session.sessionId}`, headers: viewer.headers });
    expect(otherwise.statusCode).toBe(404);
    expect((await inject({ url: '/api/v1/sessions/mine', headers: operator.headers })).statusCode).toBe(200);
    expect((await inject({ method: 'DELETE', url: `/api/v1/sessions/${second.result.session.sessionId}`, headers: viewer.headers })).statusCode).toBe(200);
    expect((await inject({ url: '/api/v1/sessions/mine', headers: second.headers })).statusCode).toBe(401);
  });

  it('needs the CSRF token and a well-formed id', async () => {
    const { 'x-csrf-token': _csrf, ...withoutCsrf } = admin.headers;
    expect((await inject({ method: 'DELETE', url: `/api/v1/sessions/${viewer.result.session.sessionId}`, headers: withoutCsrf })).json().error.code).toBe(
      'CSRF_TOKEN_MISMATCH',
    );
    expect((await inject({ method: 'DELETE', url: '/api/v1/sessions/not-a-uuid', headers: admin.headers })).statusCode).toBe(400);
  });
});

describe('tenant isolation', () => {
  let outsider: SignedIn;
  beforeAll(async () => {
    // Tenant B made as the product makes one: the platform SUPER_ADMIN's POST /tenants; its administrator accepts the invitation.
    const superadmin = await signInAs(harness.app, 'superadmin@demo.test');
    outsider = (
      await createTenantWithAdministrator(harness.app, superadmin, 'other', {
        administrator: { email: 'admin@other.test', firstName: 'Olga', lastName: 'Other' },
      })
    ).administrator;
  });

  it('never shows a user of tenant B the sessions of tenant A', async () => {
    const list = (await inject({ url: '/api/v1/sessions/active', headers: outsider.headers })).json().data as Array<{ user: { email: string } }>;
    expect(list.map((session) => session.user.email)).toEqual(['admin@other.test']);
    const stats = (await inject({ url: '/api/v1/sessions/stats', headers: outsider.headers })).json().data;
    expect(stats.uniqueUsers).toBe(1);
  });

  it('cannot end a session of another tenant, even knowing its id', async () => {
    const response = await inject({ method: 'DELETE', url: `/api/v1/sessions/${viewer.result.session.sessionId}`, headers: outsider.headers });
    expect(response.statusCode).toBe(404);
    expect((await inject({ url: '/api/v1/sessions/mine', headers: viewer.headers })).statusCode).toBe(200);
  });

  it("sees none of tenant A's security events or alerts", async () => {
    await inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: 'viewer@demo.test', password: 'Wrong!2345' },
      headers: { 'x-forwarded-for': '198.51.100.9' },
    });
    const events = (await inject({ url: '/api/v1/sessions/security-events', headers: outsider.headers })).json().data as Array<{ userEmail: string | null }>;
    expect(events.every((event) => event.userEmail === 'admin@other.test')).toBe(true);
    const ownTenant = (await inject({ url: '/api/v1/sessions/security-events?type=login_failed', headers: admin.headers })).json().data as Array<{
      userEmail: string | null;
    }>;
    expect(ownTenant.map((event) => event.userEmail)).toContain('viewer@demo.test');
  });
});
