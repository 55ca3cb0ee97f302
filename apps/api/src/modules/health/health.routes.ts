import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiEnvelope, healthReport } from '@carbonledger/contracts';
import { ok } from '../../lib/envelope';
import { checkHealth } from './health.service';

/**
 * Registered under API_BASE_PATH. A worker answers only this path (the onRequest hook in app.ts
 * compares the URL with API_BASE_PATH/health), so an orchestrator can probe it.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Status of the database, chain, job queue and realtime server',
        response: { 200: apiEnvelope(healthReport), 503: apiEnvelope(healthReport) },
      },
    },
    async (request, reply) => {
      const report = await checkHealth(app);
      reply.status(report.status === 'ok' ? 200 : 503);
      return ok(request, report, report.status === 'ok' ? 'All systems operational' : 'Some systems are down');
    },
  );
};
