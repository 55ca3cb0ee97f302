import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useRoutes, type RouteObject } from 'react-router';
import { PageLoader } from '../components/PageLoader';
import { CrashProbe } from './CrashProbe';
import { ErrorBoundary } from './ErrorBoundary';
import { PublicOnly, RequireAuth } from './gates';
import { loadSignedInTexts } from '../lib/i18n';
import { lazyPage } from '../lib/lazy-page';
import { NotFoundPage } from './NotFoundPage';
import { OPEN_ROUTES, PROTECTED_ROUTES, PUBLIC_ROUTES, REDIRECTS, type PageRoute } from './routes';

/** The signed-in frame (top bar, sidebar, bells) is its own chunk: the login page never loads it. */
const AppLayout = lazyPage<object>(() => Promise.all([import('./layout/AppLayout'), loadSignedInTexts()]).then(([module]) => ({ default: module.AppLayout })));

/** React Query loads with the screens that query, not with the password sign-in screen. */
const QueryScope = lazyPage<{ children: ReactNode }>(() => import('./QueryScope'));

function LayoutLoader() {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<PageLoader name={t('pages.workspace')} fullPage />}>
      <QueryScope>
        <AppLayout />
      </QueryScope>
    </Suspense>
  );
}

/** The docs/product.md §6 role check pulls in the contracts' schemas, so it loads with the signed-in pages. */
const RoleGate = lazyPage<{ path: string; children: ReactNode }>(() => import('./RoleGate'));

function LazyPage({ route, gated = false }: { route: PageRoute; gated?: boolean }) {
  const { t } = useTranslation();
  const name = t(route.nameKey);
  const Page = route.page;
  const page = gated ? (
    <RoleGate path={route.path}>
      <Page name={name} />
    </RoleGate>
  ) : (
    <Page name={name} />
  );
  return <Suspense fallback={<PageLoader name={name} />}>{route.queryFree ? page : <QueryScope>{page}</QueryScope>}</Suspense>;
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
      ...OPEN_ROUTES.map((route) => ({ path: route.path, element: <LazyPage route={route} /> })),
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
              element: <LazyPage route={route} gated />,
            })),
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * The route table under the declarative <BrowserRouter> (App.tsx). The app uses no loaders,
 * actions or fetchers, so it does without the data router, whose code /login would ship
 * (about 15 KB gzipped, bench/web-bundle.bench.ts).
 */
export function AppRoutes() {
  return useRoutes(routes);
}
