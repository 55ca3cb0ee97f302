import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
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
