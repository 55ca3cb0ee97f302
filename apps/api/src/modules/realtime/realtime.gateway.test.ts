import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { REALTIME, SERVER_EVENTS } from '@carbonledger/contracts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signInAs, type SignedIn } from '../auth/auth.testing';
import { notify } from '../notifications';

let harness: TestApp;
let baseUrl: string;
let manager: SignedIn;
const sockets: Socket[] = [];

beforeAll(async () => {
  harness = await createTestApp();
  await harness.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(harness.app.server.address() as AddressInfo).port}`;
  manager = await signInAs(harness.app, 'manager@demo.test');
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await harness.close();
});

function open(namespace: string, token?: string): Socket {
  const socket = connect(`${baseUrl}${namespace}`, {
    path: REALTIME.path,
    transports: ['websocket'],
    auth: token ? { token } : {},
    reconnection: false,
    forceNew: true,
  });
  sockets.push(socket);
  return socket;
}

const next = <T>(socket: Socket, event: string) => new Promise<T>((resolve) => socket.once(event, resolve));

describe('realtime gateway', () => {
  it('confirms a signed-in connection and sends the unread count', async () => {
    const socket = open(REALTIME.namespace, manager.token);
    const [confirmed, count] = await Promise.all([
      next<{ userId: string }>(socket, SERVER_EVENTS.connectionConfirmed),
      next<{ unreadCount: number }>(socket, SERVER_EVENTS.notificationsCount),
    ]);
    expect(confirmed.userId).toBe(manager.result.user.id);
    expect(count).toEqual({ unreadCount: 0 });
  });

  it('pushes a new notification and the new count to the recipient only', async () => {
    const recipient = open(REALTIME.namespace, manager.token);
    await next(recipient, SERVER_EVENTS.connectionConfirmed);
    const viewer = await signInAs(harness.app, 'viewer@demo.test');
    const bystander = open(REALTIME.namespace, viewer.token);
    await next(bystander, SERVER_EVENTS.connectionConfirmed);
    let bystanderGotOne = false;
    bystander.on(SERVER_EVENTS.notificationNew, () => (bystanderGotOne = true));

    const arriving = next<{ title: string; read: boolean }>(recipient, SERVER_EVENTS.notificationNew);
    const counted = next<{ unreadCount: number }>(recipient, SERVER_EVENTS.notificationsCount);
    await notify(
      harness.app.db,
      harness.app.live,
      manager.result.tenant.id,
      { userIds: [manager.result.user.id] },
      { type: 'APPROVAL', title: 'Wallet approved', message: 'Your wallet can now hold tokens.' },
    );
    expect(await arriving).toMatchObject({ title: 'Wallet approved', read: false });
    expect(await counted).toEqual({ unreadCount: 1 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(bystanderGotOne).toBe(false);
  });

  it('refuses the member namespace without a valid token, but admits guests', async () => {
    const stranger = open(REALTIME.namespace, 'not-a-token');
    const refusal = await next<Error>(stranger, 'connect_error');
    expect(refusal.message).toBe('SESSION_EXPIRED');
    const anonymous = open(REALTIME.namespace);
    expect((await next<Error>(anonymous, 'connect_error')).message).toBe('UNAUTHORIZED');

    const guest = open(REALTIME.guestNamespace);
    expect(await next<{ userId: string | null }>(guest, SERVER_EVENTS.connectionConfirmed)).toMatchObject({ userId: null, namespace: REALTIME.guestNamespace });
  });

  it('answers ping with pong carrying the client timestamp', async () => {
    const socket = open(REALTIME.namespace, manager.token);
    await next(socket, SERVER_EVENTS.connectionConfirmed);
    socket.emit('ping', { timestamp: 1234 });
    expect(await next<{ timestamp: number }>(socket, SERVER_EVENTS.pong)).toMatchObject({ timestamp: 1234 });
  });

  it('sends system stats with the connected user count on subscription', async () => {
    const socket = open(REALTIME.namespace, manager.token);
    await next(socket, SERVER_EVENTS.connectionConfirmed);
    socket.emit('subscribe_system_stats');
    const stats = await next<{ connectedUsers: number }>(socket, SERVER_EVENTS.systemStats);
    expect(stats.connectedUsers).toBeGreaterThanOrEqual(1);
  });

  it('drops a socket whose session is revoked from new connections', async () => {
    const other = await signInAs(harness.app, 'operator@demo.test');
    await harness.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: other.headers });
    const socket = open(REALTIME.namespace, other.token);
    expect((await next<Error>(socket, 'connect_error')).message).toBe('SESSION_EXPIRED');
  });
});
