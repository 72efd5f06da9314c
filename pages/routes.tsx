import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { useScreenLocation } from '../runtime/shell/screenLocation';
import { routes, type RouteEntry } from '../generated/registry';
import { forgetAnswers } from '../runtime/api/answerCaches';
import type { Api } from '../runtime/api/client';
import { session, signInPath } from '../runtime/auth/session';
import { withLabels } from '../runtime/i18n/i18n';
import { label } from '../runtime/i18n/labels';
import { ListPage } from '../runtime/list/lazyListPage';
import { AccessProvider, useAccess } from '../runtime/shell/AccessContext';
import { lazyScreen, Loading, ScreenBoundary, useCodeThere, type LazyScreen } from '../runtime/shell/lazyScreen';
import type * as StatusPages from '../runtime/shell/StatusPages';
import { dashboardEarlyCalls } from './dashboard/earlyCalls';
import type { SiteScreenProps } from './site/views';

/** A page of what a route shows when it cannot show its screen, in a chunk of its own: few ever see one. */
const statusPage = <P extends object>(pick: (pages: typeof StatusPages) => ComponentType<P>) =>
  lazyScreen<P>(() => import('../runtime/shell/StatusPages').then((pages) => ({ default: pick(pages) })));
const NotFoundPage = statusPage((pages) => pages.NotFoundPage);
const ForbiddenPage = statusPage((pages) => pages.ForbiddenPage);
const NotAvailablePage = statusPage((pages) => pages.NotAvailablePage);

/** The code of the screens that are not generic, by the `screen` name of the route tree. */
const SCREEN_CODE: Record<string, () => Promise<{ default: ComponentType<SiteScreenProps> }>> = {
  login: () => import('./login/LoginPage').then((m) => ({ default: m.LoginPage })),
  personalInfo: () => import('./mine/PersonalInfoPage').then((m) => ({ default: m.PersonalInfoPage })),
  changePassword: () => import('./mine/ChangePasswordPage').then((m) => ({ default: m.ChangePasswordPage })),
  siteDashboard: () => import('./dashboard/DashboardPage').then((m) => ({ default: m.DashboardPage })),
  siteKiosk: () => import('./dashboard/KioskPage').then((m) => ({ default: m.KioskPage })),
  companyLookup: () => import('./customer/CompanyLookupPage').then((m) => ({ default: m.CompanyLookupPage })),
  newsArticle: () => import('./news/NewsArticlePage').then((m) => ({ default: m.NewsArticlePage })),
  videoCourse: () => import('./learning/VideoCoursePage').then((m) => ({ default: m.VideoCoursePage })),
  emsSiteTopo: () => import('./ems/SiteTopoPage').then((m) => ({ default: m.SiteTopoPage })),
  emsEnergySetting: () => import('./ems/EnergySettingPage').then((m) => ({ default: m.EnergySettingPage })),
  emsEquipmentBoard: () => import('./ems/EquipmentBoardPage').then((m) => ({ default: m.EquipmentBoardPage })),
  emsGridConnection: () => import('./ems/GridConnectionPage').then((m) => ({ default: m.GridConnectionPage })),
  emsQualityRealtime: () => import('./ems/QualityRealtimePage').then((m) => ({ default: m.QualityRealtimePage })),
  emsQualityMonthReport: () => import('./ems/QualityMonthReportPage').then((m) => ({ default: m.QualityMonthReportPage })),
  emsQualityUnbalance: () => import('./ems/QualityUnbalancePage').then((m) => ({ default: m.QualityUnbalancePage })),
  emsDeviceOverview: () => import('./ems/DeviceOverviewPage').then((m) => ({ default: m.DeviceOverviewPage })),
  emsEquipDetail: () => import('./ems/EquipDetailPage').then((m) => ({ default: m.EquipDetailPage })),
  emsMobileEnergyDetail: () => import('./ems/MobileEnergyDetailPage').then((m) => ({ default: m.MobileEnergyDetailPage })),
  managementCenter: () => import('./operation/ManagementCenterPage').then((m) => ({ default: m.ManagementCenterPage })),
  openQuotation: () => import('./open/OpenQuotationPage').then((m) => ({ default: m.OpenQuotationPage })),
  openDeviceDocuments: () => import('./open/OpenDeviceDocumentsPage').then((m) => ({ default: m.OpenDeviceDocumentsPage })),
  quoteCustomerLink: () => import('./sales/QuoteCustomerLinkPage').then((m) => ({ default: m.QuoteCustomerLinkPage })),
  emsAssetQrcode: () => import('./ems/AssetQrcodePage').then((m) => ({ default: m.AssetQrcodePage })),
  alarmRecords: () => import('./alarms/AlarmRecordsPage').then((m) => ({ default: m.AlarmRecordsPage })),
  alarmSwitches: () => import('./alarms/AlarmSwitchesPage').then((m) => ({ default: m.AlarmSwitchesPage })),
  stationBoard: () => import('./site/StationBoardScreen').then((m) => ({ default: m.StationBoardScreen })),
  historyCurves: () => import('./site/HistoryCurvesScreen').then((m) => ({ default: m.HistoryCurvesScreen })),
  worksheetCalendar: () => import('./site/WorksheetCalendarScreen').then((m) => ({ default: m.WorksheetCalendarScreen })),
  deviceMonitor: () => import('./site/DeviceMonitorScreen').then((m) => ({ default: m.DeviceMonitorScreen })),
  seriesStatistics: () => import('./site/SeriesScreen').then((m) => ({ default: m.SeriesScreen })),
  seriesComparison: () => import('./site/SeriesScreen').then((m) => ({ default: m.SeriesScreen })),
  seriesReport: () => import('./site/SeriesScreen').then((m) => ({ default: m.SeriesScreen })),
  chartBoard: () => import('./site/ChartBoardScreen').then((m) => ({ default: m.ChartBoardScreen })),
  wiringDiagram: () => import('./site/WiringDiagramScreen').then((m) => ({ default: m.WiringDiagramScreen })),
  income: () => import('./site/IncomeScreen').then((m) => ({ default: m.IncomeScreen })),
  deviceHealth: () => import('./site/DeviceHealthScreen').then((m) => ({ default: m.DeviceHealthScreen })),
  orderEarnedValue: () => import('./projects/EarnedValueScreen').then((m) => ({ default: m.EarnedValueScreen })),
  projectForecasts: () => import('./projects/ProjectForecastsScreen').then((m) => ({ default: m.ProjectForecastsScreen })),
  reportInbox: () => import('./reports/ReportInboxScreen').then((m) => ({ default: m.ReportInboxScreen })),
  reportPolicy: () => import('./reports/ReportPolicyScreen').then((m) => ({ default: m.ReportPolicyScreen })),
  ledgerStation: () => import('./ledger/LedgerStationScreen').then((m) => ({ default: m.LedgerStationScreen })),
  ledgerFleet: () => import('./ledger/LedgerFleetScreen').then((m) => ({ default: m.LedgerFleetScreen })),
};

