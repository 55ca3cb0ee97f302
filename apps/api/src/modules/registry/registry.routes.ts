import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FILE_FIELD,
  REGISTRY_CSV_MAX_BYTES,
  apiEnvelope,
  registryCompanyQuery,
  registryImportIdParams,
  registryImportSchema,
  registryImportSummarySchema,
  registryIntegrationTexts,
  registryLookupQuery,
  registryLookupSchema,
  registryOverviewSchema,
  registrySyncRunSchema,
} from '@carbonledger/contracts';
import { ok } from '../../lib/envelope';
import { actorOf } from '../../plugins/auth';
import { readCsvUpload } from './registry-upload';
import { importRegistryCsv, recentRegistryImports, registryImport, type RegistryIntegrationDeps } from './registry-import.service';
import { lookupSerial, registryOverview, registrySync, startRegistrySync, type RegistrySyncDeps } from './registry-sync.service';
import { enqueueRegistrySync, registerRegistryJobs } from './registry.jobs';

const tags = ['registry'];
const ROUTE = '/registry';
/** Uploads per client IP and minute, as for the other uploads (docs/product.md §9). */
const UPLOAD_RATE_LIMIT = { max: 30, timeWindow: 60_000 } as const;

/** docs/product.md §2 /registry: the configured registries, sync, serial lookup and the Verra CSV import. */
export const registryRoutes: FastifyPluginAsyncZod = async (app) => {
  // Registered here so only these routes parse multipart bodies.
  await app.register(multipart, { limits: { fileSize: REGISTRY_CSV_MAX_BYTES, files: 1, fields: 5 } });
  const syncDeps: RegistrySyncDeps = {
    db: app.db,
    registry: app.registryFor,
    config: app.config,
    live: app.live,
    enqueue: (job) => enqueueRegistrySync(app, job),
  };
  const importDeps: RegistryIntegrationDeps = { db: app.db, registry: app.registryFor };
  await registerRegistryJobs(app, syncDeps);
  const officers = app.requireRouteRoles(ROUTE);

  app.get(
    '/registry',
    {
      onRequest: officers,
      schema: {
        tags,
        summary: 'The configured registries (sandbox, Verra-format API): which is in use, connection status, last sync; and the holdings by state',
        response: { 200: apiEnvelope(registryOverviewSchema) },
      },
    },
    async (request) => ok(request, await registryOverview(syncDeps, actorOf(request))),
  );

  app.get(
    '/registry/lookup',
    {
      onRequest: officers,
      schema: {
        tags,
        summary: "A serial number: the registry's blocks and this tenant's holdings that overlap its range (another company's without id or mint)",
        querystring: registryLookupQuery,
        response: { 200: apiEnvelope(registryLookupSchema) },
      },
    },
    async (request) => ok(request, await lookupSerial(syncDeps, actorOf(request), request.query.serialNumber)),
  );

  app.post(
    '/registry/imports',
    {
      onRequest: officers,
      config: { rateLimit: UPLOAD_RATE_LIMIT },
      schema: {
        tags,
        summary: `Import a Verra registry CSV export (multipart field "${FILE_FIELD}", UTF-8, at most 2 MB): each line a VCU block of the company's holdings, retired lines recorded as retired, invalid lines reported by number; importing the same file again changes nothing`,
        consumes: ['multipart/form-data'],
        querystring: registryCompanyQuery,
        response: { 201: apiEnvelope(registryImportSchema) },
      },
    },
    async (request, reply) => {
      const upload = await readCsvUpload(request);
      return reply
        .status(201)
        .send(ok(request, await importRegistryCsv(importDeps, actorOf(request), request.query, upload), registryIntegrationTexts.csvImported));
    },
  );

  app.get(
    '/registry/imports',
    {
      onRequest: officers,
      schema: {
        tags,
        summary: 'The latest registry CSV imports of the company (administrators: of every company, or the one named)',
        querystring: registryCompanyQuery,
        response: { 200: apiEnvelope(z.array(registryImportSummarySchema)) },
      },
    },
    async (request) => ok(request, await recentRegistryImports(importDeps, actorOf(request), request.query)),
  );

  app.get(
    '/registry/imports/:id',
    {
      onRequest: officers,
      schema: {
        tags,
        summary: 'One registry CSV import with its line-by-line report',
        params: registryImportIdParams,
        response: { 200: apiEnvelope(registryImportSchema) },
      },
    },
    async (request) => ok(request, await registryImport(importDeps, actorOf(request), request.params.id)),
  );

  app.post(
    '/registry/sync',
    {
      onRequest: officers,
      schema: {
        tags,
        summary:
          'Check the holdings against the registry in use, in a job with live progress (registry_sync_update). 202 when started, 200 with the run already running',
        querystring: registryCompanyQuery,
        response: { 200: apiEnvelope(registrySyncRunSchema), 202: apiEnvelope(registrySyncRunSchema) },
      },
    },
    async (request, reply) => {
      const { run, started } = await startRegistrySync(syncDeps, actorOf(request), request.query);
      return reply.status(started ? 202 : 200).send(ok(request, run, registryIntegrationTexts.syncStarted));
    },
  );

  app.get(
    '/registry/sync/:id',
    {
      onRequest: officers,
      schema: { tags, summary: 'A registry sync run and its progress', params: registryImportIdParams, response: { 200: apiEnvelope(registrySyncRunSchema) } },
    },
    async (request) => ok(request, await registrySync(syncDeps, actorOf(request), request.params.id)),
  );
};
