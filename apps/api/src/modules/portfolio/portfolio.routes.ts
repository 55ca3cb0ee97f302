import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_BASE_PATH, apiEnvelope, portfolioSchema } from '@carbonledger/contracts';
import { ok } from '../../lib/envelope';
import { authOf } from '../../plugins/auth';
import { companyPortfolio } from './portfolio.service';

export const portfolioRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${API_BASE_PATH}/portfolio`,
    {
      onRequest: app.requirePermission('tokens:read'),
      schema: { tags: ['portfolio'], summary: "The company's token holdings per token and project, read from the chain, with value", response: { 200: apiEnvelope(portfolioSchema) } },
    },
    async (request) => {
      const auth = authOf(request);
      return ok(request, await companyPortfolio(app.db, app.chain, auth.tenantId, auth.companyId));
    },
  );
};
