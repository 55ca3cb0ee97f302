import { z } from 'zod';

/** docs/product.md §6 roles. OPERATOR and VIEWER are the team-screen roles with the narrowest rights. */
export const ROLES = [
  'SUPER_ADMIN',
  'ADMIN',
  'COMPANY_ADMIN',
  'CSO',
  'HEAD_OF_DIGITAL_ASSETS',
  'MANAGER',
  'FINANCE',
  'OPERATOR',
  'VIEWER',
] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/** docs/product.md §6 role check. */
export function hasRole(userRole: Role, required: Role): boolean {
  if (userRole === 'SUPER_ADMIN' || userRole === required) return true;
  if (required === 'ADMIN') return userRole === 'CSO' || userRole === 'HEAD_OF_DIGITAL_ASSETS';
  if (required === 'FINANCE') return userRole === 'ADMIN' || userRole === 'COMPANY_ADMIN' || userRole === 'MANAGER';
  return false;
}

export function hasAnyRole(userRole: Role, required: readonly Role[]): boolean {
  return required.length === 0 || required.some((role) => hasRole(userRole, role));
}

/** docs/product.md §6 permission check: the string is in the session's permission list. */
export function hasPermission(permissions: readonly string[], permission: string): boolean {
  return permissions.includes(permission);
}

/** docs/product.md §6 access check: ADMIN passes, otherwise resource:action must be held. */
export function canAccess(userRole: Role, permissions: readonly string[], resource: string, action: string): boolean {
  return userRole === 'ADMIN' || hasPermission(permissions, `${resource}:${action}`);
}

const OFFICERS = ['ADMIN', 'SUPER_ADMIN', 'CSO', 'COMPANY_ADMIN'] as const satisfies readonly Role[];

/** docs/product.md §6 table: role-restricted web routes and the roles that may open them. */
export const RESTRICTED_ROUTES = {
  '/offsets/requests': OFFICERS,
  '/approvals': OFFICERS,
  '/api-management': OFFICERS,
  '/compliance': OFFICERS,
  '/api-docs': OFFICERS,
  '/webhooks': OFFICERS,
  '/companies': OFFICERS,
  '/companies/new': OFFICERS,
  '/security-center': OFFICERS,
  '/security/sessions': OFFICERS,
  '/security/logs': OFFICERS,
  '/compliance/kyc-reviews': OFFICERS,
  '/registry': OFFICERS,
  '/financial/reconciliation': OFFICERS,
  '/invoices': ['ADMIN', 'SUPER_ADMIN', 'CSO', 'FINANCE'],
  '/reconciliation': ['ADMIN', 'SUPER_ADMIN', 'CSO', 'COMPANY_ADMIN', 'MANAGER', 'FINANCE'],
  '/team/users': ['ADMIN', 'SUPER_ADMIN', 'MANAGER'],
  '/team/activity': ['ADMIN', 'SUPER_ADMIN', 'MANAGER'],
  '/team/roles': ['ADMIN', 'SUPER_ADMIN'],
} as const satisfies Record<string, readonly Role[]>;

export type RestrictedRoute = keyof typeof RESTRICTED_ROUTES;

export function requiredRolesFor(path: string): readonly Role[] {
  return Object.hasOwn(RESTRICTED_ROUTES, path) ? RESTRICTED_ROUTES[path as RestrictedRoute] : [];
}

export function canOpenRoute(userRole: Role, path: string): boolean {
  return hasAnyRole(userRole, requiredRolesFor(path));
}

/**
 * docs/product.md §6 sidebar visibility, which differs from the route rules on purpose
 * ("both readings stand"): these entries hide from roles the route would still admit.
 */
export const SIDEBAR_ROLES = {
  companies: ['ADMIN', 'SUPER_ADMIN', 'CSO'],
  kycReviews: ['ADMIN', 'SUPER_ADMIN', 'CSO'],
  financialReconciliation: ['ADMIN', 'CSO'],
  walletApprovals: ['ADMIN', 'SUPER_ADMIN'],
} as const satisfies Record<string, readonly Role[]>;

/** The Manage Users menu entry needs the exact role, not the role check. */
export function canSeeManageUsers(userRole: Role): boolean {
  return userRole === 'ADMIN' || userRole === 'SUPER_ADMIN';
}

/** Platform administrators (exactly ADMIN or SUPER_ADMIN) act for every company of their tenant; everybody else for their own company. */
export function actsForWholeTenant(userRole: Role): boolean {
  return userRole === 'ADMIN' || userRole === 'SUPER_ADMIN';
}

/** Only administrators approve wallets and change blockchain settings. */
export function isAdministrator(userRole: Role): boolean {
  return hasRole(userRole, 'ADMIN');
}

/** Permission strings (resource:action) granted to each role by default. */
const READ_ALL = [
  'transactions:read',
  'tokens:read',
  'projects:read',
  'company:read',
  'wallets:read',
  'retirements:read',
  'certificates:read',
] as const;
const OPERATE = ['transactions:create', 'tokens:mint', 'retirements:create', 'wallets:create'] as const;
const ADMINISTER = [
  'wallets:approve',
  'users:read',
  'users:manage',
  'security:read',
  'security:manage',
  'audit:read',
  'settings:blockchain',
  'kyc:review',
  'approvals:decide',
  'invoices:read',
  'invoices:manage',
  'api-keys:manage',
  'webhooks:manage',
  'reconciliation:read',
] as const;

export const DEFAULT_PERMISSIONS: Record<Role, readonly string[]> = {
  SUPER_ADMIN: [...READ_ALL, ...OPERATE, ...ADMINISTER],
  ADMIN: [...READ_ALL, ...OPERATE, ...ADMINISTER],
  COMPANY_ADMIN: [...READ_ALL, ...OPERATE, 'users:read', 'users:manage', 'security:read', 'audit:read', 'reconciliation:read'],
  CSO: [...READ_ALL, 'security:read', 'security:manage', 'audit:read', 'kyc:review', 'approvals:decide', 'reconciliation:read'],
  HEAD_OF_DIGITAL_ASSETS: [...READ_ALL, ...OPERATE, 'approvals:decide', 'reconciliation:read'],
  MANAGER: [...READ_ALL, ...OPERATE, 'users:read', 'approvals:decide', 'reconciliation:read', 'invoices:read'],
  FINANCE: [...READ_ALL, 'invoices:read', 'invoices:manage', 'reconciliation:read'],
  OPERATOR: [...READ_ALL, ...OPERATE],
  VIEWER: [...READ_ALL],
};
