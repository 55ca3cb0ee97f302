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

/** W3C Trace Context: version-traceid-parentid-flags; version ff and an all-zero trace id are invalid. */
const TRACEPARENT = /^(?!ff)[0-9a-f]{2}-(?!0{32})([0-9a-f]{32})-[0-9a-f]{16}-[0-9a-f]{2}/;
/** Invalid for W3C too: a span exported with it could make a collector refuse the whole batch. */
const ZERO_TRACE_ID = '0'.repeat(TRACE_ID_BYTES * 2);

/**
 * docs/product.md §9: a trace id is 16 random bytes in hex. A caller that traces with
 * OpenTelemetry names its trace in `traceparent` instead; with tracing on (lib/tracing.ts) the
 * request's span then joins that trace, so the envelope names the trace the caller knows.
 */
function traceIdFor(raw: IncomingMessage): string {
  const given = headerValue(raw, HEADERS.traceId)?.toLowerCase();
  if (given && TRACE_ID_PATTERN.test(given) && given !== ZERO_TRACE_ID) return given;
  return TRACEPARENT.exec(headerValue(raw, 'traceparent') ?? '')?.[1] ?? randomBytes(TRACE_ID_BYTES).toString('hex');
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
