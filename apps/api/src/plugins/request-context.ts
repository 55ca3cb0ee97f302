import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';
import { HEADERS, REQUEST_ID_PATTERN, TRACE_ID_BYTES, TRACE_ID_PATTERN } from '@carbonledger/contracts';

declare module 'fastify' {
  interface FastifyRequest {
    traceId: string;
  }
}

function headerValue(raw: IncomingMessage, name: string): string | undefined {
  const value = raw.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Request ids come from the client when well-formed, otherwise the server makes one. */
export function requestIdFor(raw: IncomingMessage): string {
  const given = headerValue(raw, HEADERS.requestId);
  return given && REQUEST_ID_PATTERN.test(given) ? given : randomUUID();
}

/** docs/product.md §9: a trace id is 16 random bytes in hex. */
function traceIdFor(raw: IncomingMessage): string {
  const given = headerValue(raw, HEADERS.traceId)?.toLowerCase();
  return given && TRACE_ID_PATTERN.test(given) ? given : randomBytes(TRACE_ID_BYTES).toString('hex');
}

export const requestContextPlugin = fp(async (app) => {
  app.decorateRequest('traceId', '');
  app.addHook('onRequest', async (request, reply) => {
    request.traceId = traceIdFor(request.raw);
    request.log = request.log.child({ traceId: request.traceId });
    reply.header(HEADERS.requestId, request.id);
    reply.header(HEADERS.traceId, request.traceId);
  });
});
