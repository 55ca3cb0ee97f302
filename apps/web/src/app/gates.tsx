import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoader } from '../components/PageLoader';
import { useAuthStore } from '../lib/auth-store';

export interface LoginRedirectState {
  from?: string;
}

/** docs/product.md §2: public routes are for signed-out users; a signed-in user goes to /dashboard. */
export function PublicOnly() {
  const status = useAuthStore((state) => state.status);
  const location = useLocation();
  const { t } = useTranslation();
  if (status === 'restoring') return <PageLoader name={t('pages.session')} fullPage />;
  if (status === 'authenticated') {
    const from = (location.state as LoginRedirectState | null)?.from;
    return <Navigate to={from && from !== '/login' ? from : '/dashboard'} replace />;
  }
  return <Outlet />;
}

/** docs/product.md §2: signed-out users are sent to /login. */
export function RequireAuth() {
  const status = useAuthStore((state) => state.status);
  const location = useLocation();
  const { t } = useTranslation();
  if (status === 'restoring') return <PageLoader name={t('pages.session')} fullPage />;
  if (status === 'unauthenticated') {
    return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` } satisfies LoginRedirectState} />;
  }
  return <Outlet />;
}
