import { z } from 'zod';
import {
  DEFAULT_PERMISSIONS,
  PERMISSIONS,
  PERMISSION_CATALOGUE,
  RESTRICTED_ROUTES,
  actsForWholeTenant,
  canOpenRoute,
  isAdministrator,
  permissionSchema,
  roleSchema,
  type Permission,
  type RestrictedRoute,
  type Role,
} from './roles';
import { multiLineText, singleLineText } from './text';

/**
 * Custom roles (docs/product.md §6): a company's own permission set on top of a fixed base
 * role. The base role keeps deciding every role and route guard (the user's `role` is the
 * base role); the custom role only replaces the permission set. Platform roles are no base:
 * they act for every company and ADMIN passes every access check whatever it holds.
 */
export const CUSTOM_ROLE_BASES = [
  'COMPANY_ADMIN',
  'CSO',
  'HEAD_OF_DIGITAL_ASSETS',
  'MANAGER',
  'FINANCE',
  'OPERATOR',
  'VIEWER',
] as const satisfies readonly Role[];
export const customRoleBaseSchema = z.enum(CUSTOM_ROLE_BASES);
export type CustomRoleBase = z.infer<typeof customRoleBaseSchema>;

const ROUTES = Object.keys(RESTRICTED_ROUTES) as RestrictedRoute[];

/**
 * The base roles an actor may build custom roles on and hand out: platform administrators
 * any; anyone else only roles that open no screen the actor cannot open and that are no
 * administrator unless the actor is one, so nobody widens a guard beyond their own.
 */
export function baseRolesAssignableBy(actorRole: Role): CustomRoleBase[] {
  if (actsForWholeTenant(actorRole)) return [...CUSTOM_ROLE_BASES];
  return CUSTOM_ROLE_BASES.filter(
    (base) => ROUTES.every((route) => !canOpenRoute(base, route) || canOpenRoute(actorRole, route)) && (!isAdministrator(base) || isAdministrator(actorRole)),
  );
}

/**
 * What an actor holding `actorPermissions` may put in a custom role on `base`: what the actor
 * holds, and of the reserved (administrators-only) permissions only those the base role holds.
 */
export function grantablePermissions(base: Role, actorPermissions: readonly string[]): Permission[] {
  return PERMISSIONS.filter(
    (permission) => actorPermissions.includes(permission) && (!PERMISSION_CATALOGUE[permission].reserved || DEFAULT_PERMISSIONS[base].includes(permission)),
  );
}

export const customRoleTexts = {
  created: 'Custom role created',
  updated: 'Custom role updated',
  deleted: 'Custom role deleted',
  assigned: 'Custom role assigned',
  unassigned: 'Custom role removed; the user holds the permissions of their role again',
  nameTaken: 'This company already has a custom role with this name.',
  permissionNotHeld: 'You cannot grant a permission your own role does not hold.',
  reservedPermission: 'This permission is for administrators: a custom role holds it only when its base role does.',
  baseRoleNotAllowed: 'You cannot use a role that can do more than your own.',
  inUse: 'This custom role is still assigned to users. Give them another role first.',
  baseRoleMismatch: "The user's role is not the base role of this custom role.",
  otherCompany: "The user belongs to another company than this custom role's.",
  nothingToChange: 'Change the name, the description or the permissions.',
  duplicatePermissions: 'Each permission may be listed once.',
} as const;

const nameField = singleLineText().trim().min(1).max(60);
const descriptionField = multiLineText().trim().max(500);
const permissionsField = z
  .array(permissionSchema)
  .max(PERMISSIONS.length)
  .refine((permissions) => new Set(permissions).size === permissions.length, customRoleTexts.duplicatePermissions);

export const createCustomRoleRequest = z.object({
  companyId: z.uuid(),
  name: nameField,
  description: descriptionField.default(''),
  baseRole: customRoleBaseSchema,
  permissions: permissionsField,
});
export type CreateCustomRoleRequest = z.input<typeof createCustomRoleRequest>;

/** The base role is fixed at creation: its users' role would otherwise change under them. */
export const updateCustomRoleRequest = z
  .object({ name: nameField.optional(), description: descriptionField.optional(), permissions: permissionsField.optional() })
  .refine((change) => change.name !== undefined || change.description !== undefined || change.permissions !== undefined, customRoleTexts.nothingToChange);
export type UpdateCustomRoleRequest = z.input<typeof updateCustomRoleRequest>;

export const customRoleIdParams = z.object({ id: z.uuid() });
export const customRoleListQuery = z.object({ companyId: z.uuid().optional() });

export const customRoleSchema = z.object({
  id: z.uuid(),
  companyId: z.uuid(),
  companyName: z.string(),
  name: z.string(),
  description: z.string(),
  baseRole: customRoleBaseSchema,
  permissions: z.array(permissionSchema),
  memberCount: z.number().int().nonnegative(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CustomRole = z.infer<typeof customRoleSchema>;

/** GET /roles: the fixed roles' matrix, the custom roles in the caller's scope, and what the caller may do with them. */
export const rolesOverviewSchema = z.object({
  fixedRoles: z.array(z.object({ role: roleSchema, permissions: z.array(permissionSchema) })),
  customRoles: z.array(customRoleSchema),
  /** Whether the caller may create, change, delete and assign custom roles (`roles:manage`). */
  canManage: z.boolean(),
  /** The permissions the caller holds, the most any custom role they build may grant. */
  heldPermissions: z.array(permissionSchema),
  /** The base roles the caller may build custom roles on. */
  baseRoles: z.array(customRoleBaseSchema),
});
export type RolesOverview = z.infer<typeof rolesOverviewSchema>;

/** A user of the custom role's company who has its base role: who the role can be given to. */
export const customRoleCandidateSchema = z.object({
  userId: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  assigned: z.boolean(),
});
export type CustomRoleCandidate = z.infer<typeof customRoleCandidateSchema>;

export const assignCustomRoleRequest = z.object({ customRoleId: z.uuid().nullable() });
export type AssignCustomRoleRequest = z.infer<typeof assignCustomRoleRequest>;

export const customRoleAssignmentSchema = z.object({
  userId: z.uuid(),
  role: roleSchema,
  customRoleId: z.uuid().nullable(),
  permissions: z.array(permissionSchema),
});
export type CustomRoleAssignment = z.infer<typeof customRoleAssignmentSchema>;

/** permissions_changed: the user's permission set changed; their web app reads its session again. */
export const permissionsChangedPayload = z.object({ userId: z.uuid() });
