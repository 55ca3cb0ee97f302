import { z } from 'zod';
import type { Language } from './constants';

/** docs/product.md §6 roles. OPERATOR and VIEWER are the team-screen roles with the narrowest rights. */
export const ROLES = ['SUPER_ADMIN', 'ADMIN', 'COMPANY_ADMIN', 'CSO', 'HEAD_OF_DIGITAL_ASSETS', 'MANAGER', 'FINANCE', 'OPERATOR', 'VIEWER'] as const;
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

/** Administrators by the §6 role check (the roles a custom role may only copy when its author is one). */
export function isAdministrator(userRole: Role): boolean {
  return hasRole(userRole, 'ADMIN');
}

/**
 * docs/product.md §6 permission catalogue: every `resource:action` a role can hold, in the
 * order the roles matrix shows them, with its group and its label in each language.
 * `reserved` marks the administrators-only actions of §6: a custom role holds one only when
 * its base role does, so a custom role never widens them.
 */
export const PERMISSION_CATALOGUE = {
  'transactions:read': { group: 'read', reserved: false, label: { en: 'View transactions', pt: 'Ver transações', es: 'Ver transacciones' } },
  'tokens:read': { group: 'read', reserved: false, label: { en: 'View carbon tokens', pt: 'Ver tokens de carbono', es: 'Ver tokens de carbono' } },
  'projects:read': { group: 'read', reserved: false, label: { en: 'View carbon projects', pt: 'Ver projetos de carbono', es: 'Ver proyectos de carbono' } },
  'company:read': { group: 'read', reserved: false, label: { en: 'View company data', pt: 'Ver dados da empresa', es: 'Ver datos de la empresa' } },
  'wallets:read': { group: 'read', reserved: false, label: { en: 'View wallets', pt: 'Ver carteiras', es: 'Ver billeteras' } },
  'retirements:read': { group: 'read', reserved: false, label: { en: 'View retirements', pt: 'Ver aposentadorias', es: 'Ver retiros' } },
  'certificates:read': { group: 'read', reserved: false, label: { en: 'View certificates', pt: 'Ver certificados', es: 'Ver certificados' } },
  'transactions:create': { group: 'operate', reserved: false, label: { en: 'Create transactions', pt: 'Criar transações', es: 'Crear transacciones' } },
  'tokens:mint': { group: 'operate', reserved: false, label: { en: 'Mint tokens', pt: 'Emitir tokens', es: 'Emitir tokens' } },
  'retirements:create': { group: 'operate', reserved: false, label: { en: 'Retire credits', pt: 'Aposentar créditos', es: 'Retirar créditos' } },
  'wallets:create': {
    group: 'operate',
    reserved: false,
    label: { en: 'Register and manage wallets', pt: 'Registrar e gerenciar carteiras', es: 'Registrar y gestionar billeteras' },
  },
  'wallets:approve': { group: 'administer', reserved: true, label: { en: 'Decide on wallets', pt: 'Decidir sobre carteiras', es: 'Decidir sobre billeteras' } },
  'users:read': { group: 'administer', reserved: false, label: { en: 'View users', pt: 'Ver usuários', es: 'Ver usuarios' } },
  'users:manage': { group: 'administer', reserved: true, label: { en: 'Manage users', pt: 'Gerenciar usuários', es: 'Gestionar usuarios' } },
  'roles:manage': {
    group: 'administer',
    reserved: true,
    label: { en: 'Manage custom roles', pt: 'Gerenciar funções personalizadas', es: 'Gestionar roles personalizados' },
  },
  'security:read': { group: 'administer', reserved: false, label: { en: 'View security', pt: 'Ver segurança', es: 'Ver seguridad' } },
  'security:manage': { group: 'administer', reserved: false, label: { en: 'Manage security', pt: 'Gerenciar segurança', es: 'Gestionar seguridad' } },
  'audit:read': {
    group: 'administer',
    reserved: false,
    label: { en: 'View the audit trail', pt: 'Ver a trilha de auditoria', es: 'Ver el registro de auditoría' },
  },
  'settings:blockchain': {
    group: 'administer',
    reserved: true,
    label: { en: 'Change blockchain and minting settings', pt: 'Alterar configurações de blockchain e emissão', es: 'Cambiar ajustes de blockchain y emisión' },
  },
  'kyc:review': { group: 'administer', reserved: true, label: { en: 'Review KYC', pt: 'Revisar KYC', es: 'Revisar KYC' } },
  'approvals:decide': {
    group: 'administer',
    reserved: true,
    label: { en: 'Decide on mint approvals', pt: 'Decidir aprovações de emissão', es: 'Decidir aprobaciones de emisión' },
  },
  'invoices:read': { group: 'administer', reserved: false, label: { en: 'View invoices', pt: 'Ver faturas', es: 'Ver facturas' } },
  'invoices:manage': { group: 'administer', reserved: false, label: { en: 'Manage invoices', pt: 'Gerenciar faturas', es: 'Gestionar facturas' } },
  'api-keys:manage': { group: 'administer', reserved: false, label: { en: 'Manage API keys', pt: 'Gerenciar chaves de API', es: 'Gestionar claves de API' } },
  'webhooks:manage': { group: 'administer', reserved: false, label: { en: 'Manage webhooks', pt: 'Gerenciar webhooks', es: 'Gestionar webhooks' } },
  'reconciliation:read': { group: 'administer', reserved: false, label: { en: 'View reconciliation', pt: 'Ver conciliação', es: 'Ver conciliación' } },
} as const satisfies Record<`${string}:${string}`, { group: 'read' | 'operate' | 'administer'; reserved: boolean; label: Record<Language, string> }>;