/** The screen of the sign-in page, the one drawn without Ant Design. */
const SIGN_IN = 'login';

/** The screens that need none of the screens' labels: the sign-in page and the dashboard (in the shell and in kiosk view). */
const WITHOUT_SCREEN_LABELS = new Set([SIGN_IN, 'siteDashboard', 'siteKiosk']);

/** The screens that are not generic; each loads with its first use, with the screens' labels (entities, page titles, their own words). */
const SCREENS: Record<string, LazyScreen<SiteScreenProps>> = Object.fromEntries(
  Object.entries(SCREEN_CODE).map(([name, code]) => [
    name,
    lazyScreen(WITHOUT_SCREEN_LABELS.has(name) ? code : withLabels('screens', code)),
  ]),
);

/** Calls a screen asks for first, started by its route's loader (beside its code and the user's menu). */
const EARLY_CALLS: Record<string, (api: Api, url: URL) => void> = {
  siteDashboard: dashboardEarlyCalls,
  siteKiosk: dashboardEarlyCalls,
};

/** Every path but the open ones needs a signed-in user; without one the user is sent to /login, to come back once signed in. */
function RequireSession({ children }: { children: ReactNode }) {
  const location = useScreenLocation();
  return session.user() ? children : <Navigate to={signInPath(location.pathname + location.search)} replace />;
}

/**
 * A route the server does not list for the user (another tenant's, or without the permission) is
 * refused. While the server is asked, the screen's code loads beside, so the screen does not wait
 * for one and then the other; the screen is rendered once both are there (an open route's once its
 * code is), awaited rather than suspended (`useCodeThere`).
 */
function Allowed({
  route,
  screen,
  children,
}: {
  route: RouteEntry;
  screen?: Pick<LazyScreen<object>, 'preload' | 'settled'>;
  children: ReactNode;
}) {
  const access = useAccess();
  const codeThere = useCodeThere(screen);
  if (!codeThere) return <Loading />;
  if (route.open) return children;
  if (access.loading) return <Loading />;
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
      <Allowed route={route} screen={route.page ? ListPage : Screen}>
        {body}
      </Allowed>
    </ScreenBoundary>
  );
}

