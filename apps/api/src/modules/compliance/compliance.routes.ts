import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiEnvelope,
  complianceCompanyParams,
  complianceProfileQuery,
  complianceProfileSchema,
  complianceTexts,
  updateComplianceProfileRequest,
} from '@carbonledger/contracts';
import { ok } from '../../lib/envelope';
import { actorOf, authOf } from '../../plugins/auth';
import { complianceDepsOf } from './compliance.deps';
import { registerComplianceJobs } from './compliance.jobs';
import { complianceProfile, updateComplianceProfile, type ComplianceReader } from './compliance.profile';

const tags = ['compliance'];

function readerOf(request: FastifyRequest): ComplianceReader {
  return { actor: actorOf(request), permissions: authOf(request).permissions };
}

/** docs/product.md §2 Compliance: the company's profile and limits (any member reads, officers edit) and the KYC token-account sweep. */
export const complianceRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = complianceDepsOf(app);
  await registerComplianceJobs(app, deps);

  app.get(
    '/compliance/profile',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "The company's compliance profile: KYC tier, daily and monthly limits and volume, risk level, score, checklist, documents",
        querystring: complianceProfileQuery,
        response: { 200: apiEnvelope(complianceProfileSchema) },
      },
    },
    async (request) => ok(request, await complianceProfile(deps, readerOf(request), request.query.companyId)),
  );

  app.put(
    '/compliance/profiles/:companyId',
    {
      onRequest: [app.requireRouteRoles('/compliance'), app.requirePermission('kyc:review')],
      schema: {
        tags,
        summary: "Set a company's KYC tier and its daily and monthly tCO2e limits within the tier's platform bounds",
        params: complianceCompanyParams,
        body: updateComplianceProfileRequest,
        response: { 200: apiEnvelope(complianceProfileSchema) },
      },
    },
    async (request) => ok(request, await updateComplianceProfile(deps, readerOf(request), request.params.companyId, request.body), complianceTexts.saved),
  );
};
