import { SERVER_EVENTS } from '@carbonledger/contracts';
import type { Tx } from '../../db/database';
import type { Actor } from '../../lib/actor';
import { recordAudit } from '../audit';
import type { RolesDeps } from './roles.deps';

/** What happened to a custom role or a user's custom role, in the tenant's audit trail. */
export async function auditRoles(
  tx: Tx,
  actor: Actor,
  action: 'custom_role.created' | 'custom_role.updated' | 'custom_role.deleted' | 'custom_role.assigned' | 'custom_role.unassigned',
  resource: { type: 'custom_role' | 'user'; id: string },
  details: Record<string, unknown>,
) {
  await recordAudit(tx, {
    tenantId: actor.tenantId,
    actorUserId: actor.userId,
    action,
    resourceType: resource.type,
    resourceId: resource.id,
    details,
    ip: actor.ip,
    requestId: actor.requestId,
  });
}

/**
 * Once a change of permission set has committed: the copies of the users' sessions are dropped,
 * so their next request uses the new set whatever the app does (the guard reads it with the
 * session), and each user's web app is told to read its session again so menus and buttons follow.
 */
export function announcePermissionsChanged(deps: RolesDeps, userIds: readonly string[]) {
  deps.sessions.forget({ userIds });
  for (const userId of userIds) deps.publisher.emitToUser(userId, SERVER_EVENTS.permissionsChanged, { userId });
}

/** The permissions added and removed by a change, for the audit entry. */
export function permissionChange(before: readonly string[], after: readonly string[]): { added: string[]; removed: string[] } {
  return { added: after.filter((permission) => !before.includes(permission)), removed: before.filter((permission) => !after.includes(permission)) };
}
