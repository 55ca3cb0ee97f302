import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiEnvelope, requestLogSchema, requestLogsQuery } from '@carbonledger/contracts';
import { companyScopeOf } from '../../lib/actor';
import { sendCsvDownload } from '../../lib/csv';
import { ok } from '../../lib/envelope';
import { authOf } from '../../plugins/auth';
import { findRequestLogs, requestLogsCsv } from './request-logs.service';

/** Registered under API_BASE_PATH. */
export const requestLogsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/security/request-logs',
    {
      onRequest: app.requireRouteRoles('/security/logs'),
      schema: {
        tags: ['security'],
        summary: 'Request logs of the tenant, newest first; format=csv exports the same filtered rows',
        querystring: requestLogsQuery,
        response: { 200: apiEnvelope(z.array(requestLogSchema)).or(z.string()) },
      },
    },
    async (request, reply) => {
      const logs = await request.withTenant((tx) => findRequestLogs(tx, request.query, companyScopeOf(authOf(request))));
      if (request.query.format === 'csv') {
        return sendCsvDownload(reply, 'request-logs', requestLogsCsv(logs));
      }
      return ok(request, logs);
    },
  );
};
