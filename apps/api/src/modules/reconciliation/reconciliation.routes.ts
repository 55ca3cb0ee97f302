import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiEnvelope, discrepancyListQuery, discrepancyListSchema } from '@carbonledger/contracts';
import { ok } from '../../lib/envelope';
import { actorOf } from '../../plugins/auth';
import { registerReconciliation } from './reconciliation.jobs';
import { listDiscrepancies } from './reconciliation.service';

/** Ledger vs chain reconciliation: the passes (at start and scheduled) and the discrepancies they recorded, read-only. Registered under API_BASE_PATH. */
export const reconciliationRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerReconciliation(app, { db: app.db, chain: app.chain, log: app.log });

  app.get(
    '/reconciliation/discrepancies',
    {
      onRequest: app.requireRouteRoles('/reconciliation'),
      schema: {
        tags: ['reconciliation'],
        summary: 'Differences between the ledger and the chain found by the reconciliation passes, newest first (open ones by default)',
        querystring: discrepancyListQuery,
        response: { 200: apiEnvelope(discrepancyListSchema) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      return ok(request, await request.withTenant((tx) => listDiscrepancies(tx, actor, request.query)));
    },
  );
};
