import { timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import { createMetricsCollector, type MetricsCollector } from './metrics.collector';

declare module 'fastify' {
  interface FastifyInstance {
    /** The System Metrics figures (docs/product.md §2): the screen's snapshot and the Prometheus registry. */
    metrics: MetricsCollector;
  }
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function lengthOf(header: string | string[] | number | undefined): number {
  const value = Number(Array.isArray(header) ? header[0] : header);
  return Number.isFinite(value) && value > 0 ? value : 0;
}

function bearerMatches(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return false;
  const given = Buffer.from(header.slice(7));
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Measures every answer and serves the Prometheus scrape at `GET /metrics` (the server root,
 * where scrapers look): with METRICS_TOKEN as a bearer token, or from loopback only when
 * none is configured. A browser opening the /metrics screen (it asks for HTML) gets the web app.
 */
export const operationsPlugin = fp(async (app) => {
  const collector = createMetricsCollector({
    db: app.db,
    cache: app.cache,
    sockets: () => ({
      connectedSockets: app.realtime.engine?.clientsCount ?? 0,
      connectedUsers: app.hasDecorator('live') ? app.live.connectedUsers() : 0,
    }),
  });
  app.decorate('metrics', collector);
  app.addHook('onClose', async () => collector.close());

  app.addHook('onResponse', async (request, reply) => {
    collector.observeRequest({
      method: request.method,
      route: request.routeOptions.url,
      status: reply.statusCode,
      durationMs: reply.elapsedTime,
      bytesIn: lengthOf(request.headers['content-length']),
      bytesOut: lengthOf(reply.getHeader('content-length')),
    });
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const token = app.config.metricsToken;
    if (!request.headers.authorization && request.headers.accept?.includes('text/html') && app.hasDecorator('serveSpa')) return app.serveSpa(request, reply);
    if (token ? !bearerMatches(request, token) : !LOOPBACK.has(request.ip)) throw new AppError(token ? 'UNAUTHORIZED' : 'ACCESS_DENIED');
    const text = await collector.registry.metrics();
    return reply.header('content-type', collector.registry.contentType).header('cache-control', 'no-store').send(text);
  });
});
