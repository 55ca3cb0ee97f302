import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiEnvelope, createTenantRequest, tenantCreatedSchema, tenantSettingsSchema, tenantTexts, updateTenantBrandingRequest } from '@carbonledger/contracts';
import { ok } from '../../lib/envelope';
import { actorOf } from '../../plugins/auth';
import { updateBranding, tenantSettings } from './tenants.branding';
import { createTenant } from './tenants.creation';
import { tenantsDepsOf } from './tenants.deps';

const tags = ['tenants'];

/** Tenant creation (platform level) and the caller's tenant's theme and branding. */
export const tenantsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = tenantsDepsOf(app);

  app.post(
    '/tenants',
    {
      onRequest: app.requireRoles(['SUPER_ADMIN']),
      schema: {
        tags,
        summary: "Create a tenant with its first company and invite that company's first administrator (SUPER_ADMIN of the platform company; audited)",
        body: createTenantRequest,
        response: { 201: apiEnvelope(tenantCreatedSchema) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(ok(request, await createTenant(deps, { kind: 'user', actor: actorOf(request) }, request.body), tenantTexts.created)),
  );

  app.get(
    '/tenant',
    {
      onRequest: app.authenticate,
      schema: { tags, summary: "The caller's tenant: name, theme and branding", response: { 200: apiEnvelope(tenantSettingsSchema) } },
    },
    async (request) => ok(request, await request.withTenant((tx) => tenantSettings(tx, actorOf(request)))),
  );

  app.put(
    '/tenant/branding',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Set the tenant's theme, colours, fonts and logo (ADMIN, SUPER_ADMIN; audited)",
        body: updateTenantBrandingRequest,
        response: { 200: apiEnvelope(tenantSettingsSchema) },
      },
    },
    async (request) => ok(request, await updateBranding(deps, actorOf(request), request.body), tenantTexts.brandingUpdated),
  );
};
