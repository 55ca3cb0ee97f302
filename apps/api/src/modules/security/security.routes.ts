import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiEnvelope, idParams, securityAlertSchema, securityAlertsQuery } from '@carbonledger/contracts';
import { companyScopeOf } from '../../lib/actor';
import { ok } from '../../lib/envelope';
import { authOf, originOf } from '../../plugins/auth';
import * as security from './security.service';

/** Registered under API_BASE_PATH. */
export const securityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/security/alerts',
    {
      onRequest: app.requireRouteRoles('/security-center'),
      schema: {
        tags: ['security'],
        summary: 'Security alerts of the tenant, newest first',
        querystring: securityAlertsQuery,
        response: { 200: apiEnvelope(z.array(securityAlertSchema)) },
      },
    },
    async (request) => ok(request, await request.withTenant((tx) => security.listAlerts(tx, request.query, companyScopeOf(authOf(request))))),
  );

  app.put(
    '/security/alerts/:id/resolve',
    {
      onRequest: app.requireRouteRoles('/security-center'),
      schema: { tags: ['security'], summary: 'Mark an alert resolved', params: idParams, response: { 200: apiEnvelope(securityAlertSchema) } },
    },
    async (request) => {
      const auth = authOf(request);
      return ok(request, await request.withTenant((tx) => security.resolveAlert(tx, originOf(request), auth, request.params.id)), 'Alert resolved');
    },
  );
};
