import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { REALTIME } from '@carbonledger/contracts';

export type RealtimeServer = Server;

/** socket.io on the API's own HTTP server, at the SPEC §7 path. */
export function createRealtimeServer(httpServer: HttpServer): RealtimeServer {
  return new Server(httpServer, {
    path: REALTIME.path,
    transports: ['websocket', 'polling'],
    serveClient: false,
    cors: { origin: false },
    pingInterval: REALTIME.heartbeatIntervalMs,
    connectTimeout: REALTIME.connectTimeoutMs,
  });
}
