import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { REALTIME } from '@carbonledger/contracts';

export type RealtimeServer = Server;

/**
 * socket.io on the API's own HTTP server, at the docs/product.md §7 path. A worker passes no HTTP
 * server: it serves no sockets, and what its jobs emit reaches nobody on this process.
 */
export function createRealtimeServer(httpServer: HttpServer | null): RealtimeServer {
  const options = {
    path: REALTIME.path,
    transports: ['websocket' as const, 'polling' as const],
    serveClient: false,
    cors: { origin: false },
    pingInterval: REALTIME.heartbeatIntervalMs,
    connectTimeout: REALTIME.connectTimeoutMs,
  };
  return httpServer ? new Server(httpServer, options) : new Server(options);
}

/**
 * With REDIS_URL, rooms span every process: a broadcast (a notification, a batch's progress
 * sent by a ROLE=worker job, a revoked session's disconnect) goes through Redis pub/sub to
 * the sockets of every API process, not only this one's. Answers the function that closes
 * the two Redis connections, for the shutdown once socket.io itself is closed.
 */
export async function shareRoomsThroughRedis(realtime: RealtimeServer, redisUrl: string): Promise<() => Promise<void>> {
  const publisher = new Redis(redisUrl, { lazyConnect: true });
  const subscriber = publisher.duplicate();
  // ioredis reconnects on its own; without a listener Node would treat a dropped connection as unhandled.
  for (const client of [publisher, subscriber]) client.on('error', () => undefined);
  // Connected before the adapter subscribes: a subscription queued while connecting makes ioredis's
  // ready check (INFO) run on a connection already in subscriber mode, which Redis refuses.
  await Promise.all([publisher.connect(), subscriber.connect()]);
  realtime.adapter(createAdapter(publisher, subscriber, { key: 'carbonledger:socket.io' }));
  return async () => {
    await Promise.allSettled([publisher.quit(), subscriber.quit()]);
  };
}

/**
 * Ends every socket.io connection at the transport level. An open websocket keeps the HTTP
 * server from ever finishing its close, so shutdown calls this first. Browsers see a
 * transport close (not a server disconnect) and so reconnect on their own, to whichever
 * process serves next.
 */
export function dropRealtimeConnections(realtime: RealtimeServer): void {
  // `engine` exists only once socket.io is attached to an HTTP server, which a worker's never is.
  const engine = realtime.engine as RealtimeServer['engine'] | undefined;
  engine?.close();
}
