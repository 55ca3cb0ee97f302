import {
  DEFAULT_PERMISSIONS,
  ROLES,
  baseRolesAssignableBy,
  canAccess,
  canOpenRoute,
  type CustomRole,
  type CustomRoleBase,
  type CustomRoleCandidate,
  type RolesOverview,
} from '@carbonledger/contracts';
import type { Tx } from '../../db/database';
import { companyScopeOf, type Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import type { RolesDeps } from './roles.deps';
import * as repository from './roles.repository';
import { assertBaseAllowed, heldPermissions, toCustomRole, visibleCustomRole } from './roles.rules';

/**
 * GET /roles: the fixed roles' permission matrix and the custom roles of the actor's company
 * (of the tenant, or of `companyId`, for platform administrators). Open to whoever may open
 * /team/roles (docs/product.md §6 route table) and to holders of roles:manage, the company
 * administrators who define their company's roles through the API.
 */
export async function rolesOverview(deps: RolesDeps, actor: Actor, query: { companyId?: string }): Promise<RolesOverview> {
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    const held = await heldPermissions(tx, actor);
    const canManage = canAccess(actor.role, held, 'roles', 'manage');
    if (!canManage && !canOpenRoute(actor.role, '/team/roles')) throw new AppError('ACCESS_DENIED');
    const rows = await repository.listCustomRoles(tx, companyScopeOf(actor) ?? query.companyId);
    return {
      fixedRoles: ROLES.map((role) => ({ role, permissions: [...DEFAULT_PERMISSIONS[role]] })),
      customRoles: rows.map(toCustomRole),
      canManage,
      heldPermissions: held,
      baseRoles: canManage ? baseRolesAssignableBy(actor.role) : [],
    };
  });
}

/** Who a custom role can be given to: the users of its company whose role is its base role. */
export async function customRoleCandidates(deps: RolesDeps, actor: Actor, id: string): Promise<CustomRoleCandidate[]> {
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    const { role } = await visibleCustomRole(tx, actor, id);
    assertBaseAllowed(actor, role.baseRole);
    const rows = await repository.usersWithRole(tx, role.companyId, role.baseRole, role.id);
    return rows.map((row) => ({ userId: row.userId, name: `${row.firstName} ${row.lastName}`, email: row.email, role: row.role, assigned: row.assigned }));
  });
}

/**
 * The roles the actor may give a user of `companyId`: the fixed base roles and, when the actor
 * holds roles:manage, that company's custom roles built on one of them. For the users module's
 * role picker; pick a custom role by creating the user with its base role and then calling
 * assignCustomRoleInTx in the same transaction.
 */
export async function rolesAssignableBy(tx: Tx, actor: Actor, companyId: string): Promise<{ baseRoles: CustomRoleBase[]; customRoles: CustomRole[] }> {
  const baseRoles = baseRolesAssignableBy(actor.role);
  const scope = companyScopeOf(actor);
  if ((scope && scope !== companyId) || !canAccess(actor.role, await heldPermissions(tx, actor), 'roles', 'manage')) return { baseRoles, customRoles: [] };
  const rows = await repository.listCustomRoles(tx, companyId);
  return { baseRoles, customRoles: rows.filter((row) => baseRoles.includes(row.role.baseRole)).map(toCustomRole) };
}
