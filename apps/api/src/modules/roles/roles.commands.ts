import type { z } from 'zod';
import type { CustomRole, createCustomRoleRequest, updateCustomRoleRequest } from '@carbonledger/contracts';
import type { Tx } from '../../db/database';
import { companyScopeOf, type Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import type { RolesDeps } from './roles.deps';
import { announcePermissionsChanged, auditRoles, permissionChange } from './roles.events';
import * as repository from './roles.repository';
import { assertBaseAllowed, assertGrantable, heldPermissions, toCustomRole, visibleCustomRole } from './roles.rules';

type CreateInput = z.output<typeof createCustomRoleRequest>;
type UpdateInput = z.output<typeof updateCustomRoleRequest>;

async function assertNameFree(tx: Tx, companyId: string, name: string, exceptId?: string): Promise<void> {
  if (await repository.nameTaken(tx, companyId, name, exceptId)) throw new AppError('ROLES__NAME_TAKEN', undefined, { fields: { name: ['taken'] } });
}

/** A company's new custom role: a base role the actor may hand out and permissions the actor holds (docs/product.md §6). */
export async function createCustomRole(deps: RolesDeps, actor: Actor, request: CreateInput): Promise<CustomRole> {
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    const scope = companyScopeOf(actor);
    if ((scope && request.companyId !== scope) || !(await repository.companyExists(tx, request.companyId))) throw AppError.notFound('Company');
    assertBaseAllowed(actor, request.baseRole);
    assertGrantable(await heldPermissions(tx, actor), request.baseRole, request.permissions);
    await assertNameFree(tx, request.companyId, request.name);
    const role = await repository.insertCustomRole(tx, {
      tenantId: actor.tenantId,
      companyId: request.companyId,
      name: request.name,
      description: request.description,
      baseRole: request.baseRole,
      permissions: request.permissions,
      createdBy: actor.userId,
    });
    await auditRoles(
      tx,
      actor,
      'custom_role.created',
      { type: 'custom_role', id: role.id },
      {
        companyId: role.companyId,
        name: role.name,
        baseRole: role.baseRole,
        permissions: role.permissions,
      },
    );
    return toCustomRole((await repository.findCustomRole(tx, role.id))!);
  });
}

/**
 * Renames, re-describes or changes the permissions of a custom role. Its users' next request
 * already runs with the new set; their web apps are told to read their session again.
 */
export async function updateCustomRole(deps: RolesDeps, actor: Actor, id: string, change: UpdateInput): Promise<CustomRole> {
  const { role, members, changed } = await deps.db.withTenant(actor.tenantId, async (tx) => {
    await visibleCustomRole(tx, actor, id);
    const current = (await repository.lockCustomRole(tx, id))!;
    assertBaseAllowed(actor, current.baseRole);
    if (change.permissions) assertGrantable(await heldPermissions(tx, actor), current.baseRole, change.permissions, current.permissions);
    if (change.name !== undefined) await assertNameFree(tx, current.companyId, change.name, id);
    await repository.updateCustomRole(tx, id, {
      ...(change.name !== undefined ? { name: change.name } : {}),
      ...(change.description !== undefined ? { description: change.description } : {}),
      ...(change.permissions ? { permissions: change.permissions } : {}),
    });
    const permissions = change.permissions ? permissionChange(current.permissions, change.permissions) : { added: [], removed: [] };
    await auditRoles(
      tx,
      actor,
      'custom_role.updated',
      { type: 'custom_role', id },
      {
        companyId: current.companyId,
        name: change.name ?? current.name,
        ...(change.name !== undefined && change.name !== current.name ? { previousName: current.name } : {}),
        ...permissions,
      },
    );
    const changedPermissions = permissions.added.length + permissions.removed.length > 0;
    return {
      role: toCustomRole((await repository.findCustomRole(tx, id))!),
      members: changedPermissions ? await repository.membersOf(tx, id) : [],
      changed: changedPermissions,
    };
  });
  if (changed) announcePermissionsChanged(deps, members);
  return role;
}

/** Deletes a custom role nobody holds; one still assigned is refused (ROLES__IN_USE). */
export async function deleteCustomRole(deps: RolesDeps, actor: Actor, id: string): Promise<void> {
  await deps.db.withTenant(actor.tenantId, async (tx) => {
    await visibleCustomRole(tx, actor, id);
    const current = (await repository.lockCustomRole(tx, id))!;
    assertBaseAllowed(actor, current.baseRole);
    if ((await repository.countMembers(tx, id)) > 0) throw new AppError('ROLES__IN_USE');
    await repository.deleteCustomRole(tx, id);
    await auditRoles(
      tx,
      actor,
      'custom_role.deleted',
      { type: 'custom_role', id },
      { companyId: current.companyId, name: current.name, baseRole: current.baseRole },
    );
  });
}
