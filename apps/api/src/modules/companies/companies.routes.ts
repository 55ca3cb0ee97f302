import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiEnvelope,
  companyCreatedSchema,
  companyIdParams,
  companyListQuery,
  companyListSchema,
  companyProfileSchema,
  companyTexts,
  createCompanyRequest,
  updateCompanyRequest,
} from '@carbonledger/contracts';
import { ok } from '../../lib/envelope';
import { actorOf } from '../../plugins/auth';
import { updateCompany } from './companies.commands';
import { companiesDepsOf } from './companies.deps';
import { onboardCompany } from './companies.onboarding';
import { companyProfile, listCompanies } from './companies.queries';

const tags = ['companies'];

/** Companies: the list (own company, or the tenant's for platform administrators), onboarding, profile and edits (the KYC/AML status follows the KYC reviews, modules/kyc). */
export const companiesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = companiesDepsOf(app);

  app.get(
    '/companies',
    {
      onRequest: app.requirePermission('company:read'),
      schema: {
        tags,
        summary: "The caller's company; platform administrators: every company of the tenant (search by name, legal name or tax ID)",
        querystring: companyListQuery,
        response: { 200: apiEnvelope(companyListSchema) },
      },
    },
    async (request) => ok(request, await request.withTenant((tx) => listCompanies(tx, actorOf(request), request.query))),
  );

  app.post(
    '/companies',
    {
      onRequest: app.requireRouteRoles('/companies/new'),
      schema: {
        tags,
        summary: 'Onboard a customer company and invite its first administrator (ADMIN, SUPER_ADMIN; audited)',
        body: createCompanyRequest,
        response: { 201: apiEnvelope(companyCreatedSchema) },
      },
    },
    async (request, reply) => reply.code(201).send(ok(request, await onboardCompany(deps, actorOf(request), request.body), companyTexts.created)),
  );

  app.get(
    '/companies/:id',
    {
      onRequest: app.requirePermission('company:read'),
      schema: {
        tags,
        summary: "A company's profile and members (another company than the caller's: administrators only, else 403)",
        params: companyIdParams,
        response: { 200: apiEnvelope(companyProfileSchema) },
      },
    },
    async (request) => ok(request, await request.withTenant((tx) => companyProfile(tx, actorOf(request), request.params.id))),
  );

  app.patch(
    '/companies/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Edit a company (administrators: any; COMPANY_ADMIN: its own, tax ID excepted; audited)',
        params: companyIdParams,
        body: updateCompanyRequest,
        response: { 200: apiEnvelope(companyProfileSchema) },
      },
    },
    async (request) => ok(request, await updateCompany(deps, actorOf(request), request.params.id, request.body), companyTexts.updated),
  );
};
