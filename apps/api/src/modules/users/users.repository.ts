import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { APP_ROLE, rowsOf, type Database, type Tx } from '../../db/database';
import { companies, userCredentials, userLinkTokens, users, type LinkTokenKind } from '../../db/schema';
import type { Role } from '@carbonledger/contracts';

export type UserRow = typeof users.$inferSelect;
export type LinkTokenRow = typeof userLinkTokens.$inferSelect;

/** The users of the tenant or of one company with what the team table shows beside them, by name. */
export async function listTeam(tx: Tx, filter: { companyId?: string; userId?: string }, now: Date) {
  const openInvitation = tx
    .select({ userId: userLinkTokens.userId, expiresAt: sql<Date>`max(${userLinkTokens.expiresAt})`.as('expires_at') })
    .from(userLinkTokens)
    .where(and(eq(userLinkTokens.kind, 'invitation'), isNull(userLinkTokens.usedAt), isNull(userLinkTokens.revokedAt), gt(userLinkTokens.expiresAt, now)))
    .groupBy(userLinkTokens.userId)
    .as('open_invitation');
  return tx
    .select({ user: users, companyName: companies.name, credentials: userCredentials, invitationExpiresAt: openInvitation.expiresAt })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(userCredentials, eq(userCredentials.userId, users.id))
    .leftJoin(openInvitation, eq(openInvitation.userId, users.id))
    .where(and(filter.companyId ? eq(users.companyId, filter.companyId) : undefined, filter.userId ? eq(users.id, filter.userId) : undefined))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.email));
}
export type TeamRow = Awaited<ReturnType<typeof listTeam>>[number];

export async function findUser(tx: Tx, userId: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, userId));
  return row;
}

export async function findCompany(tx: Tx, companyId: string) {
  const [row] = await tx.select({ id: companies.id, name: companies.name }).from(companies).where(eq(companies.id, companyId));
  return row;
}

/** Whether any user of the platform has this e-mail (unique across tenants), through sign-in's definer function. */
export async function emailTaken(tx: Tx, email: string): Promise<boolean> {
  return rowsOf(await tx.execute(sql`select 1 from auth_find_login(${email})`)).length > 0;
}

export interface NewUserRow {
  tenantId: string;
  companyId: string;
  email: string;
  role: Role;
  firstName: string;
  lastName: string;
  phone: string | null;
  passwordHash: string | null;
  status: UserRow['status'];
}

export async function insertUser(tx: Tx, user: NewUserRow): Promise<UserRow> {
  const [row] = await tx.insert(users).values(user).returning();
  return row!;
}

export async function insertCredentials(tx: Tx, user: { id: string; tenantId: string }, mustChangePassword: boolean): Promise<void> {
  await tx
    .insert(userCredentials)
    .values({ userId: user.id, tenantId: user.tenantId, mustChangePassword })
    .onConflictDoUpdate({ target: userCredentials.userId, set: { mustChangePassword } });
}

export async function setStatus(tx: Tx, userId: string, status: UserRow['status'], verified?: boolean): Promise<void> {
  await tx
    .update(users)
    .set({ status, ...(verified === undefined ? {} : { verified }), updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/** A new password chosen through a link: it replaces any temporary one and lifts a lockout (the mailbox proved the person). */
export async function setPassword(tx: Tx, user: { id: string; tenantId: string }, passwordHash: string): Promise<void> {
  await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
  await tx
    .insert(userCredentials)
    .values({ userId: user.id, tenantId: user.tenantId })
    .onConflictDoUpdate({ target: userCredentials.userId, set: { mustChangePassword: false, failedLoginCount: 0, lockedUntil: null, updatedAt: new Date() } });
}

export async function mustChangePassword(tx: Tx, userId: string): Promise<boolean> {
  const [row] = await tx.select({ value: userCredentials.mustChangePassword }).from(userCredentials).where(eq(userCredentials.userId, userId));
  return row?.value ?? false;
}

/** Ends the open links of a kind for a user: a new one replaces them. */
export async function revokeLinks(tx: Tx, userId: string, kind: LinkTokenKind, now: Date): Promise<void> {
  await tx
    .update(userLinkTokens)
    .set({ revokedAt: now })
    .where(and(eq(userLinkTokens.userId, userId), eq(userLinkTokens.kind, kind), isNull(userLinkTokens.usedAt), isNull(userLinkTokens.revokedAt)));
}

export async function insertLink(tx: Tx, link: typeof userLinkTokens.$inferInsert): Promise<void> {
  await tx.insert(userLinkTokens).values(link);
}

export async function latestLink(tx: Tx, userId: string, kind: LinkTokenKind): Promise<LinkTokenRow | undefined> {
  const [row] = await tx
    .select()
    .from(userLinkTokens)
    .where(and(eq(userLinkTokens.userId, userId), eq(userLinkTokens.kind, kind)))
    .orderBy(desc(userLinkTokens.createdAt))
    .limit(1);
  return row;
}

export async function findLink(tx: Tx, tokenHash: string): Promise<LinkTokenRow | undefined> {
  const [row] = await tx.select().from(userLinkTokens).where(eq(userLinkTokens.tokenHash, tokenHash)).for('update');
  return row;
}

/** Marks the link used only if it is still open: of two requests with one link, one wins. */
export async function useLink(tx: Tx, id: string, now: Date): Promise<boolean> {
  const rows = await tx
    .update(userLinkTokens)
    .set({ usedAt: now })
    .where(and(eq(userLinkTokens.id, id), isNull(userLinkTokens.usedAt), isNull(userLinkTokens.revokedAt), gt(userLinkTokens.expiresAt, now)))
    .returning({ id: userLinkTokens.id });
  return rows.length === 1;
}

/** The tenant a link's token belongs to, before anyone is signed in (the user_link_token_tenant definer function). */
export async function tenantOfLink(database: Database, tokenHash: string): Promise<string | null> {
  return database.asSystem(async (tx) => {
    await tx.execute(sql.raw(`set local role ${APP_ROLE}`));
    const result = await tx.execute(sql`select user_link_token_tenant(${tokenHash}) as tenant_id`);
    return rowsOf<{ tenant_id: string | null }>(result)[0]?.tenant_id ?? null;
  });
}

/** The user and tenant behind an e-mail, across tenants, through sign-in's auth_find_login definer function. */
export async function findLoginTarget(database: Database, email: string): Promise<{ userId: string; tenantId: string } | null> {
  return database.asSystem(async (tx) => {
    await tx.execute(sql.raw(`set local role ${APP_ROLE}`));
    const [row] = rowsOf<{ user_id: string; tenant_id: string }>(await tx.execute(sql`select user_id, tenant_id from auth_find_login(${email})`));
    return row ? { userId: row.user_id, tenantId: row.tenant_id } : null;
  });
}
