import { RESTRICTED_ROUTES } from '@carbonledger/contracts';
import { describe, expect, it } from 'vitest';
import { OPEN_ROUTES, PENDING_ROUTES, PROTECTED_ROUTES, PUBLIC_ROUTES, REDIRECTS } from './routes';
import { SIGNED_IN_PAGES } from './signed-in-pages';

/** Every route of docs/product.md §2. */
const SPEC_PUBLIC = ['/login', '/login/wallet', '/forgot-password', '/reset-password/:token', '/invite/:token'];
const SPEC_SIGNED_IN = [
  '/dashboard',
  '/portfolio',
  '/carbon-projects',
  '/retirements',
  '/minting',
  '/minting/advanced',
  '/help',
  '/help/phantom-custom-token',
  '/transactions',
  '/tools/sign-base64',
  '/audit-trail',
  '/jobs',
  '/cache',
  '/metrics',
  '/profile',
  '/settings',
  '/companies/:id',
  '/wallets',
  '/kyc',
  '/certificates',
];

describe('route table', () => {
  it('registers every docs/product.md §2 route once, restricted ones included', () => {
    const registered = PROTECTED_ROUTES.map((route) => route.path);
    expect(new Set(registered).size).toBe(registered.length);
    expect(registered.sort()).toEqual([...SPEC_SIGNED_IN, ...Object.keys(RESTRICTED_ROUTES)].sort());
    expect(PUBLIC_ROUTES.map((route) => route.path)).toEqual(SPEC_PUBLIC);
  });

  it('opens the certificate verification page to everyone, outside the sign-in gates', () => {
    expect(OPEN_ROUTES.map((route) => route.path)).toEqual(['/verify/:number']);
    const gated = [...PROTECTED_ROUTES, ...PUBLIC_ROUTES].map((route) => route.path);
    expect(gated).not.toContain('/verify/:number');
  });

  it('lists exactly the screens that later issues build, so none passes for done', () => {
    expect(PENDING_ROUTES.map(([path]) => path)).toEqual([]);
  });

  it('loads every built page as its own chunk', () => {
    const built = PROTECTED_ROUTES.filter((route) => !PENDING_ROUTES.some(([path]) => path === route.path));
    expect(built.map((route) => route.path)).toEqual([
      '/dashboard',
      '/profile',
      '/settings',
      '/security-center',
      '/security/sessions',
      '/security/logs',
      '/wallets',
      '/tools/sign-base64',
      '/retirements',
      '/carbon-projects',
      '/portfolio',
      '/minting',
      '/minting/advanced',
      '/transactions',
      '/certificates',
      '/companies',
      '/companies/new',
      '/companies/:id',
      '/team/activity',
      '/team/roles',
      '/team/users',
      '/approvals',
      '/kyc',
      '/compliance/kyc-reviews',
      '/compliance',
      '/api-docs',
      '/webhooks',
      '/help',
      '/help/phantom-custom-token',
      '/audit-trail',
      '/offsets/requests',
      '/registry',
      '/invoices',
      '/financial/reconciliation',
      '/api-management',
      '/reconciliation',
      '/jobs',
      '/cache',
      '/metrics',
    ]);
    for (const route of [...built, ...PUBLIC_ROUTES, ...OPEN_ROUTES]) expect(route.page.$$typeof).toBe(Symbol.for('react.lazy'));
    expect(Object.keys(SIGNED_IN_PAGES)).toEqual(built.map((route) => route.path));
  });

  it('has the docs/product.md §2 redirects', () => {
    expect(Object.fromEntries(REDIRECTS)).toEqual({
      '/burn': '/retirements',
      '/burn-transactions': '/retirements',
      '/mint': '/minting',
      '/projects': '/carbon-projects',
      '/history': '/transactions',
      '/company-wallets': '/wallets',
      '/wallet': '/wallets',
      '/admin/wallets': '/wallets',
      '/approvals/legacy': '/approvals',
      '/': '/dashboard',
    });
  });
});
