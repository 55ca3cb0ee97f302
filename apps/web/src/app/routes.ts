import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyPage } from '../lib/lazy-page';

export interface PageRoute {
  path: string;
  /** Translation key of the page name ('Loading {page name}...', titles). */
  nameKey: string;
  page: LazyExoticComponent<ComponentType<{ name: string }>>;
  /** The page does not use React Query, so it loads without it (the sign-in bundle budget). */
  queryFree?: boolean;
}

const notAvailableYet = lazyPage<{ name: string }>(() => import('../components/NotAvailableYet').then((module) => ({ default: module.NotAvailableYet })));

/** Screens that later issues build: each shows the shared not-available statement. */
export const PENDING_ROUTES = [
  ['/portfolio', 'portfolio'],
  ['/carbon-projects', 'carbonProjects'],
  ['/retirements', 'retirements'],
  ['/minting', 'minting'],
  ['/minting/advanced', 'mintingAdvanced'],
  ['/help', 'help'],
  ['/help/phantom-custom-token', 'helpPhantom'],
  ['/transactions', 'transactions'],
  ['/audit-trail', 'auditTrail'],
  ['/jobs', 'jobs'],
  ['/cache', 'cache'],
  ['/metrics', 'metrics'],
  ['/companies/:id', 'companyDetail'],
  ['/kyc', 'kyc'],
  ['/certificates', 'certificates'],
  ['/offsets/requests', 'offsetRequests'],
  ['/approvals', 'approvals'],
  ['/api-management', 'apiManagement'],
  ['/compliance', 'compliance'],
  ['/api-docs', 'apiDocs'],
  ['/webhooks', 'webhooks'],
  ['/companies', 'companies'],
  ['/companies/new', 'companyNew'],
  ['/compliance/kyc-reviews', 'kycReviews'],
  ['/registry', 'registry'],
  ['/financial/reconciliation', 'financialReconciliation'],
  ['/invoices', 'invoices'],
  ['/reconciliation', 'reconciliation'],
  ['/team/users', 'teamUsers'],
  ['/team/activity', 'teamActivity'],
  ['/team/roles', 'teamRoles'],
] as const;

const settingsPage = lazyPage(() => import('../features/settings/SettingsPage'));

/** Signed-in screens rendered inside the layout, each its own chunk. */
export const PROTECTED_ROUTES: PageRoute[] = [
  { path: '/dashboard', nameKey: 'pages.dashboard', page: lazyPage(() => import('../features/dashboard/DashboardPage')) },
  { path: '/profile', nameKey: 'pages.profile', page: settingsPage },
  { path: '/settings', nameKey: 'pages.settings', page: settingsPage },
  { path: '/security-center', nameKey: 'pages.securityCenter', page: lazyPage(() => import('../features/security/SecurityCenterPage')) },
  { path: '/security/sessions', nameKey: 'pages.activeSessions', page: lazyPage(() => import('../features/security/ActiveSessionsPage')) },
  { path: '/security/logs', nameKey: 'pages.requestLogs', page: lazyPage(() => import('../features/security/RequestLogsPage')) },
  { path: '/wallets', nameKey: 'pages.wallets', page: lazyPage(() => import('../features/wallets/WalletsPage')) },
  { path: '/tools/sign-base64', nameKey: 'pages.signBase64', page: lazyPage(() => import('../features/signing/SignBase64Page')) },
  ...PENDING_ROUTES.map(([path, name]) => ({ path, nameKey: `pages.${name}`, page: notAvailableYet })),
];

/** Signed-out screens. */
export const PUBLIC_ROUTES: PageRoute[] = [
  { path: '/login', nameKey: 'pages.login', page: lazyPage(() => import('../features/auth/LoginPage')), queryFree: true },
  { path: '/login/wallet', nameKey: 'pages.walletLogin', page: lazyPage(() => import('../features/auth/WalletLoginPage')) },
];

/** SPEC §2 redirects. */
export const REDIRECTS: readonly (readonly [string, string])[] = [
  ['/burn', '/retirements'],
  ['/burn-transactions', '/retirements'],
  ['/mint', '/minting'],
  ['/projects', '/carbon-projects'],
  ['/history', '/transactions'],
  ['/company-wallets', '/wallets'],
  ['/wallet', '/wallets'],
  ['/admin/wallets', '/wallets'],
  ['/approvals/legacy', '/approvals'],
  ['/', '/dashboard'],
];
