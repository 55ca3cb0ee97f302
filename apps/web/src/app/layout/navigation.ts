import { SIDEBAR_ROLES, hasAnyRole, requiredRolesFor, type Role } from '@carbonledger/contracts';

export interface NavItem {
  key: string;
  path: string;
  /** Who sees it: the docs/product.md §6 sidebar rule, else the route's own role list. */
  roles: readonly Role[];
  badgeKey?: string;
}

export interface NavGroup {
  id: string;
  items: NavItem[];
}

function item(key: string, path: string, roles: readonly Role[] = requiredRolesFor(path.split('?')[0] ?? path), badgeKey?: string): NavItem {
  return { key, path, roles, ...(badgeKey ? { badgeKey } : {}) };
}

/** docs/product.md §2 sidebar groups and items, in order. Single-item groups link straight to their page. */
export const NAVIGATION: readonly NavGroup[] = [
  {
    id: 'carbon-operations',
    items: [item('retirements', '/retirements'), item('mint', '/minting', undefined, 'nav.badgeNew'), item('certificates', '/certificates')],
  },
  {
    id: 'management',
    items: [
      item('companies', '/companies', SIDEBAR_ROLES.companies),
      item('kycReviews', '/compliance/kyc-reviews', SIDEBAR_ROLES.kycReviews),
      item('wallets', '/wallets'),
      item('carbonProjects', '/carbon-projects'),
      item('history', '/transactions'),
      item('approvals', '/approvals'),
      item('walletApprovals', '/wallets?view=approvals', SIDEBAR_ROLES.walletApprovals),
      item('companyWallet', '/wallets?view=company'),
      item('tokenMinting', '/minting/advanced'),
      item('burnCertificates', '/certificates?view=burn'),
      item('registryIntegration', '/registry'),
    ],
  },
  {
    id: 'compliance',
    items: [
      item('reconciliation', '/reconciliation'),
      item('financialReconciliation', '/financial/reconciliation', SIDEBAR_ROLES.financialReconciliation),
      item('approvals', '/approvals'),
      item('walletApprovals', '/wallets?view=approvals', SIDEBAR_ROLES.walletApprovals),
      item('kycOnboarding', '/kyc'),
      item('auditTrail', '/audit-trail'),
    ],
  },
  {
    id: 'team-management',
    items: [item('users', '/team/users'), item('roles', '/team/roles'), item('activityLog', '/team/activity')],
  },
  {
    id: 'security-monitoring',
    items: [item('securityCenter', '/security-center'), item('activeSessions', '/security/sessions'), item('requestLogs', '/security/logs')],
  },
  { id: 'api-management', items: [item('apiManagement', '/api-management')] },
  {
    id: 'system-monitoring',
    items: [item('jobsMonitor', '/jobs'), item('cacheDashboard', '/cache'), item('systemMetrics', '/metrics')],
  },
  { id: 'developer-tools', items: [item('apiDocumentation', '/api-docs'), item('webhooks', '/webhooks')] },
  { id: 'help', items: [item('help', '/help')] },
];

export const GROUPS_OPEN_BY_DEFAULT = ['carbon-operations', 'management', 'compliance'] as const;

/** The groups and items a role sees; a group with nothing visible disappears. */
export function visibleNavigation(role: Role): NavGroup[] {
  return NAVIGATION.map((group) => ({ ...group, items: group.items.filter((entry) => hasAnyRole(role, entry.roles)) })).filter(
    (group) => group.items.length > 0,
  );
}
