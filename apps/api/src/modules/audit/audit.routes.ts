import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiEnvelope, auditTexts, auditVerificationSchema } from '@carbonledger/contracts';
import { ok } from '../../lib/envelope';
import { actorOf } from '../../plugins/auth';
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
};
