import { createServer } from 'node:http';
import { type AddressInfo, type Socket, connect, createServer as createTcpServer } from 'node:net';
import { REALTIME, SERVER_EVENTS, type MintingJob } from '@carbonledger/contracts';
import { Server, type ServerOptions, type Socket as ServerSocket } from 'socket.io';
import { io } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REALTIME_DEBUG_EVENTS, createRealtimeClient, type RealtimeClient, type RealtimeTiming } from './realtime-client';

/** A socket.io server shaped like the API's gateway: token-checked members, open guests. */
let server: Server;
let baseUrl: string;
const validTokens = new Set(['token-1', 'token-2']);
const handshakes: { namespace: string; token: unknown }[] = [];
/** subscribe_{topic} and unsubscribe_{topic} as the server received them. */
const topicEvents: { event: string; payload: unknown }[] = [];

async function startServer(options: Partial<ServerOptions> = {}): Promise<{ server: Server; url: string }> {
  const http = createServer();
  const realtimeServer = new Server(http, { path: REALTIME.path, transports: ['websocket', 'polling'], ...options });
  const members = realtimeServer.of(REALTIME.namespace);
  members.use((socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown }).token;
    handshakes.push({ namespace: REALTIME.namespace, token });
    next(typeof token === 'string' && validTokens.has(token) ? undefined : new Error('SESSION_EXPIRED'));
  });
  const greet = (socket: ServerSocket) => {
    socket.onAny((event: string, payload: unknown) => {
      if (/^(un)?subscribe_/.test(event)) topicEvents.push({ event, payload });
    });
    socket.emit(SERVER_EVENTS.connectionConfirmed, { userId: null, namespace: socket.nsp.name, serverTime: new Date().toISOString() });
  };
  members.on('connection', greet);
  realtimeServer.of(REALTIME.guestNamespace).on('connection', (socket) => {
    handshakes.push({ namespace: REALTIME.guestNamespace, token: (socket.handshake.auth as { token?: unknown }).token });
    greet(socket);
  });
  realtimeServer.of('/').on('connection', (socket) => handshakes.push({ namespace: '/', token: (socket.handshake.auth as { token?: unknown }).token }));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return { server: realtimeServer, url: `http://127.0.0.1:${(http.address() as AddressInfo).port}` };
}

