import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actsForWholeTenant, API_BASE_PATH, apiEnvelope, portfolioQuery, portfolioSchema } from '@carbonledger/contracts';
import { ok } from '../../lib/envelope';
import { explorerTargetOf } from '../../lib/explorer';
import { authOf } from '../../plugins/auth';
import { companyPortfolio } from './portfolio.service';

export const portfolioRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, chain: app.chain, explorer: explorerTargetOf(app.config), registry: app.registryFor };
  app.get(
    `${API_BASE_PATH}/portfolio`,
    {
      onRequest: app.requirePermission('tokens:read'),
      schema: { tags: ['portfolio'], summary: "The company's token holdings per token and project, read from the chain, with value", querystring: portfolioQuery, response: { 200: apiEnvelope(portfolioSchema) } },
    },
    async (request) => {
      const auth = authOf(request);
      const companyId = actsForWholeTenant(auth.role) && request.query.companyId ? request.query.companyId : auth.companyId;
      return ok(request, await companyPortfolio(deps, auth.tenantId, companyId));
    },
  );
};
