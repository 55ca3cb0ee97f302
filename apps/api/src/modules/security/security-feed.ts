import fp from 'fastify-plugin';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { RESTRICTED_ROUTES, SERVER_EVENTS, hasAnyRole, ROLES } from '@carbonledger/contracts';
import { companyScopeOf } from '../../lib/actor';
import type { SecurityNotice } from '../../lib/request-origin';
import { activeUsersWithRoles, committedIds, companiesOfUsers, countOpenAlerts } from './security.repository';

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
 * with the new count of open alerts (docs/product.md §7 security_event, security_alert,
 * security_alerts_count_update). Never affects the request.
 */
export const securityFeedPlugin = fp(async (app) => {
  app.decorateRequest('securityNotices', null);

  app.addHook('onResponse', async (request) => {
    if (request.securityNotices) await publishSecurityNotices(app, request.securityNotices, request.log);
  });
});

function subjectOf(notice: SecurityNotice): string | null {
  return notice.kind === 'event' ? notice.event.userId : notice.userId;
}

/**
 * Pushes recorded security events and alerts — only those whose transaction committed — to
 * the sockets of their tenant's security officers, with the new count of open alerts they
 * see. Platform administrators hear about everyone; other officers only about their own
 * company's users, as GET /sessions/security-events and /security/alerts answer them. Used
 * after a request and by background work (the reconciliation job). Never throws.
 */
export async function publishSecurityNotices(app: FastifyInstance, notices: readonly SecurityNotice[], log: FastifyBaseLogger): Promise<void> {
  if (notices.length === 0 || !app.hasDecorator('live')) return;
  const byTenant = new Map<string, SecurityNotice[]>();
  for (const notice of notices) byTenant.set(notice.tenantId, [...(byTenant.get(notice.tenantId) ?? []), notice]);
  for (const [tenantId, tenantNotices] of byTenant) {
    try {
      const { published, officers, subjects, activeCounts } = await app.db.withTenant(tenantId, async (tx) => {
        const committed = await committedIds(tx, {
          events: tenantNotices.flatMap((notice) => (notice.kind === 'event' ? [notice.event.id] : [])),
          alerts: tenantNotices.flatMap((notice) => (notice.kind === 'alert' ? [notice.alert.id] : [])),
        });
        const published = tenantNotices.filter((notice) => committed.has(notice.kind === 'event' ? notice.event.id : notice.alert.id));
        const officers = await activeUsersWithRoles(tx, OFFICER_ROLES);
        const subjects = await companiesOfUsers(tx, [...new Set(published.flatMap((notice) => subjectOf(notice) ?? []))]);
        // One count per scope: the tenant's (key '') and each officer company's.
        const activeCounts = new Map<string, number>();
        if (published.some((notice) => notice.kind === 'alert')) {
          for (const scope of new Set(officers.map((officer) => companyScopeOf(officer) ?? '')))
            activeCounts.set(scope, await countOpenAlerts(tx, scope || undefined));
        }
        return { published, officers, subjects, activeCounts };
      });
      for (const officer of officers) {
        const scope = companyScopeOf(officer);
        const seen = published.filter((notice) => scope === undefined || subjects.get(subjectOf(notice) ?? '') === scope);
        for (const notice of seen) {
          if (notice.kind === 'event') app.live.emitToUser(officer.id, SERVER_EVENTS.securityEvent, notice.event);
          else app.live.emitToUser(officer.id, SERVER_EVENTS.securityAlert, notice.alert);
        }
        if (seen.some((notice) => notice.kind === 'alert'))
          app.live.emitToUser(officer.id, SERVER_EVENTS.securityAlertsCountUpdate, { activeCount: activeCounts.get(scope ?? '') ?? 0 });
      }
    } catch (error) {
      log.warn({ err: error }, 'security feed could not be published');
    }
  }
}
