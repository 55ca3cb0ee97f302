import { desc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { auditLog, companies, userCredentials, users } from '../../db/schema';

export type ActivityScope = { kind: 'tenant' } | { kind: 'company'; companyId: string } | { kind: 'user'; userId: string };

export async function recentAuditEntries(tx: Tx, scope: ActivityScope, limit: number) {
  const filter = scope.kind === 'user' ? eq(auditLog.actorUserId, scope.userId) : scope.kind === 'company' ? eq(users.companyId, scope.companyId) : undefined;
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
