import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { REALTIME, SERVER_EVENTS, type WorkflowApprovalUpdatePayload } from '@carbonledger/contracts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signInAs, type SignedIn } from '../auth/auth.testing';
import { createRegistryTenant } from '../registry/registry.testing';
import { registerNewWallet } from '../wallets/wallets.testing';

/** docs/product.md §7: subscribe_approvals → approvals_count {pendingCount}, again on every change; approval_update to the company audience. */
describe('approvals over the socket', () => {
  let harness: TestApp;
  let baseUrl: string;
  let admin: SignedIn;
  let companyAdmin: SignedIn;
  let otherTenant: SignedIn;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    harness = await createTestApp();
    await harness.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(harness.app.server.address() as AddressInfo).port}`;
    admin = await signInAs(harness.app, 'admin@demo.test');
    companyAdmin = await signInAs(harness.app, 'companyadmin@demo.test');
    otherTenant = await signInAs(harness.app, (await createRegistryTenant(harness.app.db, 'approvalsocket')).email);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await harness.close();
  });

  const open = async (who: SignedIn) => {
    const socket = connect(`${baseUrl}${REALTIME.namespace}`, {
      path: REALTIME.path,
      transports: ['websocket'],
      auth: { token: who.token },
      reconnection: false,
      forceNew: true,
    });
    sockets.push(socket);
    await new Promise((resolve) => socket.once(SERVER_EVENTS.connectionConfirmed, resolve));
    return socket;
  };
  const next = <T>(socket: Socket, event: string) => new Promise<T>((resolve) => socket.once(event, resolve));
  const subscribed = async (socket: Socket) => {
    const first = next<{ pendingCount: number }>(socket, SERVER_EVENTS.approvalsCount);
    socket.emit('subscribe_approvals');
    return (await first).pendingCount;
  };

  it("sends each subscriber its scope's count, then the new count and approval_update when a workflow opens and is decided", async () => {
    const adminSocket = await open(admin);
    const requesterSocket = await open(companyAdmin);
    const outsider = await open(otherTenant);
    const adminBefore = await subscribed(adminSocket);
    const requesterBefore = await subscribed(requesterSocket);
    expect(await subscribed(outsider)).toBe(0);
    let outsiderHeard = false;
    outsider.on(SERVER_EVENTS.approvalsCount, () => (outsiderHeard = true));
    outsider.on(SERVER_EVENTS.approvalUpdate, () => (outsiderHeard = true));

    const adminCount = next<{ pendingCount: number }>(adminSocket, SERVER_EVENTS.approvalsCount);
    const requesterCount = next<{ pendingCount: number }>(requesterSocket, SERVER_EVENTS.approvalsCount);
    const opened = new Promise<WorkflowApprovalUpdatePayload>((resolve) =>
      requesterSocket.on(SERVER_EVENTS.approvalUpdate, (payload: WorkflowApprovalUpdatePayload) => {
        if ('workflowId' in payload) resolve(payload);
      }),
    );
    const { wallet } = await registerNewWallet(harness.app, companyAdmin, 'Socket desk');
    expect((await adminCount).pendingCount).toBe(adminBefore + 1);
    expect((await requesterCount).pendingCount).toBe(requesterBefore + 1);
    const update = await opened;
    expect(update).toMatchObject({ type: 'wallet_registration', status: 'pending', level: 1, companyId: wallet.companyId });

    const afterDecision = next<{ pendingCount: number }>(requesterSocket, SERVER_EVENTS.approvalsCount);
    const decided = await harness.app.inject({
      method: 'POST',
      url: `/api/v1/approvals/${update.workflowId}/approve`,
      headers: { ...admin.headers, 'idempotency-key': crypto.randomUUID() },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect((await afterDecision).pendingCount).toBe(requesterBefore);
    expect(outsiderHeard).toBe(false);
  });
});
