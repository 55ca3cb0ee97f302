import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { auditLog } from '../../db/schema';

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditRow = typeof auditLog.$inferInsert;

/** Serialises appends per tenant so each entry links to the one before it. */
export async function lockTenantChain(tx: Tx, tenantId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`audit:${tenantId}`}))`);
}

export async function lastHash(tx: Tx, tenantId: string): Promise<string | null> {
  const [row] = await tx.select({ hash: auditLog.hash }).from(auditLog).where(eq(auditLog.tenantId, tenantId)).orderBy(desc(auditLog.id)).limit(1);
  return row?.hash ?? null;
}

export async function insertEntry(tx: Tx, entry: NewAuditRow): Promise<AuditRow> {
  const [row] = await tx.insert(auditLog).values(entry).returning();
  return row!;
}

export async function entriesInOrder(tx: Tx, tenantId: string): Promise<AuditRow[]> {
  return tx.select().from(auditLog).where(eq(auditLog.tenantId, tenantId)).orderBy(asc(auditLog.id));
}
