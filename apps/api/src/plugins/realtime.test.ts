import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { REALTIME } from '@carbonledger/contracts';
import { createRealtimeServer, shareRoomsThroughRedis, type RealtimeServer } from './realtime';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Two API processes and a worker, as three socket.io servers sharing rooms through Redis. */
describe('socket.io rooms through Redis (REDIS_URL)', () => {
  // A namespace of its own: other runs on the same Redis broadcast on the same channel prefix.
  const namespace = `/rooms-${randomUUID()}`;
  let httpServer: HttpServer;
  let apiA: RealtimeServer;
  let apiB: RealtimeServer;
  let worker: RealtimeServer;
  const closers: (() => Promise<void>)[] = [];
  let client: Socket;

  beforeAll(async () => {
    httpServer = createServer();
    apiA = createRealtimeServer(httpServer);
    apiB = createRealtimeServer(createServer());
    worker = createRealtimeServer(null);
    for (const server of [apiA, apiB, worker]) closers.push(await shareRoomsThroughRedis(server, redisUrl));
    apiA.of(namespace).on('connection', (socket) => void socket.join('company-1'));
    await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
    client = connect(`http://127.0.0.1:${(httpServer.address() as AddressInfo).port}${namespace}`, { path: REALTIME.path, transports: ['websocket'] });
    await new Promise<void>((resolve) => client.once('connect', resolve));
    // The join happens in the connection handler; wait until the other servers see it.
    await vi.waitFor(
      async () => {
        if ((await apiB.of(namespace).in('company-1').fetchSockets()).length !== 1) throw new Error('the socket is not in the room yet');
      },
      { timeout: 5000 },
    );
  });

  afterAll(async () => {
    client.disconnect();
    // A worker's server was never attached to an HTTP server, so only the API ones close (as in app.ts).
    for (const server of [apiA, apiB]) await server.close();
    for (const close of closers) await close();
  });

  it("delivers a broadcast of another API process, and of a worker, to this process's socket", async () => {
    const heard: string[] = [];
    client.on('event', (payload: { from: string }) => heard.push(payload.from));
    apiB.of(namespace).to('company-1').emit('event', { from: 'B' });
    worker.of(namespace).to('company-1').emit('event', { from: 'worker' });
    apiB.of(namespace).to('company-2').emit('event', { from: 'another room' });
    await expect.poll(() => [...heard].sort(), { timeout: 5000 }).toEqual(['B', 'worker']);
  });

  it("disconnects the socket when another process ends the room's sessions", async () => {
    const disconnected = new Promise<string>((resolve) => client.once('disconnect', resolve));
    apiB.of(namespace).in('company-1').disconnectSockets(true);
    await expect(disconnected).resolves.toBe('io server disconnect');
  });
});
