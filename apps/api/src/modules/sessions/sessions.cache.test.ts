import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { DEFAULT_PERMISSIONS, type CustomRole } from '@carbonledger/contracts';
import { openEmbeddedChain } from '@carbonledger/chain';
import { buildApp, type App } from '../../app';
import { customRoles, sessionCredentials, sessions, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { DEMO_PASSWORD, signInAs, type SignedIn } from '../auth/auth.testing';
import { SESSION_COPY_MAX_AGE_MS } from './sessions.cache';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const mine = (app: App, who: SignedIn) => app.inject({ url: '/api/v1/sessions/mine', headers: who.headers });

/** Waits until a request begun now cannot be answered from a copy of the session read before `changedAt` (performance.now()). */
async function pastCopies(changedAt: number): Promise<void> {
  const left = changedAt + SESSION_COPY_MAX_AGE_MS - performance.now();
  if (left > 0) await sleep(left);
}

describe('the session check with its per-process copies', () => {
  let harness: TestApp;
  let admin: SignedIn;
  const app = () => harness.app;
  const sessionRow = async (who: SignedIn) =>
    (await app().db.asSystem((tx) => tx.select().from(sessions).where(eq(sessions.id, who.result.session.sessionId))))[0]!;

  beforeAll(async () => {
    // One minute of idle timeout, so that the clock can be moved past it within the access token's lifetime.
    harness = await createTestApp({ env: { SESSION_IDLE_TIMEOUT_MINUTES: '1' } });
    admin = await signInAs(app(), 'admin@demo.test');
  });
  afterAll(() => harness.close());

  it('refuses a session on its very next request once this process ended it: logout, an officer, a suspension, a password change', async () => {
    const send = (who: SignedIn, method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
      app().inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
    const used = async (email: string) => {
      const who = await signInAs(app(), email);
      expect((await mine(app(), who)).statusCode).toBe(200);
      return who;
    };

    const loggedOut = await used('manager@demo.test');
    expect((await send(loggedOut, 'POST', '/api/v1/auth/logout')).statusCode).toBe(200);
    expect((await mine(app(), loggedOut)).statusCode).toBe(401);

    const ended = await used('hda@demo.test');
    expect((await send(admin, 'DELETE', `/api/v1/sessions/${ended.result.session.sessionId}`)).statusCode).toBe(200);
    expect((await mine(app(), ended)).statusCode).toBe(401);

    const suspended = await used('finance@demo.test');
    const suspension = await send(admin, 'PATCH', `/api/v1/users/${suspended.result.user.id}/status`, { status: 'suspended' });
    expect(suspension.statusCode, suspension.body).toBe(200);
    expect((await mine(app(), suspended)).statusCode).toBe(401);

    const other = await used('cso@demo.test');
    const changer = await used('cso@demo.test');
    const changed = await send(changer, 'POST', '/api/v1/auth/password', { currentPassword: DEMO_PASSWORD, newPassword: 'Changed!2345x' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await mine(app(), other)).statusCode).toBe(401);
    expect((await mine(app(), changer)).statusCode).toBe(200);
  });

  it('applies a revocation, a suspension or a refresh made by another process within a second', async () => {
    const revoked = await signInAs(app(), 'viewer@demo.test');
    const suspended = await signInAs(app(), 'operator@demo.test');
    const refreshed = await signInAs(app(), 'viewer@demo.test');
    for (const who of [revoked, suspended, refreshed]) expect((await mine(app(), who)).statusCode).toBe(200);

    // Written straight to the database, as another process without Redis would: no message reaches this one.
    const changedAt = performance.now();
    await app().db.asSystem(async (tx) => {
      await tx.update(sessions).set({ revokedAt: new Date(), revokeReason: 'logout' }).where(eq(sessions.id, revoked.result.session.sessionId));
      await tx.update(users).set({ status: 'suspended' }).where(eq(users.id, suspended.result.user.id));
      await tx
        .update(sessionCredentials)
        .set({ tokenVersion: sql`${sessionCredentials.tokenVersion} + 1` })
        .where(eq(sessionCredentials.sessionId, refreshed.result.session.sessionId));
    });
    await pastCopies(changedAt);

    for (const who of [revoked, suspended, refreshed]) expect((await mine(app(), who)).statusCode, who.result.user.email).toBe(401);
    await app().db.asSystem((tx) => tx.update(users).set({ status: 'active' }).where(eq(users.id, suspended.result.user.id)));
  });

  it("applies a custom role's permission change made by another process within a second", async () => {
    const companyAdmin = await signInAs(app(), 'companyadmin@demo.test');
    const created = await app().inject({
      method: 'POST',
      url: '/api/v1/roles/custom',
      headers: companyAdmin.headers,
      payload: { companyId: companyAdmin.result.company.id, name: 'Desk', baseRole: 'OPERATOR', permissions: [...DEFAULT_PERMISSIONS.OPERATOR] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const role = created.json().data as CustomRole;
    const operator = await signInAs(app(), 'operator@demo.test');
    const assigned = await app().inject({
      method: 'PUT',
      url: `/api/v1/users/${operator.result.user.id}/custom-role`,
      headers: companyAdmin.headers,
      payload: { customRoleId: role.id },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const wallets = () => app().inject({ url: '/api/v1/wallets', headers: operator.headers });
    expect((await wallets()).statusCode).toBe(200);

    const changedAt = performance.now();
    const withoutWallets = DEFAULT_PERMISSIONS.OPERATOR.filter((permission) => permission !== 'wallets:read');
    await app().db.asSystem((tx) => tx.update(customRoles).set({ permissions: withoutWallets }).where(eq(customRoles.id, role.id)));
    await pastCopies(changedAt);

    expect((await wallets()).statusCode).toBe(403);
  });

  it('still advances last-seen on a busy session and still revokes an idle one on its next request', async () => {
    const who = await signInAs(app(), 'companyadmin@demo.test');
    const signedInAt = (await sessionRow(who)).lastSeenAt.getTime();
    expect((await mine(app(), who)).statusCode).toBe(200);
    try {
      // Twenty seconds on: past the 15 s between last-seen writes, though this process read the session a moment ago.
      vi.useFakeTimers({ toFake: ['Date'], now: signedInAt + 20_000 });
      expect((await mine(app(), who)).statusCode).toBe(200);
      expect((await sessionRow(who)).lastSeenAt.getTime()).toBe(signedInAt + 20_000);

      // Then more than the idle timeout (one minute) without a request.
      vi.setSystemTime(signedInAt + 20_000 + 61_000);
      const idle = await mine(app(), who);
      expect(idle.statusCode).toBe(401);
      expect(idle.json().error.code).toBe('SESSION_EXPIRED');
    } finally {
      vi.useRealTimers();
    }
    expect(await sessionRow(who)).toMatchObject({ revokeReason: 'idle timeout' });
    expect((await mine(app(), who)).statusCode).toBe(401);
  });
});

/** With REDIS_URL, a process that ends a session tells the others, which drop their copy without waiting out the second. */
describe('the session copies of two processes with REDIS_URL', () => {
  let first: TestApp;
  let second: App;

  beforeAll(async () => {
    first = await createTestApp({ env: { REDIS_URL: redisUrl } });
    // Another API process on the same database, secrets and Redis; the database stays the first's to close.
    second = await buildApp(
      { ...first.config, role: 'api', seedDemo: false },
      { database: { ...first.app.db, close: async () => undefined }, chain: openEmbeddedChain({ snapshotPath: null }), logger: false },
    );
    await second.ready();
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  it('refuses on the other process, well within the second, a session one process ended', async () => {
    const who = await signInAs(first.app, 'viewer@demo.test');
    expect((await mine(second, who)).statusCode).toBe(200);
    expect((await first.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: who.headers })).statusCode).toBe(200);
    await expect.poll(async () => (await mine(second, who)).statusCode, { timeout: SESSION_COPY_MAX_AGE_MS / 2, interval: 10 }).toBe(401);
  });
});
