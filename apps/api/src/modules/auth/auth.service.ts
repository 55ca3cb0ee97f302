import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { actsForWholeTenant, type AuthResult, type ErrorCode, type LockedAccount, type LoginRequest, type PasswordChangeRequest, type ProfileUpdateRequest, type SessionRestore, type User, type UserAccessState } from '@carbonledger/contracts';
import { pgErrorOf, type Database, type Tx } from '../../db/database';
import { userCredentials, type AuthMethod } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { recordAudit } from '../audit';
import { raiseSecurityAlert, recordSecurityEvent, type RequestOrigin } from '../security/security.service';
import * as sessionsRepository from '../sessions/sessions.repository';
import { endSession, revokeAllSessionsOfUser, type SessionPolicy } from '../sessions/sessions.service';
import { newCsrfToken } from '../../plugins/csrf';
import type { AuthContext } from '../../plugins/auth';
import * as repository from './auth.repository';
import { describeDevice, toAuthResult, toSessionRestore, toUser } from './auth.mappers';
import { acceptedTotpStep, recoveryCodeHash } from './mfa';
import type { AccessTokens } from './tokens';
import type { SecretBox } from './secret-box';
import type { LoginThrottle } from './login-throttle';

export interface AuthDeps {
  db: Database;
  tokens: AccessTokens;
  policy: SessionPolicy;
  /** Seals TOTP secrets at rest. */
  secrets: SecretBox;
  /** Progressive delays per e-mail and client IP. */
  throttle: LoginThrottle;
}

/**
 * The account lock (docs/auth.md#lockout): only after this many consecutive failures from
 * any IPs — the per-IP delays of LoginThrottle slow a guesser long before — for fifteen
 * minutes or until an administrator unlocks it. A locked account is answered exactly like an
 * unknown e-mail.
 */
export const LOCKOUT = { maxFailures: 50, lockMs: 15 * 60_000 } as const;

/** Refusals that count as a failed attempt towards the delays: what a guesser gets wrong. */
const GUESS_REFUSALS: readonly ErrorCode[] = ['INVALID_CREDENTIALS', 'INVALID_MFA_TOKEN'];

/** Unknown e-mails still pay for one argon2 verification, so timing does not tell who has an account. */
const unknownUserHash = hashPassword(randomBytes(16).toString('hex'));

type Refusal = { refused: AppError };
type PasswordCheck = { account: repository.Account; recoveryCodeHash: string | null } | Refusal;

function isRefusal(value: object): value is Refusal {
  return 'refused' in value;
}

/** Extra step of a sign-in variant, run inside the sign-in transaction once the credentials are proven. */
export type SignInStep = (tx: Tx, account: repository.Account) => Promise<void>;

export interface SignInOptions {
  method: AuthMethod;
  /** Runs once the password and (with MFA on) the code are proven, before the session opens; a throw refuses the sign-in. */
  afterCredentials?: () => Promise<void>;
  beforeSession?: SignInStep;
}

/** A sign-in's answer and the CSRF token of its new session (sent as the response header). */
export interface SignedIn {
  result: AuthResult;
  csrfToken: string;
}

/**
 * SPEC §4 sign-in: an e-mail tried too often from this IP waits (RATE_LIMITED); then find the
 * account by e-mail, answer a locked one like an unknown one, check the password (counting
 * failures towards the lockout), the account status, the company's KYC and the MFA code,
 * then open a session and hand out an access token.
 */
export async function signIn(deps: AuthDeps, origin: RequestOrigin, input: LoginRequest, options: SignInOptions): Promise<SignedIn> {
  if (!deps.throttle.allows(input.email, origin.ip)) throw new AppError('RATE_LIMITED');
  const refuse = (refusal: AppError): never => {
    if (GUESS_REFUSALS.includes(refusal.code)) deps.throttle.recordFailure(input.email, origin.ip);
    throw refusal;
  };
  const target = await repository.findLoginTarget(deps.db, input.email);
  if (!target) {
    await verifyPassword(await unknownUserHash, input.password);
    return refuse(new AppError('INVALID_CREDENTIALS'));
  }
  const check = await checkCredentials(deps, origin, target, input);
  if (isRefusal(check)) return refuse(check.refused);
  deps.throttle.recordSuccess(input.email, origin.ip);
  await options.afterCredentials?.();
  const { account } = check;
  const now = new Date();
  const opened = await deps.db.withTenant(target.tenantId, async (tx) => {
    await options.beforeSession?.(tx, account);
    await repository.saveCredentials(tx, account.user, {
      failedLoginCount: 0,
      lockedUntil: null,
      ...(check.recoveryCodeHash ? { recoveryCodeHashes: sql`array_remove(${userCredentials.recoveryCodeHashes}, ${check.recoveryCodeHash})` } : {}),
    });
    await repository.markSignedIn(tx, account.user.id, now);
    const session = await openSession(tx, deps.policy, origin, account, options.method, now);
    const signedIn = await repository.loadAccount(tx, account.user.id);
    return { session, account: signedIn! };
  });
  return { result: await issue(deps, opened.account, opened.session), csrfToken: opened.session.csrfToken };
}