export type Permission = keyof typeof PERMISSION_CATALOGUE;
export type PermissionGroup = (typeof PERMISSION_CATALOGUE)[Permission]['group'];
export const PERMISSIONS = Object.keys(PERMISSION_CATALOGUE) as Permission[];
export const PERMISSION_GROUPS = ['read', 'operate', 'administer'] as const satisfies readonly PermissionGroup[];
export const permissionSchema = z.enum(PERMISSIONS);

export function isPermission(value: string): value is Permission {
  return Object.hasOwn(PERMISSION_CATALOGUE, value);
}

/** A permission's label in the language, e.g. 'Retire credits'. */
export function permissionLabel(permission: Permission, language: Language): string {
  return PERMISSION_CATALOGUE[permission].label[language];
}

function permissionsIn(group: PermissionGroup): Permission[] {
  return PERMISSIONS.filter((permission) => PERMISSION_CATALOGUE[permission].group === group);
}

const READ_ALL = permissionsIn('read');
const OPERATE = permissionsIn('operate');
const ADMINISTER = permissionsIn('administer');

/** The permissions each fixed role holds (docs/product.md §6); a user with a custom role holds the custom role's instead. */
export const DEFAULT_PERMISSIONS: Record<Role, readonly Permission[]> = {
  SUPER_ADMIN: [...READ_ALL, ...OPERATE, ...ADMINISTER],
  ADMIN: [...READ_ALL, ...OPERATE, ...ADMINISTER],
  COMPANY_ADMIN: [...READ_ALL, ...OPERATE, 'users:read', 'users:manage', 'roles:manage', 'security:read', 'audit:read', 'reconciliation:read'],
  CSO: [...READ_ALL, 'security:read', 'security:manage', 'audit:read', 'kyc:review', 'approvals:decide', 'reconciliation:read'],
  HEAD_OF_DIGITAL_ASSETS: [...READ_ALL, ...OPERATE, 'approvals:decide', 'reconciliation:read'],
  MANAGER: [...READ_ALL, ...OPERATE, 'users:read', 'approvals:decide', 'reconciliation:read', 'invoices:read'],
  FINANCE: [...READ_ALL, 'invoices:read', 'invoices:manage', 'reconciliation:read'],
  OPERATOR: [...READ_ALL, ...OPERATE],
  VIEWER: [...READ_ALL],
};

/**
 * The permissions a session holds: its custom role's when the user has one (strings no
 * longer in the catalogue are dropped), else the fixed role's.
 */
export function effectivePermissions(role: Role, customPermissions: readonly string[] | null | undefined): Permission[] {
  return customPermissions ? customPermissions.filter(isPermission) : [...DEFAULT_PERMISSIONS[role]];
}

/**
 * docs/product.md §6: blockchain and minting settings are administrators-only (`settings:blockchain`).
 * The Settings → Blockchain tab and the API behind it both ask this, so a role the tab admits is
 * never refused by the API (and the reverse).
 */
export const BLOCKCHAIN_SETTINGS_PERMISSION: Permission = 'settings:blockchain';

export function canManageBlockchainSettings(userRole: Role, permissions: readonly string[]): boolean {
  const [resource, action] = BLOCKCHAIN_SETTINGS_PERMISSION.split(':') as [string, string];
  return canAccess(userRole, permissions, resource, action);
}
