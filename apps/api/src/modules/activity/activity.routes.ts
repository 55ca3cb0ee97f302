import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activityExportQuery, activityFacetsSchema, activityListQuery, activityListSchema, apiEnvelope } from '@carbonledger/contracts';
import { sendCsvDownload } from '../../lib/csv';
import { ok } from '../../lib/envelope';
import { actorOf } from '../../plugins/auth';
import { activityCsv, activityFacets, listActivity } from './activity.service';

/** docs/product.md §2 /team/activity (ADMIN, SUPER_ADMIN, MANAGER). Registered under API_BASE_PATH. */
export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = app.requireRouteRoles('/team/activity');

  app.get(
    '/team/activity',
    {
      onRequest: guard,
      schema: {
        tags: ['team'],
        summary: 'Who did what, when and from where: the audit trail of the reader’s scope, newest first',
        querystring: activityListQuery,
        response: { 200: apiEnvelope(activityListSchema) },
      },
    },
    async (request) => ok(request, await listActivity(app.db, actorOf(request), request.query)),
  );

  app.get(
    '/team/activity/facets',
    {
      onRequest: guard,
      schema: {
        tags: ['team'],
        summary: 'The people, action types and resource types the activity filters offer',
        response: { 200: apiEnvelope(activityFacetsSchema) },
      },
    },
    async (request) => ok(request, await activityFacets(app.db, actorOf(request))),
  );

  app.get(
    '/team/activity/export',
    {
      onRequest: guard,
      schema: {
        tags: ['team'],
        summary: 'The filtered activity as CSV in the given language (streamed, newest first)',
        querystring: activityExportQuery,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const { lang, ...filters } = request.query;
      return sendCsvDownload(reply, 'activity', activityCsv(app.db, actorOf(request), filters, lang));
    },
  );
};
