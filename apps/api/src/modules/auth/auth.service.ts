import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AuthResult, ErrorCode, LoginRequest, SessionRestore } from '@carbonledger/contracts';
import { pgErrorOf, type Database, type Tx } from '../../db/database';
import { userCredentials, type AuthMethod } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import type { RequestOrigin } from '../../lib/request-origin';
import type { AuthContext } from '../../plugins/auth';
import { recordAudit } from '../audit';
import { raiseSecurityAlert, recordSecurityEvent } from '../security';
import { endSession, openSession, rotateSessionSecrets, type SessionCache, type SessionPolicy } from '../sessions';
import * as repository from './auth.repository';
import { toAuthResult, toSessionRestore } from './auth.mappers';
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
  /** The processes' copies of checked sessions, which a refresh makes wrong. */
  sessionCache: SessionCache;
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
/** replacementHash: the hash of the new password that replaces a temporary one at this sign-in. */
type PasswordCheck = { account: repository.Account; recoveryCodeHash: string | null; replacementHash: string | null } | Refusal;

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
 * docs/product.md §4 sign-in: an e-mail tried too often from this IP waits (RATE_LIMITED); then find the
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
      ...(check.replacementHash ? { mustChangePassword: false } : {}),
    });
    if (check.replacementHash) {
      await repository.setPasswordHash(tx, account.user.id, check.replacementHash);
      await recordSecurityEvent(tx, origin, {
        tenantId: account.user.tenantId,
        type: 'password_changed',
        userId: account.user.id,
        userEmail: account.user.email,
        details: { via: 'temporary password replaced at sign-in' },
      });
    }
    await repository.markSignedIn(tx, account.user.id, now);
    const session = await startSession(tx, deps.policy, origin, account, options.method, now);
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
      recordSecurityEvent(tx, origin, {
        tenantId: user.tenantId,
        type: 'login_failed',
        userId: user.id,
        userEmail: user.email,
        details: { reason: 'account locked' },
      }),
    );
    return { refused: new AppError('INVALID_CREDENTIALS') };
  }
  if (!user.passwordHash || !(await verifyPassword(user.passwordHash, input.password))) {
    return failure(new AppError('INVALID_CREDENTIALS'), 'wrong password');
  }
  if (user.status !== 'active') return { refused: new AppError('ACCOUNT_LOCKED') };
  if (company.kycStatus === 'rejected' && !company.isPlatform) return { refused: new AppError('KYC_REQUIRED') };
  // A temporary password (docs/product.md §3 New user) opens no session: the client asks for a
  // new one and sends the sign-in again with it. Asked before the MFA code, so that a code is
  // not used up by a sign-in that cannot finish.
  let replacementHash: string | null = null;
  if (credentials?.mustChangePassword) {
    if (!input.newPassword) return { refused: new AppError('AUTH__PASSWORD_CHANGE_REQUIRED') };
    if (input.newPassword === input.password) return { refused: AppError.validation({ newPassword: ['The new password must differ from the current one'] }) };
    replacementHash = await hashPassword(input.newPassword);
  }

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
  return { account, recoveryCodeHash: usedRecoveryCode, replacementHash };
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

/** Opens the session of a proven sign-in and records what is new about it: the device, or a country never seen before. */
async function startSession(tx: Tx, policy: SessionPolicy, origin: RequestOrigin, account: repository.Account, method: AuthMethod, now: Date) {
  const { user } = account;
  const session = await openSession(tx, policy, origin, { tenantId: user.tenantId, userId: user.id }, method, now);
  const { history } = session;
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
  return session;
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

/**
 * Refresh rotates: a new token version and a new CSRF token, same session. The previous token
 * stops working once the rotation has committed: the copies of the session are dropped
 * (checkSession), here at once and in the other processes with REDIS_URL, else within a second.
 */
export async function refresh(deps: AuthDeps, auth: AuthContext): Promise<{ result: AuthResult; csrfToken: string }> {
  const { account, tokenVersion, csrfToken } = await deps.db.withTenant(auth.tenantId, async (tx) => ({
    ...(await rotateSessionSecrets(tx, auth.sessionId)),
    account: (await repository.loadAccount(tx, auth.userId))!,
  }));
  deps.sessionCache.forget({ sessionIds: [auth.sessionId] });
  return { result: await issue(deps, account, { id: auth.sessionId, fingerprint: auth.fingerprint, tokenVersion }), csrfToken };
}

export async function logout(deps: AuthDeps, origin: RequestOrigin, auth: AuthContext): Promise<void> {
  await deps.db.withTenant(auth.tenantId, async (tx) => {
    await endSession(tx, origin, auth.sessionId, 'logout');
    await recordAudit(tx, {
      tenantId: auth.tenantId,
      actorUserId: auth.userId,
      action: 'auth.logout',
      resourceType: 'session',
      resourceId: auth.sessionId,
      ip: origin.ip,
      requestId: origin.requestId,
    });
  });
}

/**
 * docs/product.md §4 session restore: the stored session id and fingerprint must be the ones of the
 * token's session. A different fingerprint means the token travelled to another client,
 * so the session is revoked and the restore fails with 'Session validation failed'.
 */
export async function restoreSession(
  deps: AuthDeps,
  origin: RequestOrigin,
  auth: AuthContext,
  claimed: { sessionId: string; fingerprint: string },
): Promise<SessionRestore> {
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

/** Maps a unique-index clash on the wallet address to the caller's refusal. */
export function walletAlreadyLinked(error: unknown): boolean {
  return pgErrorOf(error)?.code === '23505';
}
