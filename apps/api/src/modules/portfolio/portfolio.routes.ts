import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiEnvelope, portfolioQuery, portfolioSchema } from '@carbonledger/contracts';
import { actsTenantWide } from '../../lib/actor';
import { ok } from '../../lib/envelope';
import { actorOf } from '../../plugins/auth';
import { companyPortfolio } from './portfolio.service';

export const portfolioRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, chain: app.chain, explorer: app.explorer, registry: app.registryFor };
  app.get(
    '/portfolio',
    {
      onRequest: app.requirePermission('tokens:read'),
      schema: {
        tags: ['portfolio'],
        summary: "The company's token holdings per token and project, read from the chain, with value",
        querystring: portfolioQuery,
        response: { 200: apiEnvelope(portfolioSchema) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      // Platform administrators may look at any company of the tenant; everyone else sees their own.
      const companyId = actsTenantWide(actor) && request.query.companyId ? request.query.companyId : actor.companyId;
      return ok(request, await companyPortfolio(deps, actor.tenantId, companyId));
    },
  );
};
