import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { REALTIME, SERVER_EVENTS } from '@carbonledger/contracts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { DEMO_PASSWORD, signInAs, type SignedIn } from '../auth/auth.testing';

/** A socket opened before its session ends must not outlive it (logout, DELETE /sessions/{id}, disable, password change). */
let harness: TestApp;
let baseUrl: string;
let admin: SignedIn;
let bystander: Socket;
const sockets: Socket[] = [];

beforeAll(async () => {
  harness = await createTestApp();
  await harness.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(harness.app.server.address() as AddressInfo).port}`;
  admin = await signInAs(harness.app, 'admin@demo.test');
  bystander = await member(await signInAs(harness.app, 'finance@demo.test'));
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await harness.close();
});

async function member(session: SignedIn): Promise<Socket> {
  const socket = connect(`${baseUrl}${REALTIME.namespace}`, {
    path: REALTIME.path,
    transports: ['websocket'],
    auth: { token: session.token },
    reconnection: false,
    forceNew: true,
  });
  sockets.push(socket);
  await new Promise((resolve) => socket.once(SERVER_EVENTS.connectionConfirmed, resolve));
  return socket;
}

/**
 * Ends the session with `end`, then publishes a company event: the ended socket is
 * disconnected by the server by the time the answer arrives and hears nothing more, while
 * a colleague's socket still gets the event.
 */
async function expectSocketEndsWith(email: string, end: (session: SignedIn) => Promise<void>) {
  const session = await signInAs(harness.app, email);
  const socket = await member(session);
  const heard: unknown[] = [];
  socket.on(SERVER_EVENTS.retirementUpdate, (payload: unknown) => heard.push(payload));
  const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));

  await end(session);
  expect(await disconnected).toBe('io server disconnect');

  const colleagueHeard = new Promise((resolve) => bystander.once(SERVER_EVENTS.retirementUpdate, resolve));
  harness.app.live.emitToCompany({ tenantId: session.result.tenant.id, companyId: session.result.company.id }, SERVER_EVENTS.retirementUpdate, {
    id: 'after-the-end',
  });
  await colleagueHeard;
  expect(heard).toEqual([]);

  const again = connect(`${baseUrl}${REALTIME.namespace}`, {
    path: REALTIME.path,
    transports: ['websocket'],
    auth: { token: session.token },
    reconnection: false,
    forceNew: true,
  });
  sockets.push(again);
  expect((await new Promise<Error>((resolve) => again.once('connect_error', resolve))).message).toBe('SESSION_EXPIRED');
}

describe('sockets of an ended session', () => {
  it('are disconnected at logout', async () => {
    await expectSocketEndsWith('viewer@demo.test', async (session) => {
      expect((await harness.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: session.headers })).statusCode).toBe(200);
    });
  });

  it('are disconnected when an officer ends the session', async () => {
    await expectSocketEndsWith('operator@demo.test', async (session) => {
      const ended = await harness.app.inject({ method: 'DELETE', url: `/api/v1/sessions/${session.result.session.sessionId}`, headers: admin.headers });
      expect(ended.statusCode).toBe(200);
    });
  });

  it('are disconnected when the user is disabled', async () => {
    await expectSocketEndsWith('manager@demo.test', async (session) => {
      expect((await harness.app.inject({ method: 'POST', url: `/api/v1/users/${session.result.user.id}/disable`, headers: admin.headers })).statusCode).toBe(
        200,
      );
    });
  });

  it('are disconnected for the other sessions when the password changes, and the changing session keeps its socket', async () => {
    const changing = await signInAs(harness.app, 'hda@demo.test');
    const kept = await member(changing);
    let keptDisconnected = false;
    kept.on('disconnect', () => (keptDisconnected = true));
    await expectSocketEndsWith('hda@demo.test', async () => {
      const changed = await harness.app.inject({
        method: 'POST',
        url: '/api/v1/auth/password',
        headers: changing.headers,
        payload: { currentPassword: DEMO_PASSWORD, newPassword: 'Changed!2345' },
      });
      expect(changed.statusCode, changed.body).toBe(200);
    });
    expect(keptDisconnected).toBe(false);
    expect(kept.connected).toBe(true);
  });
});
