import type { AuthContext } from '../../plugins/auth';
import { AppError } from '../../lib/app-error';
import type { RequestOrigin } from '../../lib/request-origin';
import { recordSecurityEvent } from '../security';
import * as repository from './auth.repository';
import type { AuthDeps } from './auth.service';
import { acceptedTotpStep, enrolmentFor, newRecoveryCodes, newTotpSecret, recoveryCodeHash } from './mfa';

const invalidCode = () => AppError.validation({ code: ['Invalid verification code'] }, 'Invalid verification code');

async function accountOf(deps: AuthDeps, auth: AuthContext) {
  const account = await deps.db.withTenant(auth.tenantId, (tx) => repository.loadAccount(tx, auth.userId));
  if (!account) throw new AppError('UNAUTHORIZED');
  return account;
}

/** Starts TOTP enrolment: a new secret waits, unused, until a code from the app confirms it. */
export async function enrolMfa(deps: AuthDeps, auth: AuthContext) {
  const account = await accountOf(deps, auth);
  if (account.credentials?.mfaEnabled) throw new AppError('AUTH__MFA_ALREADY_ENABLED');
  const secret = newTotpSecret();
  await deps.db.withTenant(auth.tenantId, (tx) => repository.saveCredentials(tx, account.user, { mfaPendingSecret: deps.secrets.seal(secret, auth.userId) }));
  return enrolmentFor(account.user.email, secret);
}

/** A 6-digit code from the authenticator turns MFA on and yields the one-time recovery codes. */
export async function confirmMfa(deps: AuthDeps, origin: RequestOrigin, auth: AuthContext, code: string) {
  const account = await accountOf(deps, auth);
  const pending = account.credentials?.mfaPendingSecret;
  if (!pending) throw new AppError('AUTH__MFA_ENROLMENT_NOT_STARTED');
  if ((await acceptedTotpStep(deps.secrets.open(pending, auth.userId), code, null)) === null) throw invalidCode();
  const recoveryCodes = newRecoveryCodes();
  await deps.db.withTenant(auth.tenantId, async (tx) => {
    await repository.saveCredentials(tx, account.user, {
      mfaEnabled: true,
      mfaSecret: pending,
      mfaPendingSecret: null,
      // The enrolment code may still sign in once: it only ever appeared on the enrolling user's screen.
      mfaLastTimeStep: null,
      recoveryCodeHashes: recoveryCodes.map(recoveryCodeHash),
    });
    await recordSecurityEvent(tx, origin, { tenantId: auth.tenantId, type: 'mfa_enabled', userId: auth.userId, userEmail: auth.email });
  });
  return { recoveryCodes };
}

/** Turning MFA off needs a current code, so a borrowed session alone cannot do it. */
export async function disableMfa(deps: AuthDeps, origin: RequestOrigin, auth: AuthContext, code: string) {
  const account = await accountOf(deps, auth);
  const secret = account.credentials?.mfaEnabled ? account.credentials.mfaSecret : null;
  if (!secret) throw new AppError('AUTH__MFA_NOT_ENABLED');
  if ((await acceptedTotpStep(deps.secrets.open(secret, auth.userId), code, account.credentials?.mfaLastTimeStep ?? null)) === null) throw invalidCode();
  await deps.db.withTenant(auth.tenantId, async (tx) => {
    await repository.saveCredentials(tx, account.user, {
      mfaEnabled: false,
      mfaSecret: null,
      mfaPendingSecret: null,
      mfaLastTimeStep: null,
      recoveryCodeHashes: [],
    });
    await recordSecurityEvent(tx, origin, { tenantId: auth.tenantId, type: 'mfa_disabled', userId: auth.userId, userEmail: auth.email });
  });
  return { mfaEnabled: false };
}
