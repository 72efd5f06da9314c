import { Spin } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, type RouteObject } from 'react-router';
import { routes, type RouteEntry } from '../generated/registry';
import {
  AccessProvider,
  AppShell,
  ForbiddenPage,
  label,
  lazyScreen,
  ListPage,
  type LazyScreen,
  NotAvailablePage,
  NotFoundPage,
  ScreenBoundary,
  session,
  useAccess,
} from '../runtime';
import type { SiteScreenProps } from './site/views';

/** The screens that are not generic, by the `screen` name of the route tree; each loads with its first use. */
const SCREENS: Record<string, LazyScreen<SiteScreenProps>> = {
  login: lazyScreen(() => import('./login/LoginPage').then((m) => ({ default: m.LoginPage }))),
  personalInfo: lazyScreen(() => import('./mine/PersonalInfoPage').then((m) => ({ default: m.PersonalInfoPage }))),
  changePassword: lazyScreen(() => import('./mine/ChangePasswordPage').then((m) => ({ default: m.ChangePasswordPage }))),
  siteDashboard: lazyScreen(() => import('./dashboard/DashboardPage').then((m) => ({ default: m.DashboardPage }))),
  companyLookup: lazyScreen(() => import('./customer/CompanyLookupPage').then((m) => ({ default: m.CompanyLookupPage }))),
  newsArticle: lazyScreen(() => import('./news/NewsArticlePage').then((m) => ({ default: m.NewsArticlePage }))),
  videoCourse: lazyScreen(() => import('./learning/VideoCoursePage').then((m) => ({ default: m.VideoCoursePage }))),
  stationBoard: lazyScreen(() => import('./site/StationBoardScreen').then((m) => ({ default: m.StationBoardScreen }))),
  historyCurves: lazyScreen(() => import('./site/HistoryCurvesScreen').then((m) => ({ default: m.HistoryCurvesScreen }))),
  deviceMonitor: lazyScreen(() => import('./site/DeviceMonitorScreen').then((m) => ({ default: m.DeviceMonitorScreen }))),
  seriesStatistics: lazyScreen(() => import('./site/SeriesScreen').then((m) => ({ default: m.SeriesScreen }))),
  seriesComparison: lazyScreen(() => import('./site/SeriesScreen').then((m) => ({ default: m.SeriesScreen }))),
  seriesReport: lazyScreen(() => import('./site/SeriesScreen').then((m) => ({ default: m.SeriesScreen }))),
  chartBoard: lazyScreen(() => import('./site/ChartBoardScreen').then((m) => ({ default: m.ChartBoardScreen }))),
};

/** Every path but the open ones needs a signed-in user; without one the user is sent to /login. */
function RequireSession({ children }: { children: ReactNode }) {
  return session.user() ? children : <Navigate to="/login" replace />;
}

/**
 * A route the server does not list for the user (another tenant's, or without the permission) is
 * refused. While the server is asked, the screen's code loads beside (`preload`), so the screen does
 * not wait for one and then the other.
 */
function Allowed({ route, preload, children }: { route: RouteEntry; preload?: () => void; children: ReactNode }) {
  const access = useAccess();
  useEffect(() => {
    if (access.loading && !route.open) preload?.();
  }, [access.loading, route.open, preload]);
  if (route.open) return children;
  if (access.loading) return <Spin style={{ display: 'block', margin: 64 }} />;
  return access.allowed.has(route.name) ? children : <ForbiddenPage />;
}

function Unavailable({ route }: { route: RouteEntry }) {
  const { t } = useTranslation();
  return <NotAvailablePage title={label(t, `routes.${route.name}.title`)} />;
}

/** What a route of the tree shows: its redirect, its page schema's list, its screen, or 'not available yet'. */
function screenOf(route: RouteEntry): ReactNode {
  if (route.redirect) return <Navigate to={route.redirect} replace />;
  const Screen = route.screen ? SCREENS[route.screen] : undefined;
  const body = route.page ? (
    <ListPage key={route.page} name={route.page} />
  ) : Screen ? (
    <Screen key={route.name} route={route.name} />
  ) : (
    <Unavailable route={route} />
  );
  return (
    <ScreenBoundary>
      <Allowed route={route} preload={route.page ? ListPage.preload : Screen?.preload}>
        {body}
      </Allowed>
    </ScreenBoundary>
  );
}

function Shell() {
  return (
    <RequireSession>
      <AccessProvider tenantId={session.user()?.tenantId}>
        <AppShell />
      </AccessProvider>
    </RequireSession>
  );
}

const main = routes.find((route) => route.path === '/main');

/**
 * The route tree of `schemas/routes/routes.json`: its open routes stand alone, everything under
 * /main is inside the app shell, and any other path shows 'not found'.
 */
export const routeObjects: RouteObject[] = [
  ...routes.filter((route) => !route.path.startsWith('/main')).map((route) => ({ path: route.path, element: screenOf(route) })),
  {
    path: '/main',
    element: <Shell />,
    children: [
      ...(main?.redirect ? [{ index: true, element: <Navigate to={main.redirect} replace /> }] : []),
      ...routes
        .filter((route) => route.path.startsWith('/main/'))
        .map((route) => ({ path: route.path, element: screenOf(route) })),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  { path: '*', element: <NotFoundPage /> },
];
