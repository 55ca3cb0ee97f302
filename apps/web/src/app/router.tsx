import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, createBrowserRouter, useLocation, type RouteObject } from 'react-router';
import { PageLoader } from '../components/PageLoader';
import { CrashProbe } from './CrashProbe';
import { ErrorBoundary } from './ErrorBoundary';
import { PublicOnly, RequireAuth, RoleGate } from './gates';
import { lazyPage } from '../lib/lazy-page';
import { NotFoundPage } from './NotFoundPage';
import { PROTECTED_ROUTES, PUBLIC_ROUTES, REDIRECTS, type PageRoute } from './routes';

/** The signed-in frame (top bar, sidebar, bells) is its own chunk: the login page never loads it. */
const AppLayout = lazyPage<object>(() => import('./layout/AppLayout').then((module) => ({ default: module.AppLayout })));

function LayoutLoader() {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<PageLoader name={t('pages.workspace')} fullPage />}>
      <AppLayout />
    </Suspense>
  );
}

function LazyPage({ route }: { route: PageRoute }) {
  const { t } = useTranslation();
  const name = t(route.nameKey);
  const Page = route.page;
  return (
    <Suspense fallback={<PageLoader name={name} />}>
      <Page name={name} />
    </Suspense>
  );
}

function Root() {
  const location = useLocation();
  return (
    <ErrorBoundary level="critical" resetKey={location.pathname}>
      <CrashProbe level="critical" />
      <Outlet />
    </ErrorBoundary>
  );
}

export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      ...REDIRECTS.map(([from, to]) => ({ path: from, element: <Navigate to={to} replace /> })),
      {
        element: <PublicOnly />,
        children: PUBLIC_ROUTES.map((route) => ({ path: route.path, element: <LazyPage route={route} /> })),
      },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <LayoutLoader />,
            children: PROTECTED_ROUTES.map((route) => ({
              path: route.path,
              element: (
                <RoleGate path={route.path}>
                  <LazyPage route={route} />
                </RoleGate>
              ),
            })),
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
