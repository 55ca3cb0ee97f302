import { and, count, desc, eq, gte, inArray, isNull, isNotNull, type SQL } from 'drizzle-orm';
import type { Role } from '@carbonledger/contracts';
import type { SecurityEventType, Severity } from '@carbonledger/contracts';
import type { Tx } from '../../db/database';
import { securityAlerts, securityEvents, users } from '../../db/schema';

export type SecurityEventRow = typeof securityEvents.$inferSelect;
export type NewSecurityEvent = typeof securityEvents.$inferInsert;
export type SecurityAlertRow = typeof securityAlerts.$inferSelect;
export type NewSecurityAlert = typeof securityAlerts.$inferInsert;

/**
 * The ids of one company's users, as a subquery: what is recorded about a user belongs to the
 * user's company. Other modules (sessions, request logs, dashboard) scope their own tables
 * with it through the security face.
 */
export function usersOfCompany(tx: Tx, companyId: string) {
  return tx.select({ id: users.id }).from(users).where(eq(users.companyId, companyId));
}

export async function insertEvent(tx: Tx, event: NewSecurityEvent): Promise<SecurityEventRow> {
  const [row] = await tx.insert(securityEvents).values(event).returning();
  return row!;
}

export async function countEventsSince(tx: Tx, type: SecurityEventType, since: Date): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(securityEvents)
    .where(and(eq(securityEvents.type, type), gte(securityEvents.createdAt, since)));
  return row?.n ?? 0;
}

export async function listEvents(
  tx: Tx,
  filter: { type?: SecurityEventType; userId?: string; companyId?: string; limit: number },
): Promise<SecurityEventRow[]> {
  const conditions: SQL[] = [];
  if (filter.companyId) conditions.push(inArray(securityEvents.userId, usersOfCompany(tx, filter.companyId)));
  if (filter.type) conditions.push(eq(securityEvents.type, filter.type));
  if (filter.userId) conditions.push(eq(securityEvents.userId, filter.userId));
  return tx
    .select()
    .from(securityEvents)
    .where(and(...conditions))
    .orderBy(desc(securityEvents.createdAt))
    .limit(filter.limit);
}

export async function insertAlert(tx: Tx, alert: NewSecurityAlert): Promise<SecurityAlertRow> {
  const [row] = await tx.insert(securityAlerts).values(alert).returning();
  return row!;
}

export async function hasOpenAlertSince(tx: Tx, kind: string, since: Date): Promise<boolean> {
  const [row] = await tx
    .select({ id: securityAlerts.id })
    .from(securityAlerts)
    .where(and(eq(securityAlerts.kind, kind), isNull(securityAlerts.resolvedAt), gte(securityAlerts.createdAt, since)))
    .limit(1);
  return row !== undefined;
}

export async function listAlerts(tx: Tx, filter: { resolved?: boolean; severity?: Severity; companyId?: string; limit: number }): Promise<SecurityAlertRow[]> {
  const conditions: SQL[] = [];
  if (filter.companyId) conditions.push(inArray(securityAlerts.userId, usersOfCompany(tx, filter.companyId)));
  if (filter.resolved !== undefined) conditions.push(filter.resolved ? isNotNull(securityAlerts.resolvedAt) : isNull(securityAlerts.resolvedAt));
  if (filter.severity) conditions.push(eq(securityAlerts.severity, filter.severity));
  return tx
    .select()
    .from(securityAlerts)
    .where(and(...conditions))
    .orderBy(desc(securityAlerts.createdAt))
    .limit(filter.limit);
}

/** An alert, when it is about a user of the company (any alert of the tenant without a company). */
function alertIn(tx: Tx, id: string, companyId: string | undefined) {
  return and(eq(securityAlerts.id, id), companyId ? inArray(securityAlerts.userId, usersOfCompany(tx, companyId)) : undefined);
}

export async function markAlertResolved(tx: Tx, id: string, userId: string, companyId: string | undefined): Promise<SecurityAlertRow | undefined> {
  const [row] = await tx
    .update(securityAlerts)
    .set({ resolvedAt: new Date(), resolvedBy: userId })
    .where(and(alertIn(tx, id, companyId), isNull(securityAlerts.resolvedAt)))
    .returning();
  return row;
}

export async function findAlert(tx: Tx, id: string, companyId: string | undefined): Promise<SecurityAlertRow | undefined> {
  const [row] = await tx
    .select()
    .from(securityAlerts)
    .where(alertIn(tx, id, companyId));
  return row;
}

/** Which of these ids were committed (a rolled-back transaction leaves none behind). */
export async function committedIds(tx: Tx, ids: { events: string[]; alerts: string[] }): Promise<Set<string>> {
  const events = ids.events.length > 0 ? await tx.select({ id: securityEvents.id }).from(securityEvents).where(inArray(securityEvents.id, ids.events)) : [];
  const alerts = ids.alerts.length > 0 ? await tx.select({ id: securityAlerts.id }).from(securityAlerts).where(inArray(securityAlerts.id, ids.alerts)) : [];
  return new Set([...events, ...alerts].map((row) => row.id));
}

/** Open alerts of the tenant, or only those about one company's users. */
function openAlerts(tx: Tx, companyId: string | undefined) {
  return and(isNull(securityAlerts.resolvedAt), companyId ? inArray(securityAlerts.userId, usersOfCompany(tx, companyId)) : undefined);
}

export async function countOpenAlerts(tx: Tx, companyId?: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(securityAlerts).where(openAlerts(tx, companyId));
  return row?.n ?? 0;
}

export async function newestOpenAlertAt(tx: Tx, companyId: string | undefined): Promise<Date | null> {
  const [row] = await tx
    .select({ createdAt: securityAlerts.createdAt })
    .from(securityAlerts)
    .where(openAlerts(tx, companyId))
    .orderBy(desc(securityAlerts.createdAt))
    .limit(1);
  return row?.createdAt ?? null;
}

export async function activeUsersWithRoles(tx: Tx, roles: readonly Role[]): Promise<{ id: string; role: Role; companyId: string }[]> {
  return tx
    .select({ id: users.id, role: users.role, companyId: users.companyId })
    .from(users)
    .where(and(inArray(users.role, [...roles]), eq(users.status, 'active')));
}

/** The company of each of these users. */
export async function companiesOfUsers(tx: Tx, userIds: readonly string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await tx
    .select({ id: users.id, companyId: users.companyId })
    .from(users)
    .where(inArray(users.id, [...userIds]));
  return new Map(rows.map((row) => [row.id, row.companyId]));
}
