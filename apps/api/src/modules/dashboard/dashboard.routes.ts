import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_BASE_PATH, apiEnvelope, dashboardSummarySchema } from '@carbonledger/contracts';
import { ok } from '../../lib/envelope';
import { authOf } from '../../plugins/auth';
import { dashboardSummary } from './dashboard.service';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${API_BASE_PATH}/dashboard/summary`,
    { onRequest: app.authenticate, schema: { tags: ['dashboard'], summary: 'Pending actions and recent activity for the signed-in user', response: { 200: apiEnvelope(dashboardSummarySchema) } } },
    async (request) => {
      const { userId, companyId, role } = authOf(request);
      return ok(request, await request.withTenant((tx) => dashboardSummary(tx, { userId, companyId, role })));
    },
  );
};
