import { canChangeStatus, grantableRoles, type ChangeUserStatusRequest, type CreateUserInput, type TeamUser } from '@carbonledger/contracts';
import type { Tx } from '../../db/database';
import { companyScopeOf, type Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import type { RequestOrigin } from '../../lib/request-origin';
import { recordAudit } from '../audit';
import { recordSecurityEvent } from '../security';
import { revokeAllSessionsOfUser } from '../sessions';
import { prepareInvitation, prepareInvitationMail } from './invitations.service';
import { teamUserOf } from './users.queries';
import type { UsersDeps } from './users.deps';
import * as repository from './users.repository';

/** A user this actor manages: platform administrators any of the tenant, everyone else their own company's (another's is 404). */
async function managedUser(tx: Tx, actor: Actor, userId: string): Promise<repository.UserRow> {
  const user = await repository.findUser(tx, userId);
  const scope = companyScopeOf(actor);
  if (!user || (scope !== undefined && user.companyId !== scope)) throw AppError.notFound('User');
  return user;
}

/**
 * docs/product.md §3 New user from the team screen: in the actor's own company unless the actor
 * acts tenant-wide, with a role the actor may grant (contracts' grantableRoles).
 */
export async function createUser(deps: UsersDeps, actor: Actor, input: CreateUserInput): Promise<{ user: TeamUser; invitationSent: boolean }> {
  const companyId = input.companyId ?? actor.companyId;
  const scope = companyScopeOf(actor);
  if (scope !== undefined && companyId !== scope) throw new AppError('ACCESS_DENIED');
  if (!grantableRoles(actor.role).includes(input.role)) throw new AppError('USER__ROLE_NOT_GRANTABLE');
  const prepared = await deps.db.withTenant(actor.tenantId, (tx) =>
    prepareInvitation(tx, deps, { ...input, tenantId: actor.tenantId, companyId }, { userId: actor.userId, requestId: actor.requestId, ip: actor.ip }),
  );
  const invitationSent = await prepared.send();
  return { user: await teamUserOf(deps, actor, prepared.user.id), invitationSent };
}

/** docs/product.md §4 Users: the allowed transitions; leaving `active` ends every session, cancelling a pending user ends the invitation. */
export async function changeUserStatus(
  deps: UsersDeps,
  origin: RequestOrigin,
  actor: Actor,
  userId: string,
  change: ChangeUserStatusRequest,
): Promise<TeamUser> {
  if (userId === actor.userId) throw new AppError('USER__CANNOT_CHANGE_OWN_STATUS');
  await deps.db.withTenant(actor.tenantId, async (tx) => {
    const user = await managedUser(tx, actor, userId);
    if (!canChangeStatus(user.status, change.status)) throw new AppError('USER__STATUS_TRANSITION_NOT_ALLOWED');
    await repository.setStatus(tx, user.id, change.status);
    const endedSessions = change.status === 'active' ? 0 : await revokeAllSessionsOfUser(tx, origin, user.id, `user ${change.status}`);
    if (user.status === 'pending_verification') await repository.revokeLinks(tx, user.id, 'invitation', new Date());
    await recordAudit(tx, {
      tenantId: actor.tenantId,
      actorUserId: actor.userId,
      action: 'user.status_changed',
      resourceType: 'user',
      resourceId: user.id,
      details: { from: user.status, to: change.status, endedSessions },
      ip: origin.ip,
      requestId: origin.requestId,
    });
    if (change.status === 'suspended') {
      await recordSecurityEvent(tx, origin, {
        tenantId: actor.tenantId,
        type: 'user_disabled',
        userId: user.id,
        userEmail: user.email,
        actorUserId: actor.userId,
        details: { revokedSessions: endedSessions },
      });
    }
  });
  return teamUserOf(deps, actor, userId);
}

/** A new invitation link for a user still waiting on one; the earlier links stop working. */
export async function resendInvitation(deps: UsersDeps, actor: Actor, userId: string): Promise<{ user: TeamUser; invitationSent: boolean }> {
  const send = await deps.db.withTenant(actor.tenantId, async (tx) => {
    const user = await managedUser(tx, actor, userId);
    if (user.status !== 'pending_verification') throw new AppError('USER__NO_PENDING_INVITATION');
    const language = (await repository.latestLink(tx, user.id, 'invitation'))?.language ?? 'en';
    await recordAudit(tx, {
      tenantId: actor.tenantId,
      actorUserId: actor.userId,
      action: 'user.invitation_resent',
      resourceType: 'user',
      resourceId: user.id,
      ip: actor.ip ?? null,
      requestId: actor.requestId ?? null,
    });
    return prepareInvitationMail(tx, deps, user, language, actor.userId);
  });
  const invitationSent = await send();
  return { user: await teamUserOf(deps, actor, userId), invitationSent };
}
