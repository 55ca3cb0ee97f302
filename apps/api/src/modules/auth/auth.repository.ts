import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { APP_ROLE, rowsOf, type Database, type Tx } from '../../db/database';
import { companies, linkedWallets, tenants, userCredentials, users, walletChallenges } from '../../db/schema';
import { customPermissionsOfUser } from '../roles';

/**
 * The user and tenant behind an e-mail, across tenants, through the auth_find_login
 * security-definer function and as the application role: the one thing sign-in needs to
 * know before it can enter the tenant.
 */
export async function findLoginTarget(database: Database, email: string): Promise<{ userId: string; tenantId: string } | null> {
  return database.asSystem(async (tx) => {
    await tx.execute(sql.raw(`set local role ${APP_ROLE}`));
    const result = await tx.execute(sql`select user_id, tenant_id from auth_find_login(${email})`);
    const [row] = rowsOf<{ user_id: string; tenant_id: string }>(result);
    return row ? { userId: row.user_id, tenantId: row.tenant_id } : null;
  });
}

/** The user with company, tenant, credentials (created lazily, so they may be missing) and custom role permissions (null without one). */
export async function loadAccount(tx: Tx, userId: string) {
  const [row] = await tx
    .select({ user: users, company: companies, tenant: tenants, credentials: userCredentials, customPermissions: customPermissionsOfUser() })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .leftJoin(userCredentials, eq(userCredentials.userId, users.id))
    .where(eq(users.id, userId));
  return row;
}
export type Account = NonNullable<Awaited<ReturnType<typeof loadAccount>>>;
export type UserRow = typeof users.$inferSelect;
export type CredentialsRow = typeof userCredentials.$inferSelect;

type CredentialsChange = Omit<PgUpdateSetSource<typeof userCredentials>, 'userId' | 'tenantId'>;

/** Writes credential fields, creating the row on first use (values may be SQL expressions over the current row). */
export async function saveCredentials(tx: Tx, user: { id: string; tenantId: string }, change: CredentialsChange): Promise<CredentialsRow> {
  await tx.insert(userCredentials).values({ userId: user.id, tenantId: user.tenantId }).onConflictDoNothing();
  const [row] = await tx
    .update(userCredentials)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(userCredentials.userId, user.id))
    .returning();
  return row!;
}

/** Records a TOTP step as used, only if no later or equal step was used: of two requests with one code, one wins. */
export async function claimTotpStep(tx: Tx, userId: string, timeStep: number): Promise<boolean> {
  const rows = await tx
    .update(userCredentials)
    .set({ mfaLastTimeStep: timeStep, updatedAt: new Date() })
    .where(and(eq(userCredentials.userId, userId), or(isNull(userCredentials.mfaLastTimeStep), lt(userCredentials.mfaLastTimeStep, timeStep))))
    .returning({ userId: userCredentials.userId });
  return rows.length === 1;
}

export async function markSignedIn(tx: Tx, userId: string, at: Date): Promise<void> {
  await tx.update(users).set({ lastLoginAt: at }).where(eq(users.id, userId));
}

export async function updateUser(
  tx: Tx,
  userId: string,
  change: Partial<Pick<UserRow, 'firstName' | 'lastName' | 'phone' | 'jobTitle' | 'bio' | 'department' | 'status'>>,
): Promise<UserRow | undefined> {
  const [row] = await tx
    .update(users)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

export async function setPasswordHash(tx: Tx, userId: string, passwordHash: string): Promise<void> {
  await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
}

/** Accounts locked now, of the tenant or of one company, soonest unlocked first. */
export async function lockedAccounts(tx: Tx, now: Date, companyId: string | undefined) {
  return tx
    .select({ user: users, companyName: companies.name, lockedUntil: userCredentials.lockedUntil, failedLoginCount: userCredentials.failedLoginCount })
    .from(userCredentials)
    .innerJoin(users, eq(users.id, userCredentials.userId))
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(gt(userCredentials.lockedUntil, now), companyId ? eq(users.companyId, companyId) : undefined))
    .orderBy(userCredentials.lockedUntil);
}

export async function findUser(tx: Tx, userId: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, userId));
  return row;
}

export async function walletsOfUser(tx: Tx, userId: string) {
  return tx.select().from(linkedWallets).where(eq(linkedWallets.userId, userId)).orderBy(linkedWallets.linkedAt);
}

export async function findWalletLink(tx: Tx, walletAddress: string) {
  const [row] = await tx.select().from(linkedWallets).where(eq(linkedWallets.walletAddress, walletAddress));
  return row;
}

export async function insertWalletLink(tx: Tx, link: typeof linkedWallets.$inferInsert) {
  const [row] = await tx.insert(linkedWallets).values(link).returning();
  return row!;
}

/** Challenges kept after they expire, for looking into a refused sign-in; older ones are removed. */
const CHALLENGE_RETENTION_MS = 24 * 3600_000;

/** Wallet challenges exist before anyone is signed in, so they live outside every tenant. */
export async function insertChallenge(database: Database, challenge: typeof walletChallenges.$inferInsert): Promise<void> {
  await database.asSystem(async (tx) => {
    await tx.delete(walletChallenges).where(lt(walletChallenges.expiresAt, new Date(Date.now() - CHALLENGE_RETENTION_MS)));
    await tx.insert(walletChallenges).values(challenge);
  });
}

export async function findChallenge(database: Database, nonce: string) {
  return database.asSystem(async (tx) => (await tx.select().from(walletChallenges).where(eq(walletChallenges.nonce, nonce)))[0]);
}

/** Marks the challenge used, only if it is still unused and unexpired: exactly one caller wins. */
export async function consumeChallenge(database: Database, nonce: string, now: Date): Promise<boolean> {
  return database.asSystem(async (tx) => {
    const rows = await tx
      .update(walletChallenges)
      .set({ usedAt: now })
      .where(and(eq(walletChallenges.nonce, nonce), isNull(walletChallenges.usedAt), gt(walletChallenges.expiresAt, now)))
      .returning({ nonce: walletChallenges.nonce });
    return rows.length === 1;
  });
}
