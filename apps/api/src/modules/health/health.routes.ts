import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiEnvelope, healthReport, livenessReport, readinessReport } from '@carbonledger/contracts';
import { ok } from '../../lib/envelope';
import { checkHealth, checkLiveness, checkReadiness } from './health.service';

/** The paths a ROLE=worker process answers too, so that an orchestrator can probe it (app.ts). */
export const HEALTH_PATHS = ['/health', '/health/live', '/health/ready'] as const;

/** Registered under API_BASE_PATH. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // From the first shutdown step on, readiness answers 503 so that the proxy sends the next requests elsewhere.
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
  });

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

  app.get(
    '/health/live',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness: the process answers',
        response: { 200: apiEnvelope(livenessReport) },
      },
    },
    async (request) => ok(request, checkLiveness(), 'Alive'),
  );

  app.get(
    '/health/ready',
    {
      schema: {
        tags: ['system'],
        summary: 'Readiness: the database, the chain and Redis (when configured) answer and the process is not shutting down',
        response: { 200: apiEnvelope(readinessReport), 503: apiEnvelope(readinessReport) },
      },
    },
    async (request, reply) => {
      const report = await checkReadiness(app, { draining });
      reply.status(report.status === 'ready' ? 200 : 503);
      return ok(request, report, report.status === 'ready' ? 'Ready for traffic' : 'Not ready for traffic');
    },
  );
};
