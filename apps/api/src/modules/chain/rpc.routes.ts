import { isIP } from 'node:net';
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { isEmbeddedChain } from '@carbonledger/chain';
import { AppError } from '../../lib/app-error';
import { createJsonRpcHandler } from './json-rpc.service';
import { attachRpcPubSub } from './rpc-pubsub';
import { callsChainChangingMethod, JSON_RPC_ERRORS, stringifyJsonRpc, type JsonRpcResponse } from './json-rpc.protocol';

export const RPC_PATH = '/rpc';

/** Airdrops and sent transactions per client IP and minute from anywhere but this host. */
export const RPC_CHAIN_CHANGE_RATE_LIMIT = { max: 30, timeWindow: 60_000 } as const;

/** The body as parsed JSON; a malformed one is answered as JSON-RPC's own parse error. */
type RpcBody = { parsed: true; value: unknown } | { parsed: false };

function parseRpcBody(text: unknown): RpcBody {
  try {
    return { parsed: true, value: JSON.parse(typeof text === 'string' ? text : '') };
  } catch {
    return { parsed: false };
  }
}

function bodyOf(request: FastifyRequest): RpcBody {
  return (request.body as RpcBody | undefined) ?? { parsed: false };
}

function changesChain(request: FastifyRequest): boolean {
  const body = bodyOf(request);
  return body.parsed && callsChainChangingMethod(body.value);
}

/** The client is this host (request.ip follows X-Forwarded-For only from a TRUST_PROXY proxy). */
function fromLoopback(request: FastifyRequest): boolean {
  const ip = request.ip.replace(/^::ffff:/, '');
  return isIP(ip) !== 0 && (ip === '::1' || ip.startsWith('127.'));
}

/**
 * A browser page of another origin (it sends Origin, and not this host's). Such a page may read
 * (CORS below) but never counts as this host, which would let any website a local user opens
 * airdrop or send through the loopback exemption.
 */
function fromOtherOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (!origin) return false;
  try {
    return new URL(origin).host !== request.headers.host;
  } catch {
    return true;
  }
}

/**
 * CORS for the read methods from any origin, so that the Solana Explorer's custom-cluster links
 * load in a browser. No credentials and no Authorization header cross origins, so a page of
 * another origin cannot use a signed-in session for the chain-changing methods.
 */
const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, OPTIONS',
  // solana-client is the header web3.js and kit add to every call.
  'access-control-allow-headers': 'content-type, accept, solana-client',
  'access-control-max-age': '86400',
} as const;

function errorResponse(code: number, message: string): JsonRpcResponse {
  return { jsonrpc: '2.0', id: null, error: { code, message } };
}

/**
 * POST /rpc: Solana JSON-RPC over the embedded chain, for browser wallets and the rpc driver.
 * Encapsulated so that its body parsing and errors are JSON-RPC's own: a malformed body is a
 * parse error object, never the API envelope or a 500. Reads are open, like a validator's;
 * airdrops and sent transactions need this host or a signed-in session and are rate limited,
 * since the server listens on every interface by default. The same path upgrades to Solana's
 * PubSub websocket (rpc-pubsub.ts).
 */
export const rpcRoutes: FastifyPluginAsync = async (app) => {
  const chain = app.chain;
  const handle = isEmbeddedChain(chain) ? createJsonRpcHandler(chain) : null;

  /** A Bearer token of a live session; a missing, expired or revoked one is no session. */
  async function signedIn(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    try {
      // The guard is async (it throws rather than calling done), so awaiting it is the whole check.
      await Promise.resolve(app.authenticate(request, reply, () => undefined));
      return true;
    } catch {
      return false;
    }
  }

  // A worker serves no sockets (as with socket.io); there is nothing to subscribe to over a cluster.
  const servesClients = !app.hasDecorator('config') || app.config.role !== 'worker';
  if (isEmbeddedChain(chain) && servesClients) attachRpcPubSub(app, chain, RPC_PATH);

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, parseRpcBody(body)));
  app.setErrorHandler((error: FastifyError | AppError, _request, reply) => {
    // The rate limit refuses with the catalogue's AppError (429); Fastify's own errors carry statusCode.
    const given = error instanceof AppError ? error.status : error.statusCode;
    const status = given && given >= 400 && given < 500 ? given : 500;
    const code = status === 500 ? JSON_RPC_ERRORS.internalError : JSON_RPC_ERRORS.invalidRequest;
    return reply
      .status(status === 500 ? 200 : status)
      .type('application/json')
      .send(stringifyJsonRpc(errorResponse(code, status === 500 ? 'Internal error' : error.message)));
  });

  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('access-control-allow-origin', CORS_HEADERS['access-control-allow-origin']);
    return payload;
  });
  app.options(RPC_PATH, { schema: { hide: true }, config: { csrf: false } }, async (_request, reply) => reply.headers(CORS_HEADERS).status(204).send());

  const rpcOptions = {
    schema: { hide: true },
    config: {
      // The session travels as a Bearer header, which a browser never adds on its own: nothing to forge.
      csrf: false,
      rateLimit: {
        ...RPC_CHAIN_CHANGE_RATE_LIMIT,
        hook: 'preHandler' as const,
        allowList: (request: FastifyRequest) => fromLoopback(request) || !changesChain(request),
      },
    },
  };
  app.post(RPC_PATH, rpcOptions, async (request, reply) => {
    reply.type('application/json');
    if (!handle) {
      return stringifyJsonRpc(
        errorResponse(JSON_RPC_ERRORS.methodNotFound, 'The local JSON-RPC endpoint is served only by the embedded chain; this server uses SOLANA_RPC_URL'),
      );
    }
    const body = bodyOf(request);
    if (!body.parsed) return stringifyJsonRpc(errorResponse(JSON_RPC_ERRORS.parseError, 'Parse error'));
    const mayChangeChain = changesChain(request) && ((fromLoopback(request) && !fromOtherOrigin(request)) || (await signedIn(request, reply)));
    const response = await handle(body.value, { mayChangeChain });
    if (response === null) return reply.status(204).send();
    return stringifyJsonRpc(response);
  });
};
