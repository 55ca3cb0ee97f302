import { ROLES, type Role } from '@carbonledger/contracts';
import { describe, expect, it } from 'vitest';
import { GROUPS_OPEN_BY_DEFAULT, NAVIGATION, visibleNavigation } from './navigation';

const keysFor = (role: Role) => visibleNavigation(role).flatMap((group) => group.items.map((item) => `${group.id}/${item.key}`));

describe('sidebar (docs/product.md §2 and §6)', () => {
  it('has the docs/product.md §2 groups in order, three of them open by default', () => {
    expect(NAVIGATION.map((group) => group.id)).toEqual([
      'carbon-operations',
      'management',
      'compliance',
      'team-management',
      'security-monitoring',
      'api-management',
      'system-monitoring',
      'developer-tools',
      'help',
    ]);
    expect(GROUPS_OPEN_BY_DEFAULT).toEqual(['carbon-operations', 'management', 'compliance']);
  });

  it('shows a super admin everything', () => {
    expect(keysFor('SUPER_ADMIN')).toHaveLength(NAVIGATION.flatMap((group) => group.items).length);
  });

  it('follows the sidebar rules where they differ from the route rules', () => {
    // Companies and KYC reviews: ADMIN, SUPER_ADMIN, CSO — not COMPANY_ADMIN, who may still open the route.
    expect(keysFor('CSO')).toContain('management/companies');
    expect(keysFor('COMPANY_ADMIN')).not.toContain('management/companies');
    expect(keysFor('COMPANY_ADMIN')).not.toContain('management/kycReviews');
    // Financial reconciliation: ADMIN, CSO.
    expect(keysFor('CSO')).toContain('compliance/financialReconciliation');
    expect(keysFor('COMPANY_ADMIN')).not.toContain('compliance/financialReconciliation');
    // Wallet approvals: ADMIN, SUPER_ADMIN (and those the role check lets act as ADMIN).
    expect(keysFor('ADMIN')).toContain('management/walletApprovals');
    expect(keysFor('MANAGER')).not.toContain('management/walletApprovals');
  });

  it('hides restricted entries and empty groups from a viewer', () => {
    const viewer = visibleNavigation('VIEWER');
    expect(viewer.map((group) => group.id)).toEqual(['carbon-operations', 'management', 'compliance', 'system-monitoring', 'help']);
    expect(keysFor('VIEWER')).not.toContain('management/approvals');
    expect(keysFor('VIEWER')).toContain('carbon-operations/mint');
  });

  it('shows team users and activity to managers but roles only to administrators', () => {
    expect(keysFor('MANAGER')).toEqual(expect.arrayContaining(['team-management/users', 'team-management/activityLog']));
    expect(keysFor('MANAGER')).not.toContain('team-management/roles');
    for (const role of ROLES) expect(keysFor(role)).toContain('help/help');
  });
});