async function checkCredentials(
  deps: AuthDeps,
  origin: RequestOrigin,
  target: { userId: string; tenantId: string },
  input: LoginRequest,
): Promise<PasswordCheck> {
  const account = await deps.db.withTenant(target.tenantId, (tx) => repository.loadAccount(tx, target.userId));
  if (!account) return { refused: new AppError('INVALID_CREDENTIALS') };
  const { user, credentials, company } = account;
  const failure = (refusal: AppError, reason: string) => recordFailure(deps, origin, account, refusal, reason);

  if (credentials?.lockedUntil && credentials.lockedUntil > new Date()) {
    // The answer and the argon2 cost of an unknown e-mail, whatever the password: a lock tells
    // nobody that the account exists, nor whether the password was right.
    await verifyPassword(await unknownUserHash, input.password);
    await deps.db.withTenant(user.tenantId, (tx) =>
      recordSecurityEvent(tx, origin, { tenantId: user.tenantId, type: 'login_failed', userId: user.id, userEmail: user.email, details: { reason: 'account locked' } }),
    );
    return { refused: new AppError('INVALID_CREDENTIALS') };
  }
  if (!user.passwordHash || !(await verifyPassword(user.passwordHash, input.password))) {
    return failure(new AppError('INVALID_CREDENTIALS'), 'wrong password');
  }
  if (user.status !== 'active') return { refused: new AppError('ACCOUNT_LOCKED') };
  if (company.kycStatus === 'rejected' && !company.isPlatform) return { refused: new AppError('KYC_REQUIRED') };

  let usedRecoveryCode: string | null = null;
  if (credentials?.mfaEnabled && credentials.mfaSecret) {
    if (input.recoveryCode) {
      const hash = recoveryCodeHash(input.recoveryCode);
      if (!credentials.recoveryCodeHashes.includes(hash)) return failure(new AppError('INVALID_MFA_TOKEN'), 'wrong recovery code');
      usedRecoveryCode = hash;
    } else if (!input.mfaToken) {
      return { refused: new AppError('MFA_REQUIRED') };
    } else {
      const step = await acceptedTotpStep(deps.secrets.open(credentials.mfaSecret, user.id), input.mfaToken, credentials.mfaLastTimeStep);
      const claimed = step !== null && (await deps.db.withTenant(user.tenantId, (tx) => repository.claimTotpStep(tx, user.id, step)));
      if (!claimed) return failure(new AppError('INVALID_MFA_TOKEN'), 'wrong or reused MFA code');
    }
  }
  return { account, recoveryCodeHash: usedRecoveryCode };
}

/** Counts a failed sign-in; the LOCKOUT.maxFailures-th in a row locks the account (the answer stays the same). */
async function recordFailure(deps: AuthDeps, origin: RequestOrigin, account: repository.Account, refusal: AppError, reason: string): Promise<Refusal> {
  const { user } = account;
  const now = new Date();
  return deps.db.withTenant(user.tenantId, async (tx) => {
    const lockExpired = account.credentials?.lockedUntil != null && account.credentials.lockedUntil <= now;
    const saved = await repository.saveCredentials(tx, user, {
      failedLoginCount: lockExpired ? 1 : sql`${userCredentials.failedLoginCount} + 1`,
      lastFailedLoginAt: now,
      ...(lockExpired ? { lockedUntil: null } : {}),
    });
    await recordSecurityEvent(tx, origin, {
      tenantId: user.tenantId,
      type: 'login_failed',
      userId: user.id,
      userEmail: user.email,
      details: { reason, consecutiveFailures: saved.failedLoginCount },
    });
    if (saved.failedLoginCount < LOCKOUT.maxFailures) return { refused: refusal };
    const lockedUntil = new Date(now.getTime() + LOCKOUT.lockMs);
    await repository.saveCredentials(tx, user, { lockedUntil });
    await recordSecurityEvent(tx, origin, {
      tenantId: user.tenantId,
      type: 'account_locked',
      userId: user.id,
      userEmail: user.email,
      details: { lockedUntil: lockedUntil.toISOString(), consecutiveFailures: saved.failedLoginCount },
    });
    return { refused: refusal };
  });
}

