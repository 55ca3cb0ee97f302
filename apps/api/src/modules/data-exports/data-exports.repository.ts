import { and, asc, desc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { companies, dataExports, users } from '../../db/schema';

export type DataExportRow = typeof dataExports.$inferSelect;
export type NewDataExportRow = typeof dataExports.$inferInsert;

export async function insertExport(tx: Tx, row: NewDataExportRow): Promise<DataExportRow> {
  const [created] = await tx.insert(dataExports).values(row).returning();
  return created!;
}

/** One export of the requester (another user's id reads as not found). */
export async function findOwnExport(tx: Tx, id: string, requestedBy: string): Promise<DataExportRow | undefined> {
  const [row] = await tx
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.id, id), eq(dataExports.requestedBy, requestedBy)));
  return row;
}

export async function findExport(tx: Tx, id: string): Promise<DataExportRow | undefined> {
  const [row] = await tx.select().from(dataExports).where(eq(dataExports.id, id));
  return row;
}

/** The requester's exports whose files were not deleted, newest first. */
export function listOwnExports(tx: Tx, requestedBy: string, limit: number): Promise<DataExportRow[]> {
  return tx
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.requestedBy, requestedBy), isNull(dataExports.deletedAt)))
    .orderBy(desc(dataExports.createdAt), desc(dataExports.id))
    .limit(limit);
}

export async function updateExport(tx: Tx, id: string, changes: Partial<NewDataExportRow>): Promise<DataExportRow | undefined> {
  const [row] = await tx.update(dataExports).set(changes).where(eq(dataExports.id, id)).returning();
  return row;
}

/** Exports of every tenant whose retention ended and whose file is still there. */
export function expiredExports(tx: Tx, now: Date): Promise<DataExportRow[]> {
  return tx
    .select()
    .from(dataExports)
    .where(and(isNull(dataExports.deletedAt), lte(dataExports.expiresAt, now)));
}

/** Exports a crash left queued or running, to be sent to the job again. */
export function unfinishedExports(tx: Tx): Promise<DataExportRow[]> {
  return tx
    .select()
    .from(dataExports)
    .where(and(isNull(dataExports.deletedAt), sql`${dataExports.status} in ('queued', 'running')`));
}

/** A page of the users of the tenant or one company after `afterId`, by id (keyset paging). Never credentials. */
export function usersPage(tx: Tx, companyId: string | undefined, afterId: string | undefined, limit: number) {
  return tx
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      status: users.status,
      verified: users.verified,
      phone: users.phone,
      jobTitle: users.jobTitle,
      department: users.department,
      companyId: users.companyId,
      companyName: companies.name,
      lastLoginAt: users.lastLoginAt,
      createdAt: users.createdAt,
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(companyId ? eq(users.companyId, companyId) : undefined, afterId ? gt(users.id, afterId) : undefined))
    .orderBy(asc(users.id))
    .limit(limit);
}

/** The companies an export covers: one, or (undefined) every company of the tenant, by name. */
export function companiesInScope(tx: Tx, companyId: string | undefined): Promise<{ id: string; name: string }[]> {
  return tx
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(companyId ? eq(companies.id, companyId) : undefined)
    .orderBy(asc(companies.name), asc(companies.id));
}

export async function companyOfUser(tx: Tx, userId: string): Promise<string | undefined> {
  const [row] = await tx.select({ companyId: users.companyId }).from(users).where(eq(users.id, userId));
  return row?.companyId;
}
