import {
  DEFAULT_PERMISSIONS,
  PERMISSION_CATALOGUE,
  baseRolesAssignableBy,
  effectivePermissions,
  type CustomRole,
  type Permission,
  type Role,
} from '@carbonledger/contracts';
import type { Tx } from '../../db/database';
import { companyScopeOf, type Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import * as repository from './roles.repository';

/** The permissions the actor holds now: their custom role's, else their role's (as the request guard reads them). */
export async function heldPermissions(tx: Tx, actor: Actor): Promise<Permission[]> {
  const self = await repository.findUser(tx, actor.userId);
  return effectivePermissions(actor.role, self?.customPermissions);
}

/** A custom role the actor may see: another company's answers 404 to everyone but platform administrators. */
export async function visibleCustomRole(tx: Tx, actor: Actor, id: string): Promise<repository.CustomRoleListRow> {
  const row = await repository.findCustomRole(tx, id);
  const scope = companyScopeOf(actor);
  if (!row || (scope && row.role.companyId !== scope)) throw AppError.notFound('Custom role');
  return row;
}

/** Nobody builds, changes or hands out a custom role on a base role above their own (docs/product.md §6). */
export function assertBaseAllowed(actor: Actor, baseRole: Role): void {
  if (!(baseRolesAssignableBy(actor.role) as Role[]).includes(baseRole)) throw new AppError('ROLES__BASE_ROLE_NOT_ALLOWED');
}

/**
 * A custom role grants only what its author holds, and the administrators-only permissions
 * only when its base role holds them. Only what the change adds is checked: keeping a
 * permission someone else granted is not granting it.
 */
export function assertGrantable(held: readonly Permission[], baseRole: Role, permissions: readonly Permission[], before: readonly string[] = []): void {
  for (const permission of permissions.filter((candidate) => !before.includes(candidate))) {
    if (!held.includes(permission)) throw new AppError('ROLES__PERMISSION_NOT_HELD', undefined, { fields: { permissions: [permission] } });
    if (PERMISSION_CATALOGUE[permission].reserved && !DEFAULT_PERMISSIONS[baseRole].includes(permission)) {
      throw new AppError('ROLES__RESERVED_PERMISSION', undefined, { fields: { permissions: [permission] } });
    }
  }
}

export function toCustomRole(row: repository.CustomRoleListRow): CustomRole {
  const { role } = row;
  return {
    id: role.id,
    companyId: role.companyId,
    companyName: row.companyName,
    name: role.name,
    description: role.description,
    baseRole: role.baseRole,
    permissions: effectivePermissions(role.baseRole, role.permissions),
    memberCount: row.memberCount,
    createdAt: role.createdAt.toISOString(),
    updatedAt: role.updatedAt.toISOString(),
  };
}
