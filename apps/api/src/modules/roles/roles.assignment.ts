import { effectivePermissions, type CustomRoleAssignment } from '@carbonledger/contracts';
import type { Tx } from '../../db/database';
import { companyScopeOf, type Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import type { RolesDeps } from './roles.deps';
import { announcePermissionsChanged, auditRoles } from './roles.events';
import * as repository from './roles.repository';
import { assertBaseAllowed, visibleCustomRole } from './roles.rules';

/**
 * Gives a user a custom role of their company (or takes it away with null) inside the
 * caller's transaction: for the users module, which offers custom roles when it creates a
 * user. The user's role must already be the custom role's base role: this never changes
 * `role`, so never the guards. Answers whether the user's permission set changed.
 */
export async function assignCustomRoleInTx(
  tx: Tx,
  actor: Actor,
  userId: string,
  customRoleId: string | null,
): Promise<{ assignment: CustomRoleAssignment; changed: boolean }> {
  const user = await repository.findUser(tx, userId);
  const scope = companyScopeOf(actor);
  if (!user || (scope && user.companyId !== scope)) throw AppError.notFound('User');
  let changed = false;
  if (customRoleId) {
    const { role } = await visibleCustomRole(tx, actor, customRoleId);
    assertBaseAllowed(actor, role.baseRole);
    if (role.companyId !== user.companyId) throw new AppError('ROLES__OTHER_COMPANY');
    if (role.baseRole !== user.role) throw new AppError('ROLES__BASE_ROLE_MISMATCH');
    if (user.customRoleId !== role.id) {
      await repository.setMembership(tx, { userId, tenantId: actor.tenantId, customRoleId: role.id, assignedBy: actor.userId });
      await auditRoles(
        tx,
        actor,
        'custom_role.assigned',
        { type: 'user', id: userId },
        { customRoleId: role.id, name: role.name, previousCustomRoleId: user.customRoleId },
      );
      changed = true;
    }
  } else if (user.customRoleId) {
    const held = await repository.findCustomRole(tx, user.customRoleId);
    if (held) assertBaseAllowed(actor, held.role.baseRole);
    await repository.clearMembership(tx, userId);
    await auditRoles(tx, actor, 'custom_role.unassigned', { type: 'user', id: userId }, { customRoleId: user.customRoleId, name: held?.role.name ?? null });
    changed = true;
  }
  const after = (await repository.findUser(tx, userId))!;
  return {
    assignment: { userId, role: after.role, customRoleId: after.customRoleId, permissions: effectivePermissions(after.role, after.customPermissions) },
    changed,
  };
}

/** PUT /users/{id}/custom-role: the user's next request runs with the new set, and their web app is told to read its session again. */
export async function assignCustomRole(deps: RolesDeps, actor: Actor, userId: string, customRoleId: string | null): Promise<CustomRoleAssignment> {
  const { assignment, changed } = await deps.db.withTenant(actor.tenantId, (tx) => assignCustomRoleInTx(tx, actor, userId, customRoleId));
  if (changed) announcePermissionsChanged(deps, [userId]);
  return assignment;
}
