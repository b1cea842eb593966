import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, useLocation, type RouteObject } from 'react-router';
import { PageSpinner } from '../shared/page-spinner';
import type { ShellRoute } from '../domains/types';
import { useAuth } from './auth/auth-state';
import { domainModules } from './domain-modules';
import { authLoginUrl, embedding, loginUrl } from './navigation';

// Nothing of the shell, antd's Result or the error page is in the entry: a signed-out visitor's first page
// is login, and these chunks load only when a signed-in route (or an error) renders. See docs/web-shell.md.
const ShellLayout = lazy(() => import('./shell/shell-layout').then((m) => ({ default: m.ShellLayout })));
const RequirePermission = lazy(() => import('./shell/permission').then((m) => ({ default: m.RequirePermission })));
const ErrorPage = lazy(() => import('./pages/error-page').then((m) => ({ default: m.ErrorPage })));

const LoginPage = lazy(() => import('./pages/login-page'));
const SelectStaffPage = lazy(() => import('./pages/select-staff-page'));
const HomePage = lazy(() => import('./pages/home-page'));
const NotFoundPage = lazy(() => import('./pages/not-found-page'));
const LoginPasswordPage = lazy(() => import('./settings/login-password-page'));
const OperatePasswordPage = lazy(() => import('./settings/operate-password-page'));
const InformationPage = lazy(() => import('./settings/information-page'));
const NavigationPreferencePage = lazy(() => import('./settings/navigation-preference-page'));
const SetPasswordPage = lazy(() => import('./pages/set-password-page'));
// the platform console: a platform administrator has no staff, so it lives outside the staff shell
const PlatformConsole = lazy(() => import('./shell/platform-console'));

const page = (node: ReactNode) => <Suspense fallback={<PageSpinner />}>{node}</Suspense>;

/**
 * Signed-in routes: wait for the first probe, send the signed-out to login with a redirect (embedded: to
 * the auth origin's sign-in, which comes back to this page; spec 000 §2).
 */
function RequireAuth({ children }: { children: ReactNode }) {
  const { state } = useAuth();
  const location = useLocation();
  const toAuthOrigin = state === false && embedding.embedded;
  useEffect(() => {
    if (toAuthOrigin) window.location.assign(authLoginUrl());
  }, [toAuthOrigin]);
  if (state === 'unknown' || toAuthOrigin) return <PageSpinner />;
  if (state === false) return <Navigate to={loginUrl(location.pathname + location.search + location.hash)} replace />;
  return children;
}

/** Each domain's pages, with the permission that opens them (the permission wrapper of spec 000). */
const domainRoutes: ShellRoute[] = domainModules.flatMap((m) => m.routes);

const routes: RouteObject[] = [
  {
    errorElement: page(<ErrorPage />),
    children: [
      { path: '/login', element: page(<LoginPage />) },
      // the auth origin's sign-in (the server checks `service` first, and sends a signed-in visitor back to it)
      { path: '/ms-ac/login', element: page(<LoginPage />) },
      {
        path: '/select-staff',
        element: <RequireAuth>{page(<SelectStaffPage />)}</RequireAuth>,
      },
      { path: '/set-password', element: <RequireAuth>{page(<SetPasswordPage />)}</RequireAuth> },
      { path: '/platform/*', element: <RequireAuth>{page(<PlatformConsole />)}</RequireAuth> },
      {
        path: '/',
        element: <RequireAuth>{page(<ShellLayout />)}</RequireAuth>,
        children: [
          { index: true, element: page(<HomePage />) },
          { path: 'home', element: <Navigate to="/" replace /> },
          { path: 'user/settings/loginPassword', element: page(<LoginPasswordPage />) },
          { path: 'user/settings/operatePassword', element: page(<OperatePasswordPage />) },
          { path: 'user/settings/information', element: page(<InformationPage />) },
          { path: 'user/settings/navigationPreference', element: page(<NavigationPreferencePage />) },
          ...domainRoutes.map((r) => ({
            path: r.path.replace(/^\//, ''),
            element: page(<RequirePermission code={r.permission}>{r.element}</RequirePermission>),
            handle: { permission: r.permission },
          })),
          { path: '*', element: page(<NotFoundPage />) },
        ],
      },
    ],
  },
];

type AppRouter = ReturnType<typeof createBrowserRouter>;
let current: AppRouter | undefined;

/** The app's router, made at first use (under the embedding base path, when embedded). */
export function appRouter(): AppRouter {
  return (current ??= createBrowserRouter(routes, embedding.basename ? { basename: embedding.basename } : undefined));
}

/** Embedded unmount: the router stops listening to the page's history. */
export function disposeRouter() {
  current?.dispose();
  current = undefined;
}

/** To the sign-in: the login page with a redirect, or, embedded, the auth origin's (a page load). */
export function goToLogin() {
  if (embedding.embedded) window.location.assign(authLoginUrl());
  else void appRouter().navigate(loginUrl());
}
