import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { REALTIME, retirementUpdatePayload, SERVER_EVENTS, type Retirement } from '@carbonledger/contracts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signInAs, type SignedIn } from '../auth/auth.testing';
import { retirements } from '../../db/schema';
import { eq } from 'drizzle-orm';
import { reconcileRetirement } from './retirements.lifecycle';
import { retirementDeps } from './retirements.routes';
import { createRetirement, retireBody, retirementFixture, signAndSubmit, type RetirementFixture } from './retirements.testing';

/** An open screen hears of a retirement once per state change, never twice with the same payload. */
describe('retirement_update events', () => {
  let harness: TestApp;
  let companyAdmin: SignedIn;
  let fixture: RetirementFixture;
  let received: Retirement[];
  let socket: Socket;

  const eventsOf = (id: string) => received.filter((event) => event.id === id).map((event) => event.status);
  const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

  beforeAll(async () => {
    harness = await createTestApp();
    await harness.app.listen({ port: 0, host: '127.0.0.1' });
    companyAdmin = await signInAs(harness.app, 'companyadmin@demo.test');
    const admin = await signInAs(harness.app, 'admin@demo.test');
    fixture = await retirementFixture(harness.app, companyAdmin, admin, { externalTokens: 50, managedTokens: 50 });
    const baseUrl = `http://127.0.0.1:${(harness.app.server.address() as AddressInfo).port}`;
    socket = connect(`${baseUrl}${REALTIME.namespace}`, {
      path: REALTIME.path,
      transports: ['websocket'],
      auth: { token: companyAdmin.token },
      reconnection: false,
      forceNew: true,
    });
    await new Promise((resolve) => socket.once(SERVER_EVENTS.connectionConfirmed, resolve));
    received = [];
    socket.on(SERVER_EVENTS.retirementUpdate, (payload: unknown) => received.push(retirementUpdatePayload.parse(payload)));
  });
  afterAll(async () => {
    socket.close();
    await harness.close();
  });

  it('retire now with a managed wallet: one event, completed', async () => {
    const created = await createRetirement(harness.app, companyAdmin, retireBody(fixture, companyAdmin, { walletAddress: fixture.managed.address, amount: 5 }));
    expect(created.retirement.status).toBe('completed');
    await expect.poll(() => eventsOf(created.retirement.id)).toEqual(['completed']);
    await settle();
    expect(eventsOf(created.retirement.id)).toEqual(['completed']);
  });

  it('retire now with an external wallet: pending on create, completed on submit, once each', async () => {
    const created = await createRetirement(harness.app, companyAdmin, retireBody(fixture, companyAdmin, { amount: 5 }));
    await expect.poll(() => eventsOf(created.retirement.id)).toEqual(['pending']);
    const retired = await signAndSubmit(harness.app, companyAdmin, fixture.external.key, created);
    expect(retired.status).toBe('completed');
    await expect.poll(() => eventsOf(created.retirement.id)).toEqual(['pending', 'completed']);
    await settle();
    expect(eventsOf(created.retirement.id)).toEqual(['pending', 'completed']);
  });

  it('a schedule with a managed wallet: one event, scheduled', async () => {
    const scheduledFor = new Date(Date.now() + 3_600_000).toISOString();
    const created = await createRetirement(
      harness.app,
      companyAdmin,
      retireBody(fixture, companyAdmin, { walletAddress: fixture.managed.address, amount: 5, scheduledFor }),
    );
    expect(created.retirement.status).toBe('scheduled');
    await expect.poll(() => eventsOf(created.retirement.id)).toEqual(['scheduled']);
    await settle();
    expect(eventsOf(created.retirement.id)).toEqual(['scheduled']);
  });

  it('two reconcilers that see the same step (a request and the sweep) announce it once', async () => {
    const scheduledFor = new Date(Date.now() + 3_600_000).toISOString();
    const created = await createRetirement(
      harness.app,
      companyAdmin,
      retireBody(fixture, companyAdmin, { walletAddress: fixture.managed.address, amount: 5, scheduledFor }),
    );
    await expect.poll(() => eventsOf(created.retirement.id)).toEqual(['scheduled']);
    // Back where both met it: the managed wallet's approval confirmed, the status not yet moved on.
    await harness.app.db.withTenant(companyAdmin.result.user.tenantId, (tx) =>
      tx.update(retirements).set({ status: 'processing' }).where(eq(retirements.id, created.retirement.id)),
    );
    const deps = retirementDeps(harness.app);
    const outcomes = await Promise.all([1, 2, 3].map(() => reconcileRetirement(deps, companyAdmin.result.user.tenantId, created.retirement.id, 'observe')));
    expect(outcomes.map((row) => row.status)).toEqual(['scheduled', 'scheduled', 'scheduled']);
    await expect.poll(() => eventsOf(created.retirement.id)).toEqual(['scheduled', 'scheduled']);
    await settle();
    expect(eventsOf(created.retirement.id)).toEqual(['scheduled', 'scheduled']);
  });
});
