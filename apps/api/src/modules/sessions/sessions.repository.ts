import { and, count, countDistinct, desc, eq, gt, gte, inArray, isNull, isNotNull, lt, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { sessionCredentials, sessions, users, type AuthMethod } from '../../db/schema';
import { customPermissionsOfUser } from '../roles';
import { usersOfCompany } from '../security';

export type NewSession = typeof sessions.$inferInsert;

export async function insertSession(tx: Tx, session: NewSession, credentials: { csrfToken: string; authMethod: AuthMethod; country: string | null }) {
  const [row] = await tx.insert(sessions).values(session).returning();
  const [secret] = await tx
    .insert(sessionCredentials)
    .values({ sessionId: row!.id, tenantId: row!.tenantId, csrfToken: credentials.csrfToken, authMethod: credentials.authMethod, country: credentials.country })
    .returning();
  return { session: row!, credentials: secret! };
}

/** Everything an authenticated request needs to know about its session, in one read. */
export async function findSessionForRequest(tx: Tx, sessionId: string) {
  const [row] = await tx
    .select({
      id: sessions.id,
      userId: sessions.userId,
      tenantId: sessions.tenantId,
      fingerprint: sessions.fingerprint,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      tokenVersion: sessionCredentials.tokenVersion,
      csrfToken: sessionCredentials.csrfToken,
      role: users.role,
      companyId: users.companyId,
      email: users.email,
      userStatus: users.status,
      customPermissions: customPermissionsOfUser(),
    })
    .from(sessions)
    .innerJoin(sessionCredentials, eq(sessionCredentials.sessionId, sessions.id))
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sessionId));
  return row;
}
export type RequestSessionRow = NonNullable<Awaited<ReturnType<typeof findSessionForRequest>>>;

export async function touchSession(tx: Tx, sessionId: string, now: Date): Promise<void> {
  await tx.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionId));
}

/** Answers whether this call revoked it (false: unknown or revoked already). */
export async function revokeSession(tx: Tx, sessionId: string, reason: string): Promise<boolean> {
  const rows = await tx
    .update(sessions)
    .set({ revokedAt: new Date(), revokeReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/** Revokes the user's live sessions (all but keepSessionId when given); answers the ids it revoked. */
export async function revokeUserSessions(tx: Tx, userId: string, reason: string, keepSessionId?: string): Promise<string[]> {
  const rows = await tx
    .update(sessions)
    .set({ revokedAt: new Date(), revokeReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), keepSessionId ? ne(sessions.id, keepSessionId) : undefined))
    .returning({ id: sessions.id });
  return rows.map((row) => row.id);
}

/** Refresh: a new token version (older tokens stop counting) and a new CSRF token. */
export async function rotateSessionSecrets(tx: Tx, sessionId: string, csrfToken: string): Promise<number> {
  const [row] = await tx
    .update(sessionCredentials)
    .set({ tokenVersion: sql`${sessionCredentials.tokenVersion} + 1`, csrfToken })
    .where(eq(sessionCredentials.sessionId, sessionId))
    .returning({ tokenVersion: sessionCredentials.tokenVersion });
  return row!.tokenVersion;
}

/** The session with the company of its user, who decides which officers may end it. */
export async function findSession(tx: Tx, sessionId: string) {
  const [row] = await tx
    .select({ id: sessions.id, userId: sessions.userId, companyId: users.companyId })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sessionId));
  return row;
}

/** Has this user signed in before, and from where: decides new-device and new-country signals. */
export async function signInHistory(tx: Tx, userId: string, userAgent: string | null) {
  const [seen] = await tx.select({ n: count() }).from(sessions).where(eq(sessions.userId, userId));
  const [sameDevice] = userAgent
    ? await tx
        .select({ n: count() })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), eq(sessions.userAgent, userAgent)))
    : [{ n: 0 }];
  const countries = await tx
    .selectDistinct({ country: sessionCredentials.country })
    .from(sessionCredentials)
    .innerJoin(sessions, eq(sessions.id, sessionCredentials.sessionId))
    .where(and(eq(sessions.userId, userId), isNotNull(sessionCredentials.country)));
  return { previousSessions: seen?.n ?? 0, sameDeviceSessions: sameDevice?.n ?? 0, countries: countries.map((row) => row.country!) };
}

