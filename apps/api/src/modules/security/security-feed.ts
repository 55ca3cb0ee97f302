import fp from 'fastify-plugin';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { RESTRICTED_ROUTES, SERVER_EVENTS, hasAnyRole, ROLES } from '@carbonledger/contracts';
import type { SecurityNotice } from './security.service';
import { activeUsersWithRoles, committedIds, countOpenAlerts } from './security.repository';

declare module 'fastify' {
  interface FastifyRequest {
    /** Security events and alerts this request recorded (filled through originOf). */
    securityNotices: SecurityNotice[] | null;
  }
}

/** Roles that may open the security center receive its live feed. */
const OFFICER_ROLES = ROLES.filter((role) => hasAnyRole(role, RESTRICTED_ROUTES['/security-center']));

/**
 * After a request has answered, pushes the security events and alerts it recorded — only
 * those whose transaction committed — to the sockets of the tenant's security officers,
 * with the new count of open alerts (SPEC §7 security_event, security_alert,
 * security_alerts_count_update). Never affects the request.
 */
export const securityFeedPlugin = fp(async (app) => {
  app.decorateRequest('securityNotices', null);

  app.addHook('onResponse', async (request) => {
    if (request.securityNotices) await publishSecurityNotices(app, request.securityNotices, request.log);
  });
});

/**
 * Pushes recorded security events and alerts — only those whose transaction committed — to
 * the sockets of their tenant's security officers, with the new count of open alerts. Used
 * after a request and by background work (the reconciliation job). Never throws.
 */
export async function publishSecurityNotices(app: FastifyInstance, notices: readonly SecurityNotice[], log: FastifyBaseLogger): Promise<void> {
  if (notices.length === 0 || !app.hasDecorator('live')) return;
  const byTenant = new Map<string, SecurityNotice[]>();
  for (const notice of notices) byTenant.set(notice.tenantId, [...(byTenant.get(notice.tenantId) ?? []), notice]);
  for (const [tenantId, tenantNotices] of byTenant) {
    try {
      const { committed, officers, activeCount } = await app.db.withTenant(tenantId, async (tx) => ({
        committed: await committedIds(tx, {
          events: tenantNotices.flatMap((notice) => (notice.kind === 'event' ? [notice.event.id] : [])),
          alerts: tenantNotices.flatMap((notice) => (notice.kind === 'alert' ? [notice.alert.id] : [])),
        }),
        officers: await activeUsersWithRoles(tx, OFFICER_ROLES),
        activeCount: await countOpenAlerts(tx),
      }));
      const published = tenantNotices.filter((notice) => committed.has(notice.kind === 'event' ? notice.event.id : notice.alert.id));
      if (published.length === 0) continue;
      for (const userId of officers) {
        for (const notice of published) {
          if (notice.kind === 'event') app.live.emitToUser(userId, SERVER_EVENTS.securityEvent, notice.event);
          else app.live.emitToUser(userId, SERVER_EVENTS.securityAlert, notice.alert);
        }
        if (published.some((notice) => notice.kind === 'alert')) app.live.emitToUser(userId, SERVER_EVENTS.securityAlertsCountUpdate, { activeCount });
      }
    } catch (error) {
      log.warn({ err: error }, 'security feed could not be published');
    }
  }
}