async function openSession(tx: Tx, policy: SessionPolicy, origin: RequestOrigin, account: repository.Account, method: AuthMethod, now: Date) {
  const { user } = account;
  const history = await sessionsRepository.signInHistory(tx, user.id, origin.userAgent);
  const { session, credentials } = await sessionsRepository.insertSession(
    tx,
    {
      tenantId: user.tenantId,
      userId: user.id,
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
  const event = { tenantId: user.tenantId, userId: user.id, userEmail: user.email };
  await recordSecurityEvent(tx, origin, { ...event, type: 'login_succeeded', details: { sessionId: session.id, method, device: session.device } });
  if (history.previousSessions > 0 && history.sameDeviceSessions === 0) {
    await recordSecurityEvent(tx, origin, { ...event, type: 'new_device_login', details: { sessionId: session.id, device: session.device } });
  }
  if (origin.country && history.countries.length > 0 && !history.countries.includes(origin.country)) {
    await raiseSecurityAlert(tx, origin, {
      tenantId: user.tenantId,
      kind: 'new_country',
      title: 'Sign-in from a new country',
      description: `${user.email} signed in from ${origin.country}; earlier sign-ins came from ${history.countries.join(', ')}.`,
      severity: 'high',
      userId: user.id,
    });
  }
  return { id: session.id, fingerprint: session.fingerprint, tokenVersion: credentials.tokenVersion, csrfToken: credentials.csrfToken };
}

async function issue(deps: AuthDeps, account: repository.Account, session: { id: string; fingerprint: string; tokenVersion: number }): Promise<AuthResult> {
  const accessToken = await deps.tokens.sign({
    sessionId: session.id,
    userId: account.user.id,
    tenantId: account.user.tenantId,
    companyId: account.user.companyId,
    role: account.user.role,
    tokenVersion: session.tokenVersion,
  });
  return toAuthResult(account, session, { accessToken, expiresIn: deps.tokens.ttlSeconds });
}

/** Refresh rotates: a new token version (the previous token stops working) and a new CSRF token, same session. */
export async function refresh(deps: AuthDeps, auth: AuthContext): Promise<{ result: AuthResult; csrfToken: string }> {
  const csrfToken = newCsrfToken();
  const { account, tokenVersion } = await deps.db.withTenant(auth.tenantId, async (tx) => ({
    tokenVersion: await sessionsRepository.rotateSessionSecrets(tx, auth.sessionId, csrfToken),
    account: (await repository.loadAccount(tx, auth.userId))!,
  }));
  return { result: await issue(deps, account, { id: auth.sessionId, fingerprint: auth.fingerprint, tokenVersion }), csrfToken };
}

export async function logout(deps: AuthDeps, origin: RequestOrigin, auth: AuthContext): Promise<void> {
  await deps.db.withTenant(auth.tenantId, async (tx) => {
    await endSession(tx, origin, auth.sessionId, 'logout');
    await recordAudit(tx, { tenantId: auth.tenantId, actorUserId: auth.userId, action: 'auth.logout', resourceType: 'session', resourceId: auth.sessionId, ip: origin.ip, requestId: origin.requestId });
  });
}

/**
 * SPEC §4 session restore: the stored session id and fingerprint must be the ones of the
 * token's session. A different fingerprint means the token travelled to another client,
 * so the session is revoked and the restore fails with 'Session validation failed'.
 */
export async function restoreSession(deps: AuthDeps, origin: RequestOrigin, auth: AuthContext, claimed: { sessionId: string; fingerprint: string }): Promise<SessionRestore> {
  const genuine = claimed.sessionId === auth.sessionId && claimed.fingerprint === auth.fingerprint;
  const restored = await deps.db.withTenant(auth.tenantId, async (tx) => {
    if (!genuine) {
      await endSession(tx, origin, auth.sessionId, 'fingerprint mismatch');
      await recordSecurityEvent(tx, origin, {
        tenantId: auth.tenantId,
        type: 'session_revoked',
        userId: auth.userId,
        userEmail: auth.email,
        details: { sessionId: auth.sessionId, reason: 'fingerprint mismatch' },
      });
      return null;
    }
    return toSessionRestore((await repository.loadAccount(tx, auth.userId))!, { id: auth.sessionId, fingerprint: auth.fingerprint });
  });
  if (!restored) throw new AppError('SESSION_VALIDATION_FAILED');
  return restored;
}

export async function updateProfile(deps: AuthDeps, origin: RequestOrigin, auth: AuthContext, change: ProfileUpdateRequest): Promise<User> {
  return deps.db.withTenant(auth.tenantId, async (tx) => {
    if (Object.keys(change).length > 0) {
      await repository.updateUser(tx, auth.userId, change);
      await recordAudit(tx, { tenantId: auth.tenantId, actorUserId: auth.userId, action: 'user.profile_updated', resourceType: 'user', resourceId: auth.userId, details: { fields: Object.keys(change) }, ip: origin.ip, requestId: origin.requestId });
    }
    const account = await repository.loadAccount(tx, auth.userId);
    return toUser(account!.user, account!.credentials);
  });
}

/** A new password (SPEC §5 rule, checked by the contract) ends every other session of the user. */
export async function changePassword(deps: AuthDeps, origin: RequestOrigin, auth: AuthContext, change: PasswordChangeRequest): Promise<{ endedOtherSessions: number }> {
  const account = await deps.db.withTenant(auth.tenantId, (tx) => repository.loadAccount(tx, auth.userId));
  if (!account?.user.passwordHash || !(await verifyPassword(account.user.passwordHash, change.currentPassword))) {
    throw AppError.validation({ currentPassword: ['Current password is incorrect'] });
  }
  if (change.newPassword === change.currentPassword) throw AppError.validation({ newPassword: ['The new password must differ from the current one'] });
  const passwordHash = await hashPassword(change.newPassword);
  return deps.db.withTenant(auth.tenantId, async (tx) => {
    await repository.setPasswordHash(tx, auth.userId, passwordHash);
    const endedOtherSessions = await revokeAllSessionsOfUser(tx, origin, auth.userId, 'password changed', auth.sessionId);
    await recordSecurityEvent(tx, origin, { tenantId: auth.tenantId, type: 'password_changed', userId: auth.userId, userEmail: auth.email, details: { endedOtherSessions } });
    return { endedOtherSessions };
  });
}

/** Platform administrators manage every user of the tenant; everyone else only the users of their own company. */
async function managedUser(tx: Tx, actor: AuthContext, userId: string): Promise<repository.UserRow> {
  const user = await repository.findUser(tx, userId);
  if (!user || (!actsForWholeTenant(actor.role) && user.companyId !== actor.companyId)) throw AppError.notFound('User');
  return user;
}

/** The accounts locked now that this officer may see: platform administrators the tenant's, others their company's. */
export async function listLockedAccounts(deps: AuthDeps, viewer: AuthContext): Promise<LockedAccount[]> {
  const rows = await deps.db.withTenant(viewer.tenantId, (tx) => repository.lockedAccounts(tx, new Date(), actsForWholeTenant(viewer.role) ? undefined : viewer.companyId));
  return rows.map((row) => ({
    userId: row.user.id,
    email: row.user.email,
    name: `${row.user.firstName} ${row.user.lastName}`.trim(),
    companyName: row.companyName,
    lockedUntil: row.lockedUntil!.toISOString(),
    consecutiveFailures: row.failedLoginCount,
  }));
}

/** An administrator lifts a lockout before it runs out (SPEC §8: unlock by time or by an administrator). */
export async function unlockUser(deps: AuthDeps, origin: RequestOrigin, actor: AuthContext, userId: string): Promise<UserAccessState> {
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    const user = await managedUser(tx, actor, userId);
    await repository.saveCredentials(tx, user, { failedLoginCount: 0, lockedUntil: null });
    await recordSecurityEvent(tx, origin, { tenantId: actor.tenantId, type: 'account_unlocked', userId: user.id, userEmail: user.email, actorUserId: actor.userId, details: { unlockedBy: actor.email } });
    return { userId: user.id, status: user.status, lockedUntil: null, revokedSessions: 0 };
  });
}

/** Disabling a user ends every session of theirs at once. */
export async function disableUser(deps: AuthDeps, origin: RequestOrigin, actor: AuthContext, userId: string): Promise<UserAccessState> {
  if (userId === actor.userId) throw new AppError('AUTH__CANNOT_DISABLE_SELF');
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    const user = await managedUser(tx, actor, userId);
    await repository.updateUser(tx, user.id, { status: 'suspended' });
    const revokedSessions = await revokeAllSessionsOfUser(tx, origin, user.id, 'user disabled');
    await recordSecurityEvent(tx, origin, { tenantId: actor.tenantId, type: 'user_disabled', userId: user.id, userEmail: user.email, actorUserId: actor.userId, details: { disabledBy: actor.email, revokedSessions } });
    const credentials = (await repository.loadAccount(tx, user.id))?.credentials;
    return { userId: user.id, status: 'suspended', lockedUntil: credentials?.lockedUntil?.toISOString() ?? null, revokedSessions };
  });
}

/** Maps a unique-index clash on the wallet address to the caller's refusal. */
export function walletAlreadyLinked(error: unknown): boolean {
  return pgErrorOf(error)?.code === '23505';
}
