import { randomBytes } from 'node:crypto';
import { canOpenRoute, type MonitoredSession, type SessionStats } from '@carbonledger/contracts';
import type { Database, Tx } from '../../db/database';
import type { AuthMethod } from '../../db/schema';
import { actsTenantWide, type Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import type { RequestOrigin } from '../../lib/request-origin';
import { newCsrfToken } from '../../plugins/csrf';
import { recordSecurityEvent } from '../security';
import { describeDevice } from './device';
import type { SessionCache, SessionCheck } from './sessions.cache';
import * as repository from './sessions.repository';

/** Idle and absolute timeouts come from settings (SESSION_IDLE_TIMEOUT_MINUTES, SESSION_ABSOLUTE_TIMEOUT_HOURS). */
export interface SessionPolicy {
  idleTimeoutMs: number;
  absoluteTimeoutMs: number;
}

/** A session unseen for this long shows as idle in monitoring (it still works until the idle timeout). */
const ACTIVE_WINDOW_MS = 5 * 60_000;
/** last_seen_at is refreshed at most this often, so a busy session does not write on every request. */
const TOUCH_INTERVAL_MS = 15_000;

export type { SessionCheck };

/** What an access token says about its session (the auth module's tokens carry more). */
export interface SessionClaims {
  sessionId: string;
  userId: string;
  tenantId: string;
  tokenVersion: number;
}

/**
 * Whether a session still stands (not revoked, not expired, its user active), without touching
 * it: long-lived connections it opened (the event stream) end once it does not.
 */
export async function sessionIsLive(tx: Tx, sessionId: string, now = new Date()): Promise<boolean> {
  const session = await repository.findSessionForRequest(tx, sessionId);
  return Boolean(session && !session.revokedAt && session.expiresAt > now && session.userStatus === 'active');
}

/**
 * The server-side half of every authenticated request: the token's session must exist,
 * be neither revoked nor past its absolute or idle timeout, belong to an active user and
 * carry the token version of the latest refresh. The session answered carries the touch.
 */
async function checkRequestSession(tx: Tx, claims: SessionClaims, policy: SessionPolicy, now: Date): Promise<SessionCheck> {
  const session = await repository.findSessionForRequest(tx, claims.sessionId);
  if (!session || session.userId !== claims.userId || session.revokedAt || session.expiresAt <= now || session.userStatus !== 'active') {
    return { ok: false, revoked: false };
  }
  if (now.getTime() - session.lastSeenAt.getTime() > policy.idleTimeoutMs) {
    await repository.revokeSession(tx, session.id, 'idle timeout');
    return { ok: false, revoked: true };
  }
  if (session.tokenVersion !== claims.tokenVersion) return { ok: false, revoked: false };
  if (now.getTime() - session.lastSeenAt.getTime() <= TOUCH_INTERVAL_MS) return { ok: true, session };
  await repository.touchSession(tx, session.id, now);
  return { ok: true, session: { ...session, lastSeenAt: now } };
}

/** What checking a request's session needs from the app. */
export interface SessionCheckDeps {
  db: Database;
  policy: SessionPolicy;
  cache: SessionCache;
}

/**
 * A recent copy lets the request through on its own only where the database would say yes
 * and write nothing: the token's user, tenant and version, not past the absolute expiry, no
 * touch due (nor, then, the idle timeout). Anything else is decided by the database, so a copy
 * never refuses, never revokes, and a token newer than the copy (a refresh elsewhere) is read.
 */
function copyLetsThrough(session: repository.RequestSessionRow, claims: SessionClaims, policy: SessionPolicy, now: Date): boolean {
  const unseenMs = now.getTime() - session.lastSeenAt.getTime();
  return (
    session.userId === claims.userId &&
    session.tenantId === claims.tenantId &&
    session.tokenVersion === claims.tokenVersion &&
    session.expiresAt > now &&
    unseenMs <= Math.min(TOUCH_INTERVAL_MS, policy.idleTimeoutMs)
  );
}

/**
 * checkRequestSession for every authenticated request and socket handshake, through this
 * process's copy of the session when it is under a second old (sessions.cache.ts). Revocations
 * (an idle one found here too), refreshes and permission changes drop the copy here at once and,
 * with REDIS_URL, in the other processes; any other change holds within that second.
 */
export async function checkSession(deps: SessionCheckDeps, claims: SessionClaims, now = new Date()): Promise<SessionCheck> {
  const copy = deps.cache.get(claims.sessionId);
  if (copy && copyLetsThrough(copy, claims, deps.policy, now)) return { ok: true, session: copy };
  // Every request of a busy session finds its copy expired at the same moment: one of them reads.
  return deps.cache.share(`${claims.sessionId}:${claims.userId}:${claims.tokenVersion}`, async () => {
    const read = deps.cache.startRead();
    const check = await deps.db.withTenant(claims.tenantId, (tx) => checkRequestSession(tx, claims, deps.policy, now));
    if (check.ok) read.keep(check.session);
    else if (check.revoked) deps.cache.forget({ sessionIds: [claims.sessionId] });
    return check;
  });
}

function toMonitoredSession(row: repository.LiveSessionRow, now: Date, currentSessionId: string): MonitoredSession {
  return {
    id: row.id,
    user: { id: row.userId, name: `${row.firstName} ${row.lastName}`, email: row.email },
    device: row.device ?? 'Unknown device',
    location: row.location ?? 'Unknown',
    ip: row.ip,
    loginTime: row.createdAt.toISOString(),
    lastSeen: row.lastSeenAt.toISOString(),
    durationSeconds: Math.max(0, Math.floor((row.lastSeenAt.getTime() - row.createdAt.getTime()) / 1000)),
    status: now.getTime() - row.lastSeenAt.getTime() <= ACTIVE_WINDOW_MS ? 'active' : 'idle',
    current: row.id === currentSessionId,
  };
}

/**
 * SESSION_IDLE_TIMEOUT_MINUTES ends a session: one unseen for longer is revoked ('idle timeout')
 * before sessions are listed or counted, so the database and the monitoring screens agree
 * (a request on such a session revokes it the same way).
 */
async function expireIdleSessions(tx: Tx, policy: SessionPolicy, now: Date): Promise<void> {
  await repository.expireIdleSessions(tx, new Date(now.getTime() - policy.idleTimeoutMs));
}

/** Live sessions of the tenant, of one company's users (companyId) or of one user. */
export async function listActiveSessions(
  tx: Tx,
  policy: SessionPolicy,
  options: { currentSessionId: string; userId?: string; companyId?: string; limit?: number },
): Promise<MonitoredSession[]> {
  const now = new Date();
  await expireIdleSessions(tx, policy, now);
  const rows = await repository.listLiveSessions(tx, {
    now,
    idleCutoff: new Date(now.getTime() - policy.idleTimeoutMs),
    userId: options.userId,
    companyId: options.companyId,
    limit: options.limit ?? 500,
  });
  return rows.map((row) => toMonitoredSession(row, now, options.currentSessionId));
}

export async function sessionStats(tx: Tx, policy: SessionPolicy, companyId: string | undefined): Promise<SessionStats> {
  const now = new Date();
  await expireIdleSessions(tx, policy, now);
  const stats = await repository.sessionStats(tx, {
    companyId,
    now,
    idleCutoff: new Date(now.getTime() - policy.idleTimeoutMs),
    activeCutoff: new Date(now.getTime() - ACTIVE_WINDOW_MS),
    dayAgo: new Date(now.getTime() - 24 * 3600_000),
  });
  return {
    active: stats.active,
    idle: stats.live - stats.active,
    revokedLast24h: stats.revokedLast24h,
    uniqueUsers: stats.uniqueUsers,
    averageDurationSeconds: Math.round(stats.averageDurationSeconds),
  };
}

/**
 * Whose sessions besides their own an actor may end: platform administrators the whole
 * tenant's, other security officers their own company's users', everyone else nobody's.
 */
function mayEndSession(actor: Actor, session: { userId: string; companyId: string }): boolean {
  if (session.userId === actor.userId) return true;
  if (!canOpenRoute(actor.role, '/security/sessions')) return false;
  return actsTenantWide(actor) || session.companyId === actor.companyId;
}

/** Ends a session at once: its next request is answered 401. A session the actor may not end is not found. */
export async function terminateSession(tx: Tx, origin: RequestOrigin, actor: Actor & { email: string }, sessionId: string, reason: string): Promise<void> {
  const session = await repository.findSession(tx, sessionId);
  if (!session || !mayEndSession(actor, session)) throw AppError.notFound('Session');
  if (!(await endSession(tx, origin, sessionId, reason))) return;
  await recordSecurityEvent(tx, origin, {
    tenantId: actor.tenantId,
    type: 'session_revoked',
    userId: session.userId,
    actorUserId: actor.userId,
    details: { sessionId, reason, revokedBy: actor.email },
  });
}

/**
 * Revokes a session: its next request is answered 401, and its sockets are disconnected
 * once the request that ended it has answered (so after the revocation has committed, and
 * a reconnect is refused). Answers whether this call revoked it.
 */
export async function endSession(tx: Tx, origin: RequestOrigin, sessionId: string, reason: string): Promise<boolean> {
  const revoked = await repository.revokeSession(tx, sessionId, reason);
  if (revoked) origin.endedSessions?.push(sessionId);
  return revoked;
}

/** Ends every live session of the user, or every one but `keepSessionId`; answers how many. */
export async function revokeAllSessionsOfUser(tx: Tx, origin: RequestOrigin, userId: string, reason: string, keepSessionId?: string): Promise<number> {
  const ended = await repository.revokeUserSessions(tx, userId, reason, keepSessionId);
  origin.endedSessions?.push(...ended);
  return ended.length;
}

/** A session just opened by a sign-in, and what the user's earlier sessions say about its device and country. */
export interface OpenedSession {
  id: string;
  fingerprint: string;
  device: string | null;
  tokenVersion: number;
  csrfToken: string;
  history: { previousSessions: number; sameDeviceSessions: number; countries: string[] };
}

/** Opens a session for a user whose credentials are proven: a fresh fingerprint and CSRF token, expiring at the absolute timeout. */
export async function openSession(
  tx: Tx,
  policy: SessionPolicy,
  origin: RequestOrigin,
  user: { tenantId: string; userId: string },
  method: AuthMethod,
  now: Date,
): Promise<OpenedSession> {
  const history = await repository.signInHistory(tx, user.userId, origin.userAgent);
  const { session, credentials } = await repository.insertSession(
    tx,
    {
      tenantId: user.tenantId,
      userId: user.userId,
      fingerprint: randomBytes(32).toString('hex'),
      device: describeDevice(origin.userAgent),
      userAgent: origin.userAgent,
      ip: origin.ip,
      location: origin.country ?? 'Unknown',
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + policy.absoluteTimeoutMs),
    },
    { csrfToken: newCsrfToken(), authMethod: method, country: origin.country },
  );
  return {
    id: session.id,
    fingerprint: session.fingerprint,
    device: session.device,
    tokenVersion: credentials.tokenVersion,
    csrfToken: credentials.csrfToken,
    history,
  };
}

/** Refresh rotates: a new token version (the previous token stops working) and a new CSRF token, same session. */
export async function rotateSessionSecrets(tx: Tx, sessionId: string): Promise<{ tokenVersion: number; csrfToken: string }> {
  const csrfToken = newCsrfToken();
  return { tokenVersion: await repository.rotateSessionSecrets(tx, sessionId, csrfToken), csrfToken };
}

/**
 * Ends the user's other sessions that a wallet sign-in opened (a wallet was unlinked): a session
 * does not record which wallet signed it in, so all of them end; the caller's own stays. Answers how many.
 */
export async function revokeWalletSessionsOfUser(tx: Tx, origin: RequestOrigin, userId: string, reason: string, keepSessionId: string): Promise<number> {
  const ended = await repository.revokeUserWalletSessions(tx, userId, reason, keepSessionId);
  origin.endedSessions?.push(...ended);
  return ended.length;
}
