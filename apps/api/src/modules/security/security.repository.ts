import { and, count, desc, eq, gte, inArray, isNull, isNotNull, type SQL } from 'drizzle-orm';
import type { Role } from '@carbonledger/contracts';
import type { SecurityEventType, Severity } from '@carbonledger/contracts';
import type { Tx } from '../../db/database';
import { securityAlerts, securityEvents, users } from '../../db/schema';

export type SecurityEventRow = typeof securityEvents.$inferSelect;
export type NewSecurityEvent = typeof securityEvents.$inferInsert;
export type SecurityAlertRow = typeof securityAlerts.$inferSelect;
export type NewSecurityAlert = typeof securityAlerts.$inferInsert;

export async function insertEvent(tx: Tx, event: NewSecurityEvent): Promise<SecurityEventRow> {
  const [row] = await tx.insert(securityEvents).values(event).returning();
  return row!;
}

export async function countEventsSince(tx: Tx, type: SecurityEventType, since: Date): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(securityEvents).where(and(eq(securityEvents.type, type), gte(securityEvents.createdAt, since)));
  return row?.n ?? 0;
}

export async function listEvents(tx: Tx, filter: { type?: SecurityEventType; userId?: string; limit: number }): Promise<SecurityEventRow[]> {
  const conditions: SQL[] = [];
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

export async function listAlerts(tx: Tx, filter: { resolved?: boolean; severity?: Severity; limit: number }): Promise<SecurityAlertRow[]> {
  const conditions: SQL[] = [];
  if (filter.resolved !== undefined) conditions.push(filter.resolved ? isNotNull(securityAlerts.resolvedAt) : isNull(securityAlerts.resolvedAt));
  if (filter.severity) conditions.push(eq(securityAlerts.severity, filter.severity));
  return tx
    .select()
    .from(securityAlerts)
    .where(and(...conditions))
    .orderBy(desc(securityAlerts.createdAt))
    .limit(filter.limit);
}

export async function markAlertResolved(tx: Tx, id: string, userId: string): Promise<SecurityAlertRow | undefined> {
  const [row] = await tx
    .update(securityAlerts)
    .set({ resolvedAt: new Date(), resolvedBy: userId })
    .where(and(eq(securityAlerts.id, id), isNull(securityAlerts.resolvedAt)))
    .returning();
  return row;
}

export async function findAlert(tx: Tx, id: string): Promise<SecurityAlertRow | undefined> {
  const [row] = await tx.select().from(securityAlerts).where(eq(securityAlerts.id, id));
  return row;
}

/** Which of these ids were committed (a rolled-back transaction leaves none behind). */
export async function committedIds(tx: Tx, ids: { events: string[]; alerts: string[] }): Promise<Set<string>> {
  const events = ids.events.length > 0 ? await tx.select({ id: securityEvents.id }).from(securityEvents).where(inArray(securityEvents.id, ids.events)) : [];
  const alerts = ids.alerts.length > 0 ? await tx.select({ id: securityAlerts.id }).from(securityAlerts).where(inArray(securityAlerts.id, ids.alerts)) : [];
  return new Set([...events, ...alerts].map((row) => row.id));
}

export async function countOpenAlerts(tx: Tx): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(securityAlerts).where(isNull(securityAlerts.resolvedAt));
  return row?.n ?? 0;
}

export async function activeUsersWithRoles(tx: Tx, roles: readonly Role[]): Promise<string[]> {
  const rows = await tx.select({ id: users.id }).from(users).where(and(inArray(users.role, [...roles]), eq(users.status, 'active')));
  return rows.map((row) => row.id);
}