/** Ends the sessions unseen since `idleCutoff` (no request can use them any more); answers their ids. */
export async function expireIdleSessions(tx: Tx, idleCutoff: Date): Promise<string[]> {
  const rows = await tx
    .update(sessions)
    .set({ revokedAt: new Date(), revokeReason: 'idle timeout' })
    .where(and(isNull(sessions.revokedAt), lt(sessions.lastSeenAt, idleCutoff)))
    .returning({ id: sessions.id });
  return rows.map((row) => row.id);
}

/** Sessions neither revoked nor past their absolute expiry nor idle for longer than the timeout. */
function liveSessions(now: Date, idleCutoff: Date) {
  return and(isNull(sessions.revokedAt), gt(sessions.expiresAt, now), gte(sessions.lastSeenAt, idleCutoff));
}

export async function listLiveSessions(tx: Tx, filter: { now: Date; idleCutoff: Date; userId?: string; companyId?: string; limit: number }) {
  return tx
    .select({
      id: sessions.id,
      userId: sessions.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      device: sessions.device,
      location: sessions.location,
      ip: sessions.ip,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        liveSessions(filter.now, filter.idleCutoff),
        filter.userId ? eq(sessions.userId, filter.userId) : undefined,
        filter.companyId ? eq(users.companyId, filter.companyId) : undefined,
      ),
    )
    .orderBy(desc(sessions.lastSeenAt))
    .limit(filter.limit);
}
export type LiveSessionRow = Awaited<ReturnType<typeof listLiveSessions>>[number];

/** Sessions of one company's users, as a condition on sessions. */
function ofCompany(tx: Tx, companyId: string | undefined) {
  return companyId ? inArray(sessions.userId, usersOfCompany(tx, companyId)) : undefined;
}

export async function sessionStats(tx: Tx, window: { now: Date; idleCutoff: Date; activeCutoff: Date; dayAgo: Date; companyId?: string }) {
  const live = and(liveSessions(window.now, window.idleCutoff), ofCompany(tx, window.companyId));
  const [totals] = await tx
    .select({
      live: count(),
      active: sql<number>`count(*) filter (where ${sessions.lastSeenAt} >= ${window.activeCutoff})`.mapWith(Number),
      uniqueUsers: countDistinct(sessions.userId),
      averageDurationSeconds: sql<number>`coalesce(avg(extract(epoch from (${sessions.lastSeenAt} - ${sessions.createdAt}))), 0)`.mapWith(Number),
    })
    .from(sessions)
    .where(live);
  const [revoked] = await tx
    .select({ n: count() })
    .from(sessions)
    .where(and(isNotNull(sessions.revokedAt), gte(sessions.revokedAt, window.dayAgo), ofCompany(tx, window.companyId)));
  return {
    live: totals?.live ?? 0,
    active: totals?.active ?? 0,
    uniqueUsers: totals?.uniqueUsers ?? 0,
    averageDurationSeconds: totals?.averageDurationSeconds ?? 0,
    revokedLast24h: revoked?.n ?? 0,
  };
}

/** Revokes the user's live sessions that a wallet sign-in opened, but `keepSessionId`; answers their ids. */
export async function revokeUserWalletSessions(tx: Tx, userId: string, reason: string, keepSessionId: string): Promise<string[]> {
  const walletSessions = tx.select({ id: sessionCredentials.sessionId }).from(sessionCredentials).where(eq(sessionCredentials.authMethod, 'wallet'));
  const rows = await tx
    .update(sessions)
    .set({ revokedAt: new Date(), revokeReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.id, keepSessionId), inArray(sessions.id, walletSessions)))
    .returning({ id: sessions.id });
  return rows.map((row) => row.id);
}
