import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { Role } from '@carbonledger/contracts';
import type { Tx } from '../../db/database';
import { companies, customRoleMembers, customRoles, users } from '../../db/schema';
import { customPermissionsOfUser } from './roles.permissions';

export type CustomRoleRow = typeof customRoles.$inferSelect;
export type NewCustomRole = typeof customRoles.$inferInsert;

const memberCount = sql<number>`(select count(*) from ${customRoleMembers} where ${customRoleMembers.customRoleId} = ${customRoles.id})`.mapWith(Number);

function withCompanyAndMembers(tx: Tx) {
  return tx
    .select({ role: customRoles, companyName: companies.name, memberCount })
    .from(customRoles)
    .innerJoin(companies, eq(companies.id, customRoles.companyId));
}
export interface CustomRoleListRow {
  role: CustomRoleRow;
  companyName: string;
  memberCount: number;
}

/** The custom roles of one company, or of the whole tenant (companyId undefined), by company then name. */
export async function listCustomRoles(tx: Tx, companyId: string | undefined): Promise<CustomRoleListRow[]> {
  return withCompanyAndMembers(tx)
    .where(companyId ? eq(customRoles.companyId, companyId) : undefined)
    .orderBy(asc(companies.name), asc(customRoles.name));
}

export async function findCustomRole(tx: Tx, id: string): Promise<CustomRoleListRow | undefined> {
  const [row] = await withCompanyAndMembers(tx).where(eq(customRoles.id, id));
  return row;
}

/** Locks the role's row for a change, so concurrent edits and deletions apply one after the other. */
export async function lockCustomRole(tx: Tx, id: string): Promise<CustomRoleRow | undefined> {
  const [row] = await tx.select().from(customRoles).where(eq(customRoles.id, id)).for('update');
  return row;
}

export async function nameTaken(tx: Tx, companyId: string, name: string, exceptId?: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: customRoles.id })
    .from(customRoles)
    .where(and(eq(customRoles.companyId, companyId), sql`lower(${customRoles.name}) = lower(${name})`, exceptId ? ne(customRoles.id, exceptId) : undefined));
  return Boolean(row);
}

export async function insertCustomRole(tx: Tx, role: NewCustomRole): Promise<CustomRoleRow> {
  const [row] = await tx.insert(customRoles).values(role).returning();
  return row!;
}

export async function updateCustomRole(tx: Tx, id: string, change: Partial<Pick<CustomRoleRow, 'name' | 'description' | 'permissions'>>): Promise<void> {
  await tx
    .update(customRoles)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(customRoles.id, id));
}

export async function deleteCustomRole(tx: Tx, id: string): Promise<void> {
  await tx.delete(customRoles).where(eq(customRoles.id, id));
}

export async function membersOf(tx: Tx, customRoleId: string): Promise<string[]> {
  const rows = await tx.select({ userId: customRoleMembers.userId }).from(customRoleMembers).where(eq(customRoleMembers.customRoleId, customRoleId));
  return rows.map((row) => row.userId);
}

export async function countMembers(tx: Tx, customRoleId: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(customRoleMembers).where(eq(customRoleMembers.customRoleId, customRoleId));
  return row?.n ?? 0;
}

/** A user of the tenant with the custom role they hold (if any) and the permissions that gives them. */
export async function findUser(tx: Tx, userId: string) {
  const [row] = await tx
    .select({
      id: users.id,
      companyId: users.companyId,
      role: users.role,
      customRoleId: customRoleMembers.customRoleId,
      customPermissions: customPermissionsOfUser(),
    })
    .from(users)
    .leftJoin(customRoleMembers, eq(customRoleMembers.userId, users.id))
    .where(eq(users.id, userId));
  return row;
}

/** Users of the company with this role, and whether each holds the custom role. */
export async function usersWithRole(tx: Tx, companyId: string, role: Role, customRoleId: string) {
  return tx
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: users.role,
      assigned: sql<boolean>`coalesce(${customRoleMembers.customRoleId} = ${customRoleId}, false)`,
    })
    .from(users)
    .leftJoin(customRoleMembers, eq(customRoleMembers.userId, users.id))
    .where(and(eq(users.companyId, companyId), eq(users.role, role)))
    .orderBy(asc(users.lastName), asc(users.firstName));
}

export async function setMembership(tx: Tx, member: { userId: string; tenantId: string; customRoleId: string; assignedBy: string }): Promise<void> {
  await tx
    .insert(customRoleMembers)
    .values(member)
    .onConflictDoUpdate({
      target: customRoleMembers.userId,
      set: { customRoleId: member.customRoleId, assignedBy: member.assignedBy, assignedAt: new Date() },
    });
}

export async function clearMembership(tx: Tx, userId: string): Promise<void> {
  await tx.delete(customRoleMembers).where(eq(customRoleMembers.userId, userId));
}

export async function companyExists(tx: Tx, companyId: string): Promise<boolean> {
  const [row] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
  return Boolean(row);
}
