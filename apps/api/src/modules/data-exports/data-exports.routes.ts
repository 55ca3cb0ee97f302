import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiEnvelope, createDataExportRequest, dataExportIdParams, dataExportListSchema, dataExportSchema, dataExportTexts } from '@carbonledger/contracts';
import { ok } from '../../lib/envelope';
import { actorOf, authOf } from '../../plugins/auth';
import { complianceDepsOf } from '../compliance';
import { transactionsDepsOf } from '../transactions';
import { enqueueDataExport, registerDataExportJobs } from './data-exports.jobs';
import { deleteDataExport, downloadDataExport, getDataExport, listDataExports, requestDataExport, type DataExportDeps } from './data-exports.service';

const tags = ['data-exports'];

/** docs/product.md §3 Data export (Settings → Advanced): request, follow, download and delete one's exports. */
export const dataExportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: DataExportDeps = {
    db: app.db,
    transactions: transactionsDepsOf(app),
    compliance: complianceDepsOf(app),
    directory: path.join(app.config.dataDir, 'exports'),
    live: app.live,
    enqueue: (job) => enqueueDataExport(app, job),
  };
  await registerDataExportJobs(app, deps);

  app.get(
    '/data-exports',
    {
      onRequest: app.authenticate,
      schema: { tags, summary: "The caller's exports whose files were not deleted, newest first", response: { 200: apiEnvelope(dataExportListSchema) } },
    },
    async (request) => ok(request, { items: await listDataExports(deps, actorOf(request)) }),
  );

  app.post(
    '/data-exports',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary:
          "Export users, transactions, compliance, audit logs or all of them as JSON, CSV or XML: the company's data (a platform administrator's: the tenant's), written by a job with live progress (data_export_update); each type needs the permission of its screen",
        body: createDataExportRequest,
        response: { 202: apiEnvelope(dataExportSchema) },
      },
    },
    async (request, reply) => {
      const created = await requestDataExport(deps, actorOf(request), authOf(request).permissions, request.body);
      return reply.status(202).send(ok(request, created, dataExportTexts.queued));
    },
  );

  app.get(
    '/data-exports/:id',
    {
      onRequest: app.authenticate,
      schema: { tags, summary: 'One of the caller’s exports with its progress', params: dataExportIdParams, response: { 200: apiEnvelope(dataExportSchema) } },
    },
    async (request) => ok(request, await getDataExport(deps, actorOf(request), request.params.id)),
  );

  app.get(
    '/data-exports/:id/download',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'The finished export file (attachment), until its retention days end',
        produces: ['application/json', 'text/csv', 'application/xml'],
        params: dataExportIdParams,
      },
    },
    async (request, reply) => {
      const file = await downloadDataExport(deps, actorOf(request), authOf(request).permissions, request.params.id);
      return reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${file.export.fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  );

  app.delete(
    '/data-exports/:id',
    {
      onRequest: app.authenticate,
      schema: { tags, summary: 'Delete the export and its file', params: dataExportIdParams, response: { 200: apiEnvelope(z.null()) } },
    },
    async (request) => {
      await deleteDataExport(deps, actorOf(request), request.params.id);
      return ok(request, null, dataExportTexts.deleted);
    },
  );
};
