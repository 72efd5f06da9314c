import { lazyScreen } from './shell/lazyScreen';
import { withLabels } from './i18n/i18n';

export { createAnalytics } from './analytics';
export type { Analytics, PageView } from './analytics';
export { ApiCallError, createApi, EARLY_CALL_MS, REQUEST_TIMEOUT_MS } from './api/client';
export type { Api, ApiOptions, CallInput, CallOptions, CallResult } from './api/client';
export { returnPath, session, signInPath } from './auth/session';
export type { Credentials, SessionUser } from './auth/session';
export { REFRESH_BEFORE_MS, TokenManager } from './auth/tokens';
export { cookieTokenStore, memoryTokenStore, TOKEN_NAMES } from './auth/tokenStore';
export type { StoredToken, TokenStore } from './auth/tokenStore';
export { createI18n, i18nFor, requireLabels, withLabels } from './i18n/i18n';
export { enumLabel, fieldLabel, label, pageTitle } from './i18n/labels';
export type { ListRecord, ListViewProps } from './list/ListView';
export { initialListState, listQuery } from './list/listQuery';
export type { ListState } from './list/listQuery';
export { createPreferenceStore, readPreferences } from './preferences/preferences';
export type { Language, Preferences, ThemeName } from './preferences/preferences';
export { RuntimeProvider, usePreferences, useRuntime } from './RuntimeContext';
export type { Runtime } from './RuntimeContext';
export { buildUiSchema, HIDDEN_FIELD, mergeUiSchema } from './schema/uiSchema';
export type { FormMode } from './schema/uiSchema';
export { AccessProvider, useAccess } from './shell/AccessContext';
export type { Access, MenuRoute } from './shell/AccessContext';
export { AppProviders } from './shell/AppProviders';
export { AppShell, LANDING_PATH } from './shell/AppShell';
export { lazyScreen, ScreenBoundary, withTimeout } from './shell/lazyScreen';
export { memoryRuntime } from './shell/memoryRuntime';
export type { LazyScreen } from './shell/lazyScreen';
export { createNotifier } from './shell/notifier';
export type { Notifier } from './shell/notifier';
export { PreferenceSwitches } from './shell/PreferenceSwitches';
export { useConfirmDiscard, useUnsavedChanges } from './forms/unsaved';
export { useRouteNavigate } from './shell/useRouteNavigate';

/** The list screen of a page schema, loaded with its first use. */
export const ListPage = lazyScreen<{ name: string }>(
  withLabels('entities', () => import('./list/ListPage').then((module) => ({ default: module.ListScreen }))),
);
export { DataTable } from './table/DataTable';
export type { DataTableProps, TableColumn, TablePaging, TableSort } from './table/DataTable';
export { StationZoneNote } from './format/StationZoneNote';
export { loadCharts } from './charts/EChart';