/** A signed-in user and the routes the server allows them: what every screen but the open ones stands in. */
function SignedIn({ children }: { children: ReactNode }) {
  return (
    <RequireSession>
      <AccessProvider tenantId={session.user()?.tenantId}>{children}</AccessProvider>
    </RequireSession>
  );
}

/**
 * Ant Design, with the labels of every screen but the sign-in page's: around every screen but
 * that one, which shows neither and loads alone (docs/decisions.md, "The sign-in page").
 */
const Antd = lazyScreen<{ children: ReactNode }>(
  withLabels('main', () => import('../runtime/shell/AntdProviders').then((module) => ({ default: module.AntdProviders }))),
);

function WithAntd({ children }: { children: ReactNode }) {
  return <ScreenBoundary>{useCodeThere(Antd) ? <Antd>{children}</Antd> : <Loading />}</ScreenBoundary>;
}

/** The app shell (menu, header, tabs), in a chunk of its own: the sign-in page and the open routes show none. */
const AppShell = lazyScreen<object>(() => import('../runtime/shell/AppShell').then((module) => ({ default: module.AppShell })));

function ShellWhenThere() {
  return useCodeThere(AppShell) ? <AppShell /> : <Loading />;
}

function Shell() {
  return (
    <SignedIn>
      <WithAntd>
        <ScreenBoundary>
          <ShellWhenThere />
        </ScreenBoundary>
      </WithAntd>
    </SignedIn>
  );
}

const notFound = (
  <WithAntd>
    <ScreenBoundary>
      <NotFoundPage />
    </ScreenBoundary>
  </WithAntd>
);

const main = routes.find((route) => route.path === '/main');

/**
 * The route tree of `schemas/routes/routes.json`: its open routes stand alone, everything under
 * /main is inside the app shell, a signed-in route outside /main (the kiosk view of a wall
 * display) stands alone with the session, and any other path shows 'not found'. The loaders only
 * start things — the screen's code, and the calls the shell and the screen make first
 * (`api.prefetch`; a list page's first call, `prefetchListData`) — so that they are under way
 * before React renders; they return at once and hold nothing back.
 */
export function routeObjects(api: Api): RouteObject[] {
  /**
   * A signed-in user's first calls, then the code: over HTTP/1.1 a browser fetches six files at a
   * time from a host, in the order they were asked for, and a call would wait behind some forty
   * files. A call goes out a few promise steps after it is made (a task later, all have), or once
   * the token it needs is renewed (a round trip, which the code then waits for).
   */
  const callsFirst = (calls: () => void, code: () => void) => {
    if (!session.user()) return code();
    calls();
    setTimeout(() => void api.tokens.renewed().then(() => setTimeout(code)));
  };
  const screenRoute = (route: RouteEntry): RouteObject => {
    const screen = route.page ? ListPage : route.screen ? SCREENS[route.screen] : undefined;
    const early = route.screen ? EARLY_CALLS[route.screen] : undefined;
    return {
      path: route.path,
      element: screenOf(route),
      ...(screen && {
        loader: ({ request }: LoaderFunctionArgs) => {
          // Every sign-out (the shell's button, a session that ended, another tab) comes to sign-in.
          if (route.screen === SIGN_IN) forgetAnswers(api);
          const { page } = route;
          callsFirst(
            () => {
              early?.(api, new URL(request.url));
              if (page) void import('../runtime/list/useListData').then((list) => list.prefetchListData(api, page));
            },
            () => {
              void screen.preload();
              if (route.screen !== SIGN_IN) void Antd.preload();
            },
          );
          return null;
        },
      }),
    };
  };
  /** A route outside the shell: the sign-in page alone, any other inside Ant Design (and a session unless it is open). */
  const standalone = (route: RouteEntry): RouteObject => {
    const object = screenRoute(route);
    if (route.redirect || route.screen === SIGN_IN) return object;
    const element = <WithAntd>{object.element}</WithAntd>;
    return { ...object, element: route.open ? element : <SignedIn>{element}</SignedIn> };
  };
  return [
    ...routes.filter((route) => !route.path.startsWith('/main')).map(standalone),
    {
      path: '/main',
      element: <Shell />,
      // The user's menu, loaded once by the shell (AccessProvider).
      loader: () => {
        callsFirst(
          () => {
            api.prefetch('userMenu');
            api.prefetch('getUserMenu');
          },
          () => {
            void Antd.preload();
            void AppShell.preload();
          },
        );
        return null;
      },
      shouldRevalidate: () => false,
      children: [
        ...(main?.redirect ? [{ index: true, element: <Navigate to={main.redirect} replace /> }] : []),
        ...routes.filter((route) => route.path.startsWith('/main/')).map(screenRoute),
        { path: '*', element: notFound },
      ],
    },
    { path: '*', element: notFound },
  ];
}
