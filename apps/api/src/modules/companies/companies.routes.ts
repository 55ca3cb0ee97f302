import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiEnvelope, companyIdParams, companyListSchema, companySummarySchema, retirementTexts, updateKycStatusRequest } from '@carbonledger/contracts';
import { ok } from '../../lib/envelope';
import { actorOf } from '../../plugins/auth';
import * as companies from './companies.service';

/** The companies a user may act for, and the administrators' KYC status switch. */
export const companiesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/companies',
    { onRequest: app.requirePermission('company:read'), schema: { tags: ['companies'], summary: "The caller's company; platform administrators: every company of the tenant", response: { 200: apiEnvelope(companyListSchema) } } },
    async (request) => ok(request, await request.withTenant((tx) => companies.listCompanies(tx, actorOf(request)))),
  );

  app.put(
    '/companies/:id/kyc-status',
    {
      onRequest: app.authenticate,
      schema: { tags: ['companies'], summary: "Set a company's KYC/AML status (administrators; audited)", params: companyIdParams, body: updateKycStatusRequest, response: { 200: apiEnvelope(companySummarySchema) } },
    },
    async (request) => ok(request, await request.withTenant((tx) => companies.updateKycStatus(tx, actorOf(request), request.params.id, request.body.status)), retirementTexts.kycStatusUpdated),
  );
};
