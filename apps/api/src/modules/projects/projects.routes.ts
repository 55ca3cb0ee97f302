import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  actsForWholeTenant,
  API_BASE_PATH,
  apiEnvelope,
  carbonProjectDetailSchema,
  importVcuRequest,
  projectIdParams,
  projectListQuery,
  projectPageSchema,
  projectStatsSchema,
  registryTexts,
  vcuListQuery,
  vcuSchema,
} from '@carbonledger/contracts';
import { ok } from '../../lib/envelope';
import { authOf } from '../../plugins/auth';
import type { RegistryProvider } from '../registry/registry.adapter';
import { sandboxRegistry } from '../registry/sandbox-registry';
import * as projects from './projects.service';

export interface ProjectsRoutesOptions {
  /** The registry behind the endpoints; the embedded sandbox registry unless another is given. */
  registry?: RegistryProvider;
}

/** Imported VCU blocks belong to a company: its members see those, platform administrators every company's. */
function companyScopeOf(request: FastifyRequest): string | undefined {
  const auth = authOf(request);
  return actsForWholeTenant(auth.role) ? undefined : auth.companyId;
}

export const projectsRoutes: FastifyPluginAsyncZod<ProjectsRoutesOptions> = async (app, options) => {
  const registryFor = options.registry ?? sandboxRegistry;
  const readProjects = app.requirePermission('projects:read');

  app.get(
    `${API_BASE_PATH}/projects`,
    {
      onRequest: readProjects,
      schema: { tags: ['projects'], summary: 'Search carbon projects by name, registry id or location, filtered by type', querystring: projectListQuery, response: { 200: apiEnvelope(projectPageSchema) } },
    },
    async (request) => ok(request, await request.withTenant((tx) => projects.searchProjects(registryFor(tx), request.query))),
  );

  app.get(
    `${API_BASE_PATH}/projects/stats`,
    { onRequest: readProjects, schema: { tags: ['projects'], summary: 'Project count and credits (total, available, retired), overall and by type', response: { 200: apiEnvelope(projectStatsSchema) } } },
    async (request) => ok(request, await request.withTenant((tx) => projects.projectStats(registryFor(tx)))),
  );

  app.get(
    `${API_BASE_PATH}/projects/:id`,
    { onRequest: readProjects, schema: { tags: ['projects'], summary: 'A carbon project with its VCU blocks in the registry', params: projectIdParams, response: { 200: apiEnvelope(carbonProjectDetailSchema) } } },
    async (request) => ok(request, await request.withTenant((tx) => projects.projectDetail(registryFor(tx), request.params.id))),
  );

  app.get(
    `${API_BASE_PATH}/projects/:id/vcus`,
    { onRequest: readProjects, schema: { tags: ['projects'], summary: "The project's VCUs: this company's imported blocks and the registry's free ones", params: projectIdParams, response: { 200: apiEnvelope(z.array(vcuSchema)) } } },
    async (request) => ok(request, await request.withTenant((tx) => projects.projectVcus(tx, registryFor(tx), request.params.id, companyScopeOf(request)))),
  );

  app.get(
    `${API_BASE_PATH}/vcus`,
    { onRequest: readProjects, schema: { tags: ['projects'], summary: "This company's imported VCUs across projects, optionally of one status or project", querystring: vcuListQuery, response: { 200: apiEnvelope(z.array(vcuSchema)) } } },
    async (request) => ok(request, await request.withTenant((tx) => projects.importedVcus(tx, registryFor(tx), request.query, companyScopeOf(request)))),
  );

  app.post(
    `${API_BASE_PATH}/vcus/import`,
    {
      onRequest: app.requirePermission('tokens:mint'),
      schema: { tags: ['projects'], summary: 'Import a VCU block by serial: validated, locked in the registry and recorded; 409 when the range is already held', body: importVcuRequest, response: { 201: apiEnvelope(vcuSchema) } },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const actor = { tenantId: auth.tenantId, companyId: auth.companyId, userId: auth.userId, requestId: request.id, ip: request.ip };
      const vcu = await request.withTenant((tx) => projects.importVcu(tx, registryFor(tx), actor, request.body.serialNumber));
      return reply.status(201).send(ok(request, vcu, registryTexts.imported));
    },
  );
};
