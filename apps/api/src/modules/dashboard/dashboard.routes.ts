import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiEnvelope, dashboardSummarySchema } from '@carbonledger/contracts';
import { ok } from '../../lib/envelope';
import { actorOf } from '../../plugins/auth';
import { dashboardSummary } from './dashboard.service';

/** Registered under API_BASE_PATH. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboard/summary',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['dashboard'],
        summary: 'Pending actions and recent activity for the signed-in user',
        response: { 200: apiEnvelope(dashboardSummarySchema) },
      },
    },
    async (request) => ok(request, await request.withTenant((tx) => dashboardSummary(tx, actorOf(request)))),
  );
};
