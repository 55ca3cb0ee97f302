import fp from 'fastify-plugin';
import { registerAuditAnchoring } from './audit.jobs';
import { auditRoutes } from './audit.routes';

/** The audit trail's anchoring job and its verification endpoint; needs the chain plugin's context. */
export const auditPlugin = fp(async (app) => {
  await registerAuditAnchoring(app, { context: app.chainContext, intervalMinutes: app.config.auditAnchorIntervalMinutes, log: app.log });
  await app.register(auditRoutes);
});
