import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PERMISSIONS,
  RESTRICTED_ROUTES,
  ROLES,
  canAccess,
  canOpenRoute,
  actsForWholeTenant,
  canSeeManageUsers,
  hasAnyRole,
  hasPermission,
  hasRole,
  isAdministrator,
  requiredRolesFor,
  type Role,
} from './roles';

/** The docs/product.md §6 table, written out again by hand so the module is checked against the text, not itself. */
const SPEC_TABLE: Array<[string[], Role[]]> = [
  [
    [
      '/offsets/requests',
      '/approvals',
      '/api-management',
      '/compliance',
      '/api-docs',
      '/webhooks',
      '/companies',
      '/companies/new',
      '/security-center',
      '/security/sessions',
      '/security/logs',
      '/compliance/kyc-reviews',
      '/registry',
      '/financial/reconciliation',
    ],
    ['ADMIN', 'SUPER_ADMIN', 'CSO', 'COMPANY_ADMIN'],
  ],
  [['/invoices'], ['ADMIN', 'SUPER_ADMIN', 'CSO', 'FINANCE']],
  [['/reconciliation'], ['ADMIN', 'SUPER_ADMIN', 'CSO', 'COMPANY_ADMIN', 'MANAGER', 'FINANCE']],
  [
    ['/team/users', '/team/activity'],
    ['ADMIN', 'SUPER_ADMIN', 'MANAGER'],
  ],
  [['/team/roles'], ['ADMIN', 'SUPER_ADMIN']],
];

/** docs/product.md §6 role check, sentence by sentence. */
function specRoleCheck(user: Role, required: Role): boolean {
  if (user === 'SUPER_ADMIN') return true;
  if (user === required) return true;
  if ((user === 'CSO' || user === 'HEAD_OF_DIGITAL_ASSETS') && required === 'ADMIN') return true;
  if (required === 'FINANCE' && (user === 'ADMIN' || user === 'COMPANY_ADMIN' || user === 'MANAGER')) return true;
  return false;
}

describe('hasRole (docs/product.md §6 role check)', () => {
  const pairs = ROLES.flatMap((user) => ROLES.map((required) => ({ user, required, expected: specRoleCheck(user, required) })));
  it.each(pairs)('$user where $required is required → $expected', ({ user, required, expected }) => {
    expect(hasRole(user, required)).toBe(expected);
  });

  it('spells out the special cases', () => {
    expect(hasRole('CSO', 'ADMIN')).toBe(true);
    expect(hasRole('HEAD_OF_DIGITAL_ASSETS', 'ADMIN')).toBe(true);
    expect(hasRole('MANAGER', 'FINANCE')).toBe(true);
    expect(hasRole('FINANCE', 'MANAGER')).toBe(false);
    expect(hasRole('ADMIN', 'SUPER_ADMIN')).toBe(false);
    expect(hasRole('CSO', 'COMPANY_ADMIN')).toBe(false);
    expect(hasRole('VIEWER', 'OPERATOR')).toBe(false);
  });
});

describe('route gate (docs/product.md §6 table × every role)', () => {
  it('lists exactly the restricted routes of the docs/product.md table', () => {
    expect(new Set(Object.keys(RESTRICTED_ROUTES))).toEqual(new Set(SPEC_TABLE.flatMap(([routes]) => routes)));
    for (const [routes, roles] of SPEC_TABLE) for (const route of routes) expect(new Set(requiredRolesFor(route))).toEqual(new Set(roles));
  });

  const cases = SPEC_TABLE.flatMap(([routes, roles]) =>
    routes.flatMap((route) => ROLES.map((role) => ({ route, role, expected: roles.some((required) => specRoleCheck(role, required)) }))),
  );
  it.each(cases)('$role opens $route → $expected', ({ route, role, expected }) => {
    expect(canOpenRoute(role, route)).toBe(expected);
  });

  it('gives HEAD_OF_DIGITAL_ASSETS the ADMIN routes through the role check, and MANAGER the /invoices route through FINANCE', () => {
    expect(canOpenRoute('HEAD_OF_DIGITAL_ASSETS', '/team/roles')).toBe(true);
    expect(canOpenRoute('MANAGER', '/invoices')).toBe(true);
    expect(canOpenRoute('OPERATOR', '/security-center')).toBe(false);
    expect(canOpenRoute('VIEWER', '/reconciliation')).toBe(false);
  });

  it('lets every role open routes that are not restricted', () => {
    for (const role of ROLES) expect(canOpenRoute(role, '/dashboard')).toBe(true);
    expect(hasAnyRole('VIEWER', [])).toBe(true);
  });
});

describe('permission and access checks', () => {
  it('finds a permission only when it is in the session list', () => {
    expect(hasPermission(['wallets:read', 'tokens:mint'], 'tokens:mint')).toBe(true);
    expect(hasPermission(['wallets:read'], 'wallets:approve')).toBe(false);
    expect(hasPermission([], 'wallets:read')).toBe(false);
  });

  it('lets ADMIN pass every access check and others only with resource:action', () => {
    expect(canAccess('ADMIN', [], 'anything', 'delete')).toBe(true);
    expect(canAccess('SUPER_ADMIN', [], 'wallets', 'approve')).toBe(false);
    expect(canAccess('SUPER_ADMIN', DEFAULT_PERMISSIONS.SUPER_ADMIN, 'wallets', 'approve')).toBe(true);
    expect(canAccess('VIEWER', DEFAULT_PERMISSIONS.VIEWER, 'wallets', 'read')).toBe(true);
    expect(canAccess('VIEWER', DEFAULT_PERMISSIONS.VIEWER, 'wallets', 'approve')).toBe(false);
  });

  it('keeps the narrow readings: Manage Users by exact role, wallet approval by administrators', () => {
    expect(ROLES.filter(canSeeManageUsers)).toEqual(['SUPER_ADMIN', 'ADMIN']);
    expect(ROLES.filter(isAdministrator)).toEqual(['SUPER_ADMIN', 'ADMIN', 'CSO', 'HEAD_OF_DIGITAL_ASSETS']);
  });

  it('lets only the platform administrators act for every company of the tenant (retirements, certificates, portfolios, companies)', () => {
    expect(ROLES.filter(actsForWholeTenant)).toEqual(['SUPER_ADMIN', 'ADMIN']);
  });
});
