import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { DashboardLayoutItem } from '@carbonledger/contracts';
import type { Tx } from '../../db/database';
import { auditLog, companies, dashboardLayouts, idempotencyKeys, mintOperations, retirements, userCredentials, users } from '../../db/schema';

export type ActivityScope = { kind: 'tenant' } | { kind: 'company'; companyId: string } | { kind: 'user'; userId: string };

export async function recentAuditEntries(tx: Tx, scope: ActivityScope, limit: number) {
  const filter = scope.kind === 'user' ? eq(auditLog.actorUserId, scope.userId) : scope.kind === 'company' ? eq(users.companyId, scope.companyId) : undefined;
  return tx
    .select({
      id: auditLog.id,
      action: auditLog.action,
      resourceType: auditLog.resourceType,
      resourceId: auditLog.resourceId,
      details: auditLog.details,
      createdAt: auditLog.createdAt,
      actorFirstName: users.firstName,
      actorLastName: users.lastName,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(filter)
    .orderBy(desc(auditLog.id))
    .limit(limit);
}

export async function mfaStateOf(tx: Tx, userId: string): Promise<{ enabled: boolean; memberSince: Date } | null> {
  const [row] = await tx
    .select({ enabled: userCredentials.mfaEnabled, memberSince: users.createdAt })
    .from(users)
    .leftJoin(userCredentials, eq(userCredentials.userId, users.id))
    .where(eq(users.id, userId));
  return row ? { enabled: row.enabled ?? false, memberSince: row.memberSince } : null;
}

export async function companyKycStatus(tx: Tx, companyId: string) {
  const [row] = await tx.select({ kycStatus: companies.kycStatus, updatedAt: companies.updatedAt }).from(companies).where(eq(companies.id, companyId));
  return row ?? null;
}

export async function findLayout(tx: Tx, userId: string) {
  const [row] = await tx.select().from(dashboardLayouts).where(eq(dashboardLayouts.userId, userId));
  return row ?? null;
}

export async function saveLayout(tx: Tx, row: { userId: string; tenantId: string; items: DashboardLayoutItem[] }) {
  const [saved] = await tx
    .insert(dashboardLayouts)
    .values(row)
    .onConflictDoUpdate({ target: dashboardLayouts.userId, set: { items: row.items, updatedAt: sql`now()` } })
    .returning();
  return saved!;
}

export async function deleteLayout(tx: Tx, userId: string) {
  await tx.delete(dashboardLayouts).where(eq(dashboardLayouts.userId, userId));
}

/** Whole tokens as an exact decimal: each row's base units over its own token's decimals. */
const wholeTokens = (amount: unknown, decimals: unknown) => sql<string>`coalesce(sum(${amount}::numeric / power(10::numeric, ${decimals})), 0)::text`;

/** Completed mints and retirements per UTC day since `since`, of one company or (undefined) the tenant. */
export async function dailyVolume(tx: Tx, since: Date, companyId: string | undefined) {
  const mintDay = sql<string>`to_char(${mintOperations.completedAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const mints = await tx
    .select({ day: mintDay, total: wholeTokens(mintOperations.quantity, mintOperations.decimals), count: sql<number>`count(*)::int` })
    .from(mintOperations)
    .where(and(eq(mintOperations.status, 'completed'), gte(mintOperations.completedAt, since), companyId ? eq(mintOperations.companyId, companyId) : undefined))
    .groupBy(mintDay);
  const retireDay = sql<string>`to_char(${retirements.completedAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const retired = await tx
    .select({ day: retireDay, total: wholeTokens(retirements.amount, retirements.decimals), count: sql<number>`count(*)::int` })
    .from(retirements)
    .where(and(eq(retirements.status, 'completed'), gte(retirements.completedAt, since), companyId ? eq(retirements.companyId, companyId) : undefined))
    .groupBy(retireDay);
  return { mints, retired };
}

/** The tenant's idempotency keys created since `since`, by how their request ended. */
export async function idempotencyCounts(tx: Tx, since: Date) {
  const [row] = await tx
    .select({
      total: sql<number>`count(*)::int`,
      completed: sql<number>`count(*) filter (where ${idempotencyKeys.state} = 'completed' and ${idempotencyKeys.responseStatus} < 400)::int`,
      inFlight: sql<number>`count(*) filter (where ${idempotencyKeys.state} = 'in_flight')::int`,
      conflicts: sql<number>`count(*) filter (where ${idempotencyKeys.responseStatus} = 409)::int`,
      failed: sql<number>`count(*) filter (where ${idempotencyKeys.responseStatus} >= 400 and ${idempotencyKeys.responseStatus} <> 409)::int`,
    })
    .from(idempotencyKeys)
    .where(gte(idempotencyKeys.createdAt, since));
  return row!;
}
