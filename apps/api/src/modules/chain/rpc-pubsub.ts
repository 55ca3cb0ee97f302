import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer, type WebSocket } from 'ws';
import type { EmbeddedChainClient } from '@carbonledger/chain';
import { createSubscriptionHub, type PubSubPeer } from './rpc-pubsub.subscriptions';
import { idOf, JSON_RPC_ERRORS, requestSchema, RpcFailure, stringifyJsonRpc, type JsonRpcId } from './json-rpc.protocol';

/**
 * Solana's PubSub websocket for the embedded chain, on the API's own port at the JSON-RPC path
 * (`ws://host:port/rpc`; docs/chain.md, "PubSub websocket"). It shares the HTTP server with
 * socket.io, which upgrades only its own path and leaves this one alone. Subscriptions only
 * read, so any origin may open one, as with the read methods of POST /rpc.
 */

/** Open PubSub connections the server accepts at once; more are refused with 503. */
export const MAX_PUBSUB_CONNECTIONS = 1_000;
/** A request larger than this closes the connection (subscription requests are tiny). */
const MAX_MESSAGE_BYTES = 64 * 1024;
/** Connections that do not answer a ping within this long are dropped with their subscriptions. */
const HEARTBEAT_MS = 30_000;

const pathOf = (request: IncomingMessage) => (request.url ?? '').split('?')[0];

function errorText(id: JsonRpcId, code: number, message: string) {
  return stringifyJsonRpc({ jsonrpc: '2.0', id, error: { code, message } });
}

export function attachRpcPubSub(app: FastifyInstance, chain: EmbeddedChainClient, path: string) {
  const hub = createSubscriptionHub(chain);
  const server = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  const alive = new WeakSet<WebSocket>();

  const answer = (peer: PubSubPeer, text: string) => {
    let request: unknown;
    try {
      request = JSON.parse(text);
    } catch {
      return peer.send(errorText(null, JSON_RPC_ERRORS.parseError, 'Parse error'));
    }
    const parsed = requestSchema.safeParse(request);
    if (!parsed.success) return peer.send(errorText(idOf(request), JSON_RPC_ERRORS.invalidRequest, 'Invalid request'));
    const { method, params, id = null } = parsed.data;
    if (!hub.knows(method)) return peer.send(errorText(id, JSON_RPC_ERRORS.methodNotFound, `Method not found: ${method}`));
    try {
      const result = hub.call(peer, method, params);
      peer.send(stringifyJsonRpc({ jsonrpc: '2.0', id, result }));
    } catch (error) {
      if (!(error instanceof RpcFailure)) throw error;
      peer.send(errorText(id, error.code, error.message));
    }
  };

  server.on('connection', (socket) => {
    alive.add(socket);
    const peer: PubSubPeer = { send: (text) => socket.readyState === socket.OPEN && socket.send(text) };
    socket.on('pong', () => alive.add(socket));
    socket.on('message', (data, isBinary) => {
      if (isBinary) return peer.send(errorText(null, JSON_RPC_ERRORS.invalidRequest, 'Invalid request: send JSON text'));
      answer(peer, Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.concat(data as Buffer[]).toString('utf8'));
    });
    socket.on('close', () => hub.forget(peer));
    socket.on('error', () => socket.terminate());
  });

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (pathOf(request) !== path) return;
    if (server.clients.size >= MAX_PUBSUB_CONNECTIONS) {
      socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    server.handleUpgrade(request, socket, head, (websocket) => server.emit('connection', websocket, request));
  };
  app.server.on('upgrade', onUpgrade);

  const heartbeat = setInterval(() => {
    for (const socket of server.clients) {
      if (!alive.has(socket)) {
        socket.terminate();
        continue;
      }
      alive.delete(socket);
      socket.ping();
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();

  // preClose, like socket.io's: an open websocket would keep the HTTP server from ever closing.
  app.addHook('preClose', async () => {
    clearInterval(heartbeat);
    app.server.off('upgrade', onUpgrade);
    hub.close();
    for (const socket of server.clients) socket.terminate();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
}
