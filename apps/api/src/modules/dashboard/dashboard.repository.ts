import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { auditLog, companies, securityAlerts, userCredentials, users } from '../../db/schema';
import { usersOfCompany } from '../security/security.repository';

export type ActivityScope = { kind: 'tenant' } | { kind: 'company'; companyId: string } | { kind: 'user'; userId: string };

export async function recentAuditEntries(tx: Tx, scope: ActivityScope, limit: number) {
  const filter =
    scope.kind === 'user' ? eq(auditLog.actorUserId, scope.userId) : scope.kind === 'company' ? eq(users.companyId, scope.companyId) : undefined;
  return tx
    .select({
      id: auditLog.id,
      action: auditLog.action,
      resourceType: auditLog.resourceType,
      resourceId: auditLog.resourceId,
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

/** Open alerts of the tenant, or only those about one company's users (as /security/alerts lists them). */
export async function countUnresolvedAlerts(tx: Tx, companyId: string | undefined): Promise<{ count: number; newest: Date | null }> {
  const open = and(isNull(securityAlerts.resolvedAt), companyId ? inArray(securityAlerts.userId, usersOfCompany(tx, companyId)) : undefined);
  const [row] = await tx
    .select({ n: count() })
    .from(securityAlerts)
    .where(open);
  const [newest] = await tx.select({ createdAt: securityAlerts.createdAt }).from(securityAlerts).where(open).orderBy(desc(securityAlerts.createdAt)).limit(1);
  return { count: Number(row?.n ?? 0), newest: newest?.createdAt ?? null };
}
