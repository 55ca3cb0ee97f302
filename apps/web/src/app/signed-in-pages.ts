import type { ComponentType } from 'react';

type PageModule = { default: ComponentType<{ name: string }> };

/**
 * The chunk of every built signed-in screen, by route path. Each dynamic import carries the
 * list of files its chunk needs, so this table loads with the signed-in frame instead of
 * weighing on the sign-in page (docs/architecture.md "Quality gates"); the lists still preload in parallel.
 */
export const SIGNED_IN_PAGES: Readonly<Record<string, () => Promise<PageModule>>> = {
  '/dashboard': () => import('./DashboardWithMarket'),
  '/profile': () => import('../features/profile/ProfilePage'),
  '/settings': () => import('../features/settings/SettingsPage'),
  '/security-center': () => import('../features/security/SecurityCenterPage'),
  '/security/sessions': () => import('../features/security/ActiveSessionsPage'),
  '/security/logs': () => import('../features/security/RequestLogsPage'),
  '/wallets': () => import('../features/wallets/WalletsPage'),
  '/tools/sign-base64': () => import('../features/signing/SignBase64Page'),
  '/retirements': () => import('../features/retirements/RetirementsPage'),
  '/carbon-projects': () => import('../features/projects/CarbonProjectsPage'),
  '/portfolio': () => import('../features/portfolio/PortfolioPage'),
  '/minting': () => import('../features/minting/MintingPage'),
  '/minting/advanced': () => import('../features/minting/advanced/MintingAdvancedPage'),
  '/transactions': () => import('../features/transactions/TransactionsPage'),
  '/certificates': () => import('../features/certificates/CertificatesPage'),
  '/companies': () => import('../features/companies/CompaniesPage'),
  '/companies/new': () => import('../features/companies/NewCompanyPage'),
  '/companies/:id': () => import('../features/companies/CompanyDetailPage'),
  '/team/activity': () => import('../features/team-activity/TeamActivityPage'),
  '/team/roles': () => import('../features/team-roles/TeamRolesPage'),
  '/team/users': () => import('../features/team-users/TeamUsersPage'),
  '/approvals': () => import('../features/approvals/ApprovalsPage'),
  '/kyc': () => import('../features/kyc/KycPage'),
  '/compliance/kyc-reviews': () => import('../features/kyc-reviews/KycReviewsPage'),
  '/compliance': () => import('../features/compliance/ComplianceDashboardPage'),
  '/api-docs': () => import('../features/api-docs/ApiDocsPage'),
  '/webhooks': () => import('../features/webhooks/WebhooksPage'),
  '/help': () => import('../features/help/HelpPage'),
  '/help/phantom-custom-token': () => import('../features/help/PhantomCustomTokenPage'),
  '/audit-trail': () => import('../features/audit-trail/AuditTrailPage'),
  '/offsets/requests': () => import('../features/offsets/OffsetRequestsPage'),
  '/registry': () => import('../features/registry/RegistryPage'),
  '/invoices': () => import('../features/invoices/InvoicesPage'),
  '/financial/reconciliation': () => import('../features/financial-reconciliation/FinancialReconciliationPage'),
  '/api-management': () => import('../features/api-keys/ApiKeysPage'),
  '/reconciliation': () => import('../features/reconciliation/ReconciliationPage'),
  '/jobs': () => import('../features/jobs/JobsPage'),
  '/cache': () => import('../features/cache/CachePage'),
  '/metrics': () => import('../features/metrics/MetricsPage'),
};

/** Screens that later issues build share one statement saying so. */
export const notAvailableYet = (): Promise<PageModule> => import('../components/NotAvailableYet').then((module) => ({ default: module.NotAvailableYet }));
