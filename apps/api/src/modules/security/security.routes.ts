import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_BASE_PATH, apiEnvelope, idParams, securityAlertSchema, securityAlertsQuery } from '@carbonledger/contracts';
import { ok } from '../../lib/envelope';
import { authOf, originOf } from '../../plugins/auth';
import * as security from './security.service';

export const securityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${API_BASE_PATH}/security/alerts`,
    { onRequest: app.requireRouteRoles('/security-center'), schema: { tags: ['security'], summary: 'Security alerts of the tenant, newest first', querystring: securityAlertsQuery, response: { 200: apiEnvelope(z.array(securityAlertSchema)) } } },
    async (request) => ok(request, await request.withTenant((tx) => security.listAlerts(tx, request.query, security.companyScopeOf(authOf(request))))),
  );

  app.put(
    `${API_BASE_PATH}/security/alerts/:id/resolve`,
    { onRequest: app.requireRouteRoles('/security-center'), schema: { tags: ['security'], summary: 'Mark an alert resolved', params: idParams, response: { 200: apiEnvelope(securityAlertSchema) } } },
    async (request) => {
      const auth = authOf(request);
      return ok(request, await request.withTenant((tx) => security.resolveAlert(tx, originOf(request), auth, request.params.id)), 'Alert resolved');
    },
  );
};
