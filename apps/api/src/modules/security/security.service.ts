import type { SecurityAlert, SecurityEvent, SecurityEventType, Severity } from '@carbonledger/contracts';
import type { Tx } from '../../db/database';
import { companyScopeOf, type Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import type { RequestOrigin } from '../../lib/request-origin';
import { recordAudit } from '../audit';
import * as repository from './security.repository';

export interface SecurityEventInput {
  tenantId: string;
  type: SecurityEventType;
  userId?: string | null;
  userEmail?: string | null;
  actorUserId?: string | null;
  details?: Record<string, unknown>;
}

export interface AlertInput {
  tenantId: string;
  kind: string;
  title: string;
  description: string;
  severity: Severity;
  userId?: string | null;
}

/** docs/product.md: many failures raise an alert — five failed sign-ins in the tenant within ten minutes. */
export const FAILED_LOGIN_ALERT = { threshold: 5, windowMs: 10 * 60_000 } as const;

/** Stores the event for the security center and appends it to the audit trail, then applies the alert rules. */
export async function recordSecurityEvent(tx: Tx, origin: RequestOrigin, input: SecurityEventInput): Promise<void> {
  const event = await repository.insertEvent(tx, {
    tenantId: input.tenantId,
    type: input.type,
    userId: input.userId ?? null,
    userEmail: input.userEmail ?? null,
    ip: origin.ip,
    userAgent: origin.userAgent,
    details: { ...input.details, ...(origin.country ? { country: origin.country } : {}) },
  });
  origin.notices?.push({ kind: 'event', tenantId: input.tenantId, event: toEvent(event) });
  await recordAudit(tx, {
    tenantId: input.tenantId,
    actorUserId: input.actorUserId ?? input.userId ?? null,
    action: `security.${input.type}`,
    resourceType: 'user',
    resourceId: input.userId ?? null,
    details: { eventId: event.id, email: input.userEmail ?? null, ...input.details },
    ip: origin.ip,
    requestId: origin.requestId,
  });
  await applyAlertRules(tx, origin, input);
}

async function applyAlertRules(tx: Tx, origin: RequestOrigin, input: SecurityEventInput): Promise<void> {
  const who = input.userEmail ?? 'a user';
  if (input.type === 'login_failed') {
    const since = new Date(Date.now() - FAILED_LOGIN_ALERT.windowMs);
    const failures = await repository.countEventsSince(tx, 'login_failed', since);
    if (failures >= FAILED_LOGIN_ALERT.threshold && !(await repository.hasOpenAlertSince(tx, 'failed_logins', since))) {
      await raiseSecurityAlert(tx, origin, {
        tenantId: input.tenantId,
        kind: 'failed_logins',
        title: 'Multiple failed sign-in attempts',
        description: `${failures} failed sign-in attempts in the last 10 minutes (latest for ${who}).`,
        severity: 'high',
        userId: input.userId ?? null,
      });
    }
  }
  if (input.type === 'account_locked') {
    await raiseSecurityAlert(tx, origin, {
      tenantId: input.tenantId,
      kind: 'account_locked',
      title: 'Account locked',
      description: `The account of ${who} was locked after repeated failed sign-ins.`,
      severity: 'high',
      userId: input.userId ?? null,
    });
  }
  if (input.type === 'mfa_disabled') {
    await raiseSecurityAlert(tx, origin, {
      tenantId: input.tenantId,
      kind: 'mfa_disabled',
      title: 'Multi-factor authentication disabled',
      description: `${who} turned off multi-factor authentication.`,
      severity: 'medium',
      userId: input.userId ?? null,
    });
  }
}

export async function raiseSecurityAlert(tx: Tx, origin: RequestOrigin, input: AlertInput): Promise<SecurityAlert> {
  const row = await repository.insertAlert(tx, { ...input, userId: input.userId ?? null });
  await recordAudit(tx, {
    tenantId: input.tenantId,
    actorUserId: null,
    action: 'security.alert_raised',
    resourceType: 'security_alert',
    resourceId: row.id,
    details: { kind: input.kind, severity: input.severity, title: input.title },
    ip: origin.ip,
    requestId: origin.requestId,
  });
  const alert = toAlert(row);
  origin.notices?.push({ kind: 'alert', tenantId: input.tenantId, alert, userId: row.userId });
  return alert;
}

/** Open alerts of the tenant, or only those about one company's users (as /security/alerts lists them), and when the newest was raised. */
export async function openAlertsSummary(tx: Tx, companyId: string | undefined): Promise<{ count: number; newest: Date | null }> {
  return { count: await repository.countOpenAlerts(tx, companyId), newest: await repository.newestOpenAlertAt(tx, companyId) };
}

export function toAlert(row: repository.SecurityAlertRow): SecurityAlert {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    severity: row.severity,
    timestamp: row.createdAt.toISOString(),
    resolved: row.resolvedAt !== null,
  };
}

export function toEvent(row: repository.SecurityEventRow): SecurityEvent {
  return {
    id: row.id,
    type: row.type,
    userId: row.userId,
    userEmail: row.userEmail,
    ip: row.ip,
    userAgent: row.userAgent,
    details: row.details,
    timestamp: row.createdAt.toISOString(),
  };
}

export async function listAlerts(
  tx: Tx,
  query: { resolved?: 'true' | 'false'; severity?: Severity; limit: number },
  companyId: string | undefined,
): Promise<SecurityAlert[]> {
  const rows = await repository.listAlerts(tx, {
    resolved: query.resolved === undefined ? undefined : query.resolved === 'true',
    severity: query.severity,
    limit: query.limit,
    companyId,
  });
  return rows.map(toAlert);
}

export async function listEvents(
  tx: Tx,
  query: { type?: SecurityEventType; userId?: string; limit: number },
  companyId: string | undefined,
): Promise<SecurityEvent[]> {
  return (await repository.listEvents(tx, { ...query, companyId })).map(toEvent);
}

/** Resolving twice is harmless: the alert stays resolved by whoever did it first. Another company's alert is not found. */
export async function resolveAlert(tx: Tx, origin: RequestOrigin, actor: Actor, alertId: string): Promise<SecurityAlert> {
  const companyId = companyScopeOf(actor);
  const resolved = await repository.markAlertResolved(tx, alertId, actor.userId, companyId);
  if (!resolved) {
    const existing = await repository.findAlert(tx, alertId, companyId);
    if (!existing) throw AppError.notFound('Security alert');
    return toAlert(existing);
  }
  await recordAudit(tx, {
    tenantId: actor.tenantId,
    actorUserId: actor.userId,
    action: 'security.alert_resolved',
    resourceType: 'security_alert',
    resourceId: alertId,
    details: { title: resolved.title, severity: resolved.severity },
    ip: origin.ip,
    requestId: origin.requestId,
  });
  const alert = toAlert(resolved);
  origin.notices?.push({ kind: 'alert', tenantId: actor.tenantId, alert, userId: resolved.userId });
  return alert;
}
