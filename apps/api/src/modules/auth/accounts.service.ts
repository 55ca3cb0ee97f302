// The signed-in user's own account (profile, password) and the administrators' hold on other accounts (locks, suspension).
import type { LockedAccount, PasswordChangeRequest, ProfileUpdateRequest, User, UserAccessState } from '@carbonledger/contracts';
import type { Tx } from '../../db/database';
import { companyScopeOf, type Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import type { RequestOrigin } from '../../lib/request-origin';
import type { AuthContext } from '../../plugins/auth';
import { recordAudit } from '../audit';
import { recordSecurityEvent } from '../security';
import { revokeAllSessionsOfUser } from '../sessions';
import * as repository from './auth.repository';
import { toUser } from './auth.mappers';
import type { AuthDeps } from './auth.service';

export async function updateProfile(deps: AuthDeps, origin: RequestOrigin, auth: AuthContext, change: ProfileUpdateRequest): Promise<User> {
  return deps.db.withTenant(auth.tenantId, async (tx) => {
    if (Object.keys(change).length > 0) {
      await repository.updateUser(tx, auth.userId, change);
      await recordAudit(tx, {
        tenantId: auth.tenantId,
        actorUserId: auth.userId,
        action: 'user.profile_updated',
        resourceType: 'user',
        resourceId: auth.userId,
        details: { fields: Object.keys(change) },
        ip: origin.ip,
        requestId: origin.requestId,
      });
    }
    const account = await repository.loadAccount(tx, auth.userId);
    return toUser(account!.user, account!.credentials);
  });
}

/** A new password (docs/product.md §5 rule, checked by the contract) ends every other session of the user. */
export async function changePassword(
  deps: AuthDeps,
  origin: RequestOrigin,
  auth: AuthContext,
  change: PasswordChangeRequest,
): Promise<{ endedOtherSessions: number }> {
  const account = await deps.db.withTenant(auth.tenantId, (tx) => repository.loadAccount(tx, auth.userId));
  if (!account?.user.passwordHash || !(await verifyPassword(account.user.passwordHash, change.currentPassword))) {
    throw AppError.validation({ currentPassword: ['Current password is incorrect'] });
  }
  if (change.newPassword === change.currentPassword) throw AppError.validation({ newPassword: ['The new password must differ from the current one'] });
  const passwordHash = await hashPassword(change.newPassword);
  return deps.db.withTenant(auth.tenantId, async (tx) => {
    await repository.setPasswordHash(tx, auth.userId, passwordHash);
    await repository.saveCredentials(tx, { id: auth.userId, tenantId: auth.tenantId }, { mustChangePassword: false });
    const endedOtherSessions = await revokeAllSessionsOfUser(tx, origin, auth.userId, 'password changed', auth.sessionId);
    await recordSecurityEvent(tx, origin, {
      tenantId: auth.tenantId,
      type: 'password_changed',
      userId: auth.userId,
      userEmail: auth.email,
      details: { endedOtherSessions },
    });
    return { endedOtherSessions };
  });
}

/** Platform administrators manage every user of the tenant; everyone else only the users of their own company. */
async function managedUser(tx: Tx, actor: Actor, userId: string): Promise<repository.UserRow> {
  const user = await repository.findUser(tx, userId);
  const scope = companyScopeOf(actor);
  if (!user || (scope !== undefined && user.companyId !== scope)) throw AppError.notFound('User');
  return user;
}

/** The accounts locked now that this officer may see: platform administrators the tenant's, others their company's. */
export async function listLockedAccounts(deps: AuthDeps, viewer: Actor): Promise<LockedAccount[]> {
  const rows = await deps.db.withTenant(viewer.tenantId, (tx) => repository.lockedAccounts(tx, new Date(), companyScopeOf(viewer)));
  return rows.map((row) => ({
    userId: row.user.id,
    email: row.user.email,
    name: `${row.user.firstName} ${row.user.lastName}`.trim(),
    companyName: row.companyName,
    lockedUntil: row.lockedUntil!.toISOString(),
    consecutiveFailures: row.failedLoginCount,
  }));
}

/** An administrator lifts a lockout before it runs out (docs/product.md §8: unlock by time or by an administrator). */
export async function unlockUser(deps: AuthDeps, origin: RequestOrigin, actor: Actor & { email: string }, userId: string): Promise<UserAccessState> {
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    const user = await managedUser(tx, actor, userId);
    await repository.saveCredentials(tx, user, { failedLoginCount: 0, lockedUntil: null });
    await recordSecurityEvent(tx, origin, {
      tenantId: actor.tenantId,
      type: 'account_unlocked',
      userId: user.id,
      userEmail: user.email,
      actorUserId: actor.userId,
      details: { unlockedBy: actor.email },
    });
    return { userId: user.id, status: user.status, lockedUntil: null, revokedSessions: 0 };
  });
}

/** Disabling a user ends every session of theirs at once. */
export async function disableUser(deps: AuthDeps, origin: RequestOrigin, actor: Actor & { email: string }, userId: string): Promise<UserAccessState> {
  if (userId === actor.userId) throw new AppError('AUTH__CANNOT_DISABLE_SELF');
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    const user = await managedUser(tx, actor, userId);
    await repository.updateUser(tx, user.id, { status: 'suspended' });
    const revokedSessions = await revokeAllSessionsOfUser(tx, origin, user.id, 'user disabled');
    await recordSecurityEvent(tx, origin, {
      tenantId: actor.tenantId,
      type: 'user_disabled',
      userId: user.id,
      userEmail: user.email,
      actorUserId: actor.userId,
      details: { disabledBy: actor.email, revokedSessions },
    });
    const credentials = (await repository.loadAccount(tx, user.id))?.credentials;
    return { userId: user.id, status: 'suspended', lockedUntil: credentials?.lockedUntil?.toISOString() ?? null, revokedSessions };
  });
}