/** A TCP relay in front of a server: silence() lets its open connections go quiet both ways, as a dead network does. */
async function startRelay(target: string) {
  const sockets = new Set<Socket>();
  const links: { silent: boolean }[] = [];
  const relay = createTcpServer((downstream) => {
    const upstream = connect(Number(new URL(target).port), '127.0.0.1');
    const link = { silent: false };
    links.push(link);
    for (const [from, to] of [
      [downstream, upstream],
      [upstream, downstream],
    ] as const) {
      sockets.add(from);
      from.on('data', (chunk) => link.silent || to.write(chunk));
      from.on('close', () => to.destroy());
      from.on('error', () => to.destroy());
    }
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(relay.address() as AddressInfo).port}`,
    silence: () => links.forEach((link) => (link.silent = true)),
    close: () => {
      for (const socket of sockets) socket.destroy();
      relay.close();
    },
  };
}

beforeAll(async () => {
  ({ server, url: baseUrl } = await startServer());
});

afterAll(async () => {
  await server.close();
});

const clients: RealtimeClient[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.stop();
  handshakes.length = 0;
  topicEvents.length = 0;
});

function client(getToken: () => string | null, timing: Partial<RealtimeTiming> = {}, namespace: string = REALTIME.namespace, url = baseUrl): RealtimeClient {
  const fetchConfig = () => Promise.resolve({ path: REALTIME.path, namespace, guestNamespace: REALTIME.guestNamespace });
  const realtime = createRealtimeClient({ loadConnect: () => Promise.resolve(io), getToken, baseUrl: url, timing, fetchConfig });
  clients.push(realtime);
  return realtime;
}

function until(predicate: () => boolean, timeoutMs = 5000): Promise<void> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const check = () => {
      if (predicate()) resolve();
      else if (Date.now() - started > timeoutMs) reject(new Error('condition not met in time'));
      else setTimeout(check, 10);
    };
    check();
  });
}

const job: MintingJob = {
  id: '7b0c4a4e-2f57-4a3e-9d1e-0a6c2b1f9e01',
  vcuCount: 50,
  totalAmount: '125000',
  mintedAmount: '50000',
  status: 'running',
  progress: 40,
  walletAddress: 'So11111111111111111111111111111111111111112',
  error: null,
  createdAt: '2026-11-22T05:00:00.000Z',
  completedAt: null,
};

describe('realtime client against a socket.io server', () => {
  it('joins the authenticated namespace with the stored token and hands valid payloads to subscribers only', async () => {
    const realtime = client(() => 'token-1');
    const received: MintingJob[] = [];
    const off = realtime.on(SERVER_EVENTS.mintingJobUpdate, (payload) => received.push(payload));
    realtime.start();
    await until(() => realtime.status() === 'connected');
    expect(handshakes).toEqual([{ namespace: REALTIME.namespace, token: 'token-1' }]);

    server.of(REALTIME.namespace).emit(SERVER_EVENTS.mintingJobUpdate, { ...job, progress: 'forty' });
    server.of(REALTIME.namespace).emit(SERVER_EVENTS.mintingJobUpdate, job);
    await until(() => received.length > 0);
    expect(received).toEqual([job]);

    off();
    // Events on one socket arrive in order: once a later event is in, the unheard one has been delivered too.
    let confirmed = false;
    realtime.on(SERVER_EVENTS.connectionConfirmed, () => (confirmed = true));
    server.of(REALTIME.namespace).emit(SERVER_EVENTS.mintingJobUpdate, { ...job, progress: 100, status: 'completed' });
    server
      .of(REALTIME.namespace)
      .emit(SERVER_EVENTS.connectionConfirmed, { userId: null, namespace: REALTIME.namespace, serverTime: new Date().toISOString() });
    await until(() => confirmed);
    expect(received).toHaveLength(1);
  });

  it('uses the guest namespace when no access token is stored', async () => {
    const realtime = client(() => null);
    const confirmed: string[] = [];
    realtime.on(SERVER_EVENTS.connectionConfirmed, (payload) => confirmed.push(payload.namespace));
    realtime.start();
    await until(() => confirmed.length === 1);
    expect(confirmed).toEqual([REALTIME.guestNamespace]);
    expect(handshakes).toEqual([{ namespace: REALTIME.guestNamespace, token: undefined }]);
  });

  it('reopens with the fresh token after a refresh and disconnects on stop', async () => {
    let token = 'token-1';
    const realtime = client(() => token);
    realtime.start();
    await until(() => realtime.status() === 'connected');
    realtime.tokenChanged();
    expect(handshakes).toHaveLength(1);

    token = 'token-2';
    realtime.tokenChanged();
    await until(() => realtime.status() === 'connected' && handshakes.length === 2);
    expect(handshakes[1]).toEqual({ namespace: REALTIME.namespace, token: 'token-2' });
    await until(() => server.of(REALTIME.namespace).sockets.size === 1);

    realtime.stop();
    expect(realtime.status()).toBe('disconnected');
    await until(() => server.of(REALTIME.namespace).sockets.size === 0);
  });

  it('reconnects after the server closed the socket', async () => {
    const realtime = client(() => 'token-1', { serverCloseDelayMs: 50 });
    realtime.start();
    await until(() => realtime.status() === 'connected');
    server.of(REALTIME.namespace).disconnectSockets(true);
    await until(() => realtime.status() === 'connecting');
    await until(() => realtime.status() === 'connected' && handshakes.length === 2);
  });

  it('retries a refused connection with a doubling delay and gives up after the maximum attempts', async () => {
    const realtime = client(() => 'revoked', { baseDelayMs: 20, maxReconnectAttempts: 2 });
    const started = Date.now();
    realtime.start();
    await until(() => handshakes.length === 3 && realtime.status() === 'error');
    // 20 ms then 40 ms between the three handshakes.
    expect(Date.now() - started).toBeGreaterThanOrEqual(60);
    expect(realtime.lastError()).toBe('SESSION_EXPIRED');
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(handshakes).toHaveLength(3);
  });

  it('drops and reopens the socket when the server stops answering the heartbeat', async () => {
    // socket.io's heartbeat, quickened: the server pings every 50 ms and a ping missing for 50 + 500 ms drops the connection.
    const heartbeat = await startServer({ pingInterval: 50, pingTimeout: 500 });
    const network = await startRelay(heartbeat.url);
    try {
      const realtime = client(() => 'token-1', { baseDelayMs: 20 }, REALTIME.namespace, network.url);
      realtime.start();
      await until(() => realtime.status() === 'connected');
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(handshakes).toHaveLength(1);

      network.silence();
      await until(() => handshakes.length === 2, 2000);
    } finally {
      network.close();
      await heartbeat.server.close();
    }
  });

  it('falls back to no namespace when the configured one is refused before any connection', async () => {
    const realtime = client(() => 'token-1', { baseDelayMs: 10 }, '/not-served');
    realtime.start();
    await until(() => realtime.status() === 'connected');
    expect(handshakes).toEqual([{ namespace: '/', token: 'token-1' }]);
  });

  it('sends a held subscription once per connection, again after a reconnection, and unsubscribes when the last holder lets go', async () => {
    const realtime = client(() => 'token-1', { serverCloseDelayMs: 50 });
    const mints = { filters: { type: 'mint' as const, page: 1, pageSize: 20 } };
    const release = realtime.subscribe('transactions', mints);
    realtime.start();
    await until(() => topicEvents.length === 1);
    expect(topicEvents).toEqual([{ event: 'subscribe_transactions', payload: mints }]);

    server.of(REALTIME.namespace).disconnectSockets(true);
    await until(() => topicEvents.length === 2);
    expect(topicEvents[1]).toEqual({ event: 'subscribe_transactions', payload: mints });

    const burns = { filters: { type: 'burn' as const, page: 1, pageSize: 20 } };
    const releaseBurns = realtime.subscribe('transactions', burns);
    await until(() => topicEvents.length === 3);
    release();
    await until(() => topicEvents.length === 4);
    expect(topicEvents.slice(2)).toEqual([
      { event: 'subscribe_transactions', payload: burns },
      { event: 'subscribe_transactions', payload: burns },
    ]);
    releaseBurns();
    await until(() => topicEvents.length === 5);
    expect(topicEvents[4]).toEqual({ event: 'unsubscribe_transactions', payload: undefined });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(topicEvents).toHaveLength(5);
  });
});

describe('the websocket debug panel view', () => {
  it('shows the state, the topics held and the last events received, newest first and at most REALTIME_DEBUG_EVENTS', async () => {
    const realtime = client(() => 'token-1');
    const before = realtime.debug();
    expect(before).toMatchObject({ status: 'disconnected', namespace: null, socketId: null, topics: [], events: [] });
    expect(realtime.debug()).toBe(before);
    let changes = 0;
    realtime.onDebugChange(() => (changes += 1));
    const release = realtime.subscribe('approvals', undefined);
    realtime.start();
    await until(() => realtime.status() === 'connected' && realtime.debug().events.length > 0);
    const connected = realtime.debug();
    expect(connected).toMatchObject({ status: 'connected', namespace: REALTIME.namespace, topics: [{ topic: 'approvals', payload: undefined }] });
    expect(connected.socketId).toEqual(expect.any(String));
    expect(connected.events.map((event) => event.name)).toEqual([SERVER_EVENTS.connectionConfirmed]);

    for (let index = 0; index < REALTIME_DEBUG_EVENTS + 5; index++)
      server.of(REALTIME.namespace).emit(SERVER_EVENTS.mintingJobUpdate, { ...job, progress: index });
    await until(() => (realtime.debug().events[0]?.payload as MintingJob | undefined)?.progress === REALTIME_DEBUG_EVENTS + 4);
    const events = realtime.debug().events;
    expect(events).toHaveLength(REALTIME_DEBUG_EVENTS);
    expect((events.at(-1)!.payload as MintingJob).progress).toBe(5);
    expect(events[0]!.seq).toBeGreaterThan(events[1]!.seq);
    expect(changes).toBeGreaterThan(REALTIME_DEBUG_EVENTS);

    release();
    expect(realtime.debug().topics).toEqual([]);
  });
});
