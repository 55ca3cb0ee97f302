import type { ComponentType, LazyExoticComponent } from 'react';
import { loadSignedInTexts } from '../lib/i18n';
import { lazyPage } from '../lib/lazy-page';

export interface PageRoute {
  path: string;
  /** Translation key of the page name ('Loading {page name}...', titles). */
  nameKey: string;
  page: LazyExoticComponent<ComponentType<{ name: string }>>;
  /** The page does not use React Query, so it loads without it (the sign-in bundle budget). */
  queryFree?: boolean;
}

const loadSignedInPages = () => import('./signed-in-pages');

/** A signed-in screen: its chunk is found through the signed-in page table (see signed-in-pages.ts). */
function signedInPage(path: string) {
  return lazyPage<{ name: string }>(() => loadSignedInPages().then((pages) => (pages.SIGNED_IN_PAGES[path] ?? pages.notAvailableYet)()));
}

/** Screens that later issues build: each shows the shared not-available statement. */
export const PENDING_ROUTES: readonly (readonly [path: string, name: string])[] = [];

const BUILT_ROUTES = [
  ['/dashboard', 'dashboard'],
  ['/profile', 'profile'],
  ['/settings', 'settings'],
  ['/security-center', 'securityCenter'],
  ['/security/sessions', 'activeSessions'],
  ['/security/logs', 'requestLogs'],
  ['/wallets', 'wallets'],
  ['/tools/sign-base64', 'signBase64'],
  ['/retirements', 'retirements'],
  ['/carbon-projects', 'carbonProjects'],
  ['/portfolio', 'portfolio'],
  ['/minting', 'minting'],
  ['/minting/advanced', 'mintingAdvanced'],
  ['/transactions', 'transactions'],
  ['/certificates', 'certificates'],
  ['/companies', 'companies'],
  ['/companies/new', 'companyNew'],
  ['/companies/:id', 'companyDetail'],
  ['/team/activity', 'teamActivity'],
  ['/team/roles', 'teamRoles'],
  ['/team/users', 'teamUsers'],
  ['/approvals', 'approvals'],
  ['/kyc', 'kyc'],
  ['/compliance/kyc-reviews', 'kycReviews'],
  ['/compliance', 'compliance'],
  ['/api-docs', 'apiDocs'],
  ['/webhooks', 'webhooks'],
  ['/help', 'help'],
  ['/help/phantom-custom-token', 'helpPhantom'],
  ['/audit-trail', 'auditTrail'],
  ['/offsets/requests', 'offsetRequests'],
  ['/registry', 'registry'],
  ['/invoices', 'invoices'],
  ['/financial/reconciliation', 'financialReconciliation'],
  ['/api-management', 'apiManagement'],
  ['/reconciliation', 'reconciliation'],
  ['/jobs', 'jobs'],
  ['/cache', 'cache'],
  ['/metrics', 'metrics'],
] as const;

/** Signed-in screens rendered inside the layout, each its own chunk. */
export const PROTECTED_ROUTES: PageRoute[] = [...BUILT_ROUTES, ...PENDING_ROUTES].map(([path, name]) => ({
  path,
  nameKey: `pages.${name}`,
  page: signedInPage(path),
}));

/** Signed-out screens. */
export const PUBLIC_ROUTES: PageRoute[] = [
  { path: '/login', nameKey: 'pages.login', page: lazyPage(() => import('../features/auth/LoginPage')), queryFree: true },
  { path: '/login/wallet', nameKey: 'pages.walletLogin', page: lazyPage(() => import('../features/auth/WalletLoginPage')) },
  { path: '/forgot-password', nameKey: 'pages.forgotPassword', page: lazyPage(() => import('../features/auth/ForgotPasswordPage')), queryFree: true },
  { path: '/reset-password/:token', nameKey: 'pages.resetPassword', page: lazyPage(() => import('../features/auth/ResetPasswordPage')), queryFree: true },
  { path: '/invite/:token', nameKey: 'pages.invitation', page: lazyPage(() => import('../features/auth/AcceptInvitationPage')), queryFree: true },
];

/**
 * Screens open to everyone, signed in or not, outside the signed-in frame: the public
 * certificate verification the certificate's QR code leads to. Their texts live with the
 * signed-in ones (the sign-in bundle stays small), so they load together.
 */
export const OPEN_ROUTES: PageRoute[] = [
  {
    path: '/verify/:number',
    nameKey: 'pages.certificates',
    page: lazyPage(() => Promise.all([import('../features/verify/VerifyCertificatePage'), loadSignedInTexts()]).then(([module]) => module)),
  },
];

/** docs/product.md §2 redirects. */
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
