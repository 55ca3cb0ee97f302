import type { FastifyError, FastifyPluginAsync } from 'fastify';
import { isEmbeddedChain } from '@carbonledger/chain';
import { createJsonRpcHandler, JSON_RPC_ERRORS, stringifyJsonRpc, type JsonRpcResponse } from './json-rpc.service';

export const RPC_PATH = '/rpc';

function errorResponse(code: number, message: string): JsonRpcResponse {
  return { jsonrpc: '2.0', id: null, error: { code, message } };
}

/**
 * POST /rpc: Solana JSON-RPC over the embedded chain, for browser wallets and the rpc driver.
 * Encapsulated so that its body parsing and errors are JSON-RPC's own: a malformed body is a
 * parse error object, never the API envelope or a 500.
 */
export const rpcRoutes: FastifyPluginAsync = async (app) => {
  const chain = app.chain;
  const handle = isEmbeddedChain(chain) ? createJsonRpcHandler(chain) : null;

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    const code = status === 500 ? JSON_RPC_ERRORS.internalError : JSON_RPC_ERRORS.invalidRequest;
    return reply.status(status === 500 ? 200 : status).type('application/json').send(stringifyJsonRpc(errorResponse(code, status === 500 ? 'Internal error' : error.message)));
  });

  app.post(RPC_PATH, { schema: { hide: true } }, async (request, reply) => {
    reply.type('application/json');
    if (!handle) {
      return stringifyJsonRpc(errorResponse(JSON_RPC_ERRORS.methodNotFound, 'The local JSON-RPC endpoint is served only by the embedded chain; this server uses SOLANA_RPC_URL'));
    }
    let body: unknown;
    try {
      body = JSON.parse(typeof request.body === 'string' ? request.body : '');
    } catch {
      return stringifyJsonRpc(errorResponse(JSON_RPC_ERRORS.parseError, 'Parse error'));
    }
    const response = await handle(body);
    if (response === null) return reply.status(204).send();
    return stringifyJsonRpc(response);
  });
};
