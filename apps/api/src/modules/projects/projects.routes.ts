import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
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
import { companyScopeOf } from '../../lib/actor';
import { ok } from '../../lib/envelope';
import { actorOf } from '../../plugins/auth';
import * as projects from './projects.service';

/**
 * Carbon projects of the registry (app.registryFor) and the VCUs imported from it. Imported
 * VCU blocks belong to a company: its members see those, platform administrators every company's.
 */
export const projectsRoutes: FastifyPluginAsyncZod = async (app) => {
  const registryFor = app.registryFor;
  const readProjects = app.requirePermission('projects:read');

  app.get(
    '/projects',
    {
      onRequest: readProjects,
      schema: {
        tags: ['projects'],
        summary: 'Search carbon projects by name, registry id or location, filtered by type',
        querystring: projectListQuery,
        response: { 200: apiEnvelope(projectPageSchema) },
      },
    },
    async (request) =>
      ok(request, await request.withTenant((tx) => projects.searchProjectsCached(app.cache, actorOf(request).tenantId, registryFor(tx), request.query))),
  );

  app.get(
    '/projects/stats',
    {
      onRequest: readProjects,
      schema: {
        tags: ['projects'],
        summary: 'Project count and credits (total, available, retired), overall and by type',
        response: { 200: apiEnvelope(projectStatsSchema) },
      },
    },
    async (request) => ok(request, await request.withTenant((tx) => projects.projectStatsCached(app.cache, actorOf(request).tenantId, registryFor(tx)))),
  );

  app.get(
    '/projects/:id',
    {
      onRequest: readProjects,
      schema: {
        tags: ['projects'],
        summary: 'A carbon project with its VCU blocks in the registry',
        params: projectIdParams,
        response: { 200: apiEnvelope(carbonProjectDetailSchema) },
      },
    },
    async (request) => ok(request, await request.withTenant((tx) => projects.projectDetail(registryFor(tx), request.params.id))),
  );

  app.get(
    '/projects/:id/vcus',
    {
      onRequest: readProjects,
      schema: {
        tags: ['projects'],
        summary: "The project's VCUs: this company's imported blocks and the registry's free ones",
        params: projectIdParams,
        response: { 200: apiEnvelope(z.array(vcuSchema)) },
      },
    },
    async (request) =>
      ok(request, await request.withTenant((tx) => projects.projectVcus(tx, registryFor(tx), request.params.id, companyScopeOf(actorOf(request))))),
  );

  app.get(
    '/vcus',
    {
      onRequest: readProjects,
      schema: {
        tags: ['projects'],
        summary: "This company's imported VCUs across projects, optionally of one status or project",
        querystring: vcuListQuery,
        response: { 200: apiEnvelope(z.array(vcuSchema)) },
      },
    },
    async (request) =>
      ok(request, await request.withTenant((tx) => projects.importedVcus(tx, registryFor(tx), request.query, companyScopeOf(actorOf(request))))),
  );

  app.post(
    '/vcus/import',
    {
      onRequest: app.requirePermission('tokens:mint'),
      schema: {
        tags: ['projects'],
        summary: 'Import a VCU block by serial: validated, locked in the registry and recorded; 409 when the range is already held',
        body: importVcuRequest,
        response: { 201: apiEnvelope(vcuSchema) },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const vcu = await request.withTenant((tx) => projects.importVcu(tx, registryFor(tx), actor, request.body.serialNumber));
      // After the commit: the tenant's catalogue figures changed.
      await app.cache.deleteMatching(projects.projectsCacheKeys.tenant(actor.tenantId)).catch(() => undefined);
      return reply.status(201).send(ok(request, vcu, registryTexts.imported));
    },
  );
};
