import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { REALTIME, SERVER_EVENTS, type SecurityAlert, type SecurityEvent } from '@carbonledger/contracts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { nextClientIp, signInAs, type SignedIn } from '../auth/auth.testing';
import { LOCKOUT } from '../auth';

let harness: TestApp;
let baseUrl: string;
let cso: SignedIn;
let viewer: SignedIn;
const sockets: Socket[] = [];

beforeAll(async () => {
  harness = await createTestApp();
  await harness.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(harness.app.server.address() as AddressInfo).port}`;
  cso = await signInAs(harness.app, 'cso@demo.test');
  viewer = await signInAs(harness.app, 'viewer@demo.test');
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await harness.close();
});

async function member(token: string): Promise<Socket> {
  const socket = connect(`${baseUrl}${REALTIME.namespace}`, {
    path: REALTIME.path,
    transports: ['websocket'],
    auth: { token },
    reconnection: false,
    forceNew: true,
  });
  sockets.push(socket);
  await new Promise((resolve) => socket.once(SERVER_EVENTS.connectionConfirmed, resolve));
  return socket;
}

const next = <T>(socket: Socket, event: string, matches: (payload: T) => boolean = () => true) =>
  new Promise<T>((resolve) => {
    const listener = (payload: T) => {
      if (!matches(payload)) return;
      socket.off(event, listener);
      resolve(payload);
    };
    socket.on(event, listener);
  });

describe('security feed', () => {
  it('pushes security events, alerts and the open-alert count to officers only', async () => {
    const officer = await member(cso.token);
    const bystander = await member(viewer.token);
    let bystanderHeard = false;
    bystander.on(SERVER_EVENTS.securityEvent, () => (bystanderHeard = true));
    bystander.on(SERVER_EVENTS.securityAlert, () => (bystanderHeard = true));

    const event = next<SecurityEvent>(officer, SERVER_EVENTS.securityEvent, (payload) => payload.type === 'account_locked');
    const alert = next<SecurityAlert>(officer, SERVER_EVENTS.securityAlert, (payload) => payload.title === 'Account locked');
    const count = next<{ activeCount: number }>(officer, SERVER_EVENTS.securityAlertsCountUpdate, (payload) => payload.activeCount >= 2);
    for (let i = 0; i < LOCKOUT.maxFailures; i++) {
      await harness.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: 'operator@demo.test', password: 'Wrong!2345' },
        headers: { 'x-forwarded-for': nextClientIp() },
      });
    }
    expect((await event).userEmail).toBe('operator@demo.test');
    expect(await alert).toMatchObject({ severity: 'high', resolved: false });
    expect((await count).activeCount).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(bystanderHeard).toBe(false);
  });
});
