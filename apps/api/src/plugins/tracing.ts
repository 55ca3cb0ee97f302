import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type { RequestSpan, Tracing } from '../lib/tracing';

/**
 * A span per HTTP request (lib/tracing.ts), in the trace named by the envelope's traceId: so
 * registered after the request context, which sets it. The hook takes `done` so that the rest of
 * the request (hooks, body, handler) runs inside `activate` and its queries become the span's children.
 */
export const tracingPlugin = fp<{ tracing: Tracing }>(async (app, { tracing }) => {
  const spans = new WeakMap<FastifyRequest, RequestSpan>();
  app.addHook('onRequest', (request, _reply, done) => {
    const span = tracing.startRequest({
      method: request.method,
      path: request.url.split('?')[0] ?? request.url,
      route: request.routeOptions.url,
      headers: request.headers,
      traceId: request.traceId,
      requestId: request.id,
      clientAddress: request.ip,
    });
    spans.set(request, span);
    span.activate(done);
  });
  app.addHook('onResponse', (request, reply, done) => {
    spans.get(request)?.end(reply.statusCode);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    spans.get(request)?.end();
    done();
  });
});
