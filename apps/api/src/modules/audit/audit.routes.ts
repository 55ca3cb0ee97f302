import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiEnvelope,
  auditTexts,
  auditTrailExportQuery,
  auditTrailFacetsSchema,
  auditTrailListQuery,
  auditTrailListSchema,
  auditVerificationSchema,
} from '@carbonledger/contracts';
import { sendCsvDownload } from '../../lib/csv';
import { ok } from '../../lib/envelope';
import { actorOf } from '../../plugins/auth';
import { auditTrailCsv, auditTrailFacets, listAuditTrail } from './audit-trail.service';
import { verifyAuditAs } from './audit-verify.service';

/** Registered under API_BASE_PATH (audit.plugin.ts). */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit/verify',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['audit'],
        summary: "Verify the tenant's audit trail against its hash chain and its anchors on chain (ADMIN, SUPER_ADMIN)",
        response: { 200: apiEnvelope(auditVerificationSchema) },
      },
    },
    async (request) => {
      const report = await verifyAuditAs({ db: app.db, chain: app.chain }, actorOf(request));
      return ok(request, report, report.valid ? auditTexts.intact : auditTexts.tampered);
    },
  );

  // docs/product.md §2 /audit-trail: the screen is open to every signed-in user, its entries to holders of audit:read.
  const readTrail = app.requirePermission('audit:read');

  app.get(
    '/audit/trail',
    {
      onRequest: readTrail,
      schema: {
        tags: ['audit'],
        summary: "The hash-chained audit entries of the reader's scope, newest first, searchable and filtered by actor, action, entity and time",
        querystring: auditTrailListQuery,
        response: { 200: apiEnvelope(auditTrailListSchema) },
      },
    },
    async (request) => ok(request, await listAuditTrail(app.db, actorOf(request), request.query)),
  );

  app.get(
    '/audit/trail/facets',
    {
      onRequest: readTrail,
      schema: {
        tags: ['audit'],
        summary: 'The people, actions and entity types the audit trail filters offer',
        response: { 200: apiEnvelope(auditTrailFacetsSchema) },
      },
    },
    async (request) => ok(request, await auditTrailFacets(app.db, actorOf(request))),
  );

  app.get(
    '/audit/trail/export',
    {
      onRequest: readTrail,
      schema: {
        tags: ['audit'],
        summary: 'The filtered audit trail as CSV in the given language, with each entry in words and its hashes (streamed, newest first)',
        querystring: auditTrailExportQuery,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const { lang, ...filters } = request.query;
      return sendCsvDownload(reply, 'audit-trail', auditTrailCsv(app.db, actorOf(request), filters, lang));
    },
  );
};
