import { describe, expect, it } from 'vitest';
import { baseRolesAssignableBy, grantablePermissions } from './custom-roles';
import { DEFAULT_PERMISSIONS, PERMISSIONS, PERMISSION_CATALOGUE, effectivePermissions } from './roles';
import { LANGUAGES } from './constants';

describe('permission catalogue and custom roles (docs/product.md §6)', () => {
  it('labels every permission in every language, and the fixed roles hold only catalogued permissions', () => {
    for (const permission of PERMISSIONS) {
      expect(permission).toMatch(/^[a-z-]+:[a-z-]+$/);
      for (const language of LANGUAGES) expect(PERMISSION_CATALOGUE[permission].label[language].length).toBeGreaterThan(0);
    }
    for (const permissions of Object.values(DEFAULT_PERMISSIONS)) for (const permission of permissions) expect(PERMISSIONS).toContain(permission);
  });

  it('lets nobody but platform administrators base a custom role on a role that opens more screens or is an administrator', () => {
    expect(baseRolesAssignableBy('ADMIN')).toEqual(['COMPANY_ADMIN', 'CSO', 'HEAD_OF_DIGITAL_ASSETS', 'MANAGER', 'FINANCE', 'OPERATOR', 'VIEWER']);
    expect(baseRolesAssignableBy('COMPANY_ADMIN')).toEqual(['COMPANY_ADMIN', 'FINANCE', 'OPERATOR', 'VIEWER']);
    expect(baseRolesAssignableBy('OPERATOR')).toEqual(['OPERATOR', 'VIEWER']);
  });

  it('grants what the author holds, and administrators-only permissions only where the base role holds them', () => {
    expect(grantablePermissions('OPERATOR', DEFAULT_PERMISSIONS.ADMIN)).not.toContain('wallets:approve');
    expect(grantablePermissions('OPERATOR', DEFAULT_PERMISSIONS.ADMIN)).toContain('invoices:read');
    expect(grantablePermissions('COMPANY_ADMIN', DEFAULT_PERMISSIONS.COMPANY_ADMIN)).toContain('roles:manage');
    expect(grantablePermissions('FINANCE', DEFAULT_PERMISSIONS.COMPANY_ADMIN)).not.toContain('invoices:manage');
  });

  it("holds a custom role's set instead of the fixed role's, dropping strings the catalogue no longer has", () => {
    expect(effectivePermissions('OPERATOR', null)).toEqual(DEFAULT_PERMISSIONS.OPERATOR);
    expect(effectivePermissions('OPERATOR', ['retirements:create', 'tokens:launch'])).toEqual(['retirements:create']);
    expect(effectivePermissions('OPERATOR', [])).toEqual([]);
  });
});
