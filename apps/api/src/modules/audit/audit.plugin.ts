import fp from 'fastify-plugin';
import { API_BASE_PATH } from '@carbonledger/contracts';
import { registerAuditAnchoring } from './audit.jobs';
import { auditRoutes } from './audit.routes';

/**
 * The audit trail's anchoring job and its verification endpoint; needs the chain plugin's
 * context. fastify-plugin ignores a prefix given to this plugin, so its routes take it here.
 */
export const auditPlugin = fp(async (app) => {
  await registerAuditAnchoring(app, { context: app.chainContext, intervalMinutes: app.config.auditAnchorIntervalMinutes, log: app.log });
  await app.register(auditRoutes, { prefix: API_BASE_PATH });
});
