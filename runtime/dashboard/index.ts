/**
 * The dashboard module: documents and layouts, the data scheduler, widget definitions and their
 * helpers, charts, the grid. Only the dashboard route and the widgets import it, so its code
 * (charts, grid) stays out of the other screens; its editing dialogs load when editing starts.
 */
import { lazyScreen } from '../shell/lazyScreen';
import type { WidgetCatalogueProps } from './WidgetCatalogue';
import type { WidgetConfigDialogProps } from './WidgetConfigDialog';

export { DATE_TIME_MS_FORMAT } from '../format/dateRanges';
export { cartesianOption } from '../charts/cartesian';
export type { CartesianChart, CartesianSeries } from '../charts/cartesian';
export { EChart } from '../charts/EChart';
export { loadCharts } from '../charts/loadCharts';
export { PlacesMap } from '../charts/PlacesMap';
export { decodeLand, fitWindow, LAND_MAP, landGeoJson, located, placesOption, project, unproject } from '../charts/places';
export type { LandRing, MapPlace, MapProjection, MapView, MapWindow } from '../charts/places';
export type { ChartClick, ChartHost, EChartProps } from '../charts/EChart';
export { alarmBandNames, alarmBands, clickedAlarm, LEVEL_COLORS, withAlarmBands } from '../charts/alarmBands';
export type { AlarmBand, AlarmBandNames } from '../charts/alarmBands';
export { Gauge } from '../charts/Gauge';
export type { GaugeProps } from '../charts/Gauge';
export { averageLine, averageOf, seriesMarks } from '../charts/marks';
export type { MarkChoice, MarkNames, SeriesMarks, SeriesPoint } from '../charts/marks';
export type { ChartOption } from '../charts/option';
export { readRing, shareRing } from '../charts/ring';
export type { RingReading, ShareRingOptions, ShareSlice } from '../charts/ring';
export { wallClock } from '../charts/time';
export { SERIES_PALETTE, seriesColor } from '../charts/palette';
export { SeriesLegend } from '../charts/SeriesLegend';
export type { LegendEntry } from '../charts/SeriesLegend';
export {
  addWidget,
  BREAKPOINTS,
  breakpointOf,
  clearWidgets,
  CONFIGURATION_SCHEMA_VERSION,
  DASHBOARD_SCHEMA_VERSION,
  emptyDocument,
  GRID,
  layoutFor,
  moveInOrder,
  newWidgetId,
  oneArrangement,
  removeWidget,
  sameLayout,
  setLayout,
  setWidgetConfig,
} from './document';
export type { Breakpoint, DashboardDocument, LayoutItem, WidgetConfig, WidgetInstance } from './document';
export {
  failureOf,
  figureNeed,
  figureOf,
  formatFigure,
  isDeviceVar,
  migrateDeviceVar,
  migrateEntries,
  overallState,
  stationTime,
} from './figures';
export type { DeviceVar, Method, Period } from './figures';
export { withUnit } from '../format/units';
export { completeConfig, configDefaults } from './defaults';
export { canRedo, canUndo, createEditorStore, HISTORY_LIMIT, isDirty } from './editor';
export type { EditorActions, EditorState, EditorStore } from './editor';
export { WIDGET_ICONS, WidgetIcon } from './icons';
export { wallClockText } from './inspectRows';
export type { InspectCell, InspectHeadings, InspectTable } from './inspectRows';
export { needKey } from './needs';
export { dashboardPeriod, effectiveConfig, followOption } from './period';
export type { DataNeed, Needs, SlotState } from './needs';
export { sanitizeHtml } from './sanitize';
export { stationInfoText } from './stationInfo';
export { stationStatusNeed, statusDetailOf } from './stationStatus';
export { DataScheduler, REFRESH_INTERVAL_MS } from './scheduler';
export { batchFetcher } from './batchFetcher';
export { adoptScheduler, isEarlyScheduler, screenScheduler, startEarlyScheduler, useScreenScheduler } from './screenScheduler';
export type { FetchMode } from './screenScheduler';
export { DashboardGrid, ROW_HEIGHT, ViewGrid, widgetTitle } from './DashboardGrid';
export type { DashboardGridProps } from './DashboardGrid';
export type { BatchFetcher, NeedAnswer, NeedsOf, SchedulerOptions, SchedulerStats, Visibility } from './scheduler';
export { DASHBOARD_PERIODS, defineWidget, WIDGET_GROUPS } from './widget';
export type {
  AnyWidgetDefinition,
  DashboardPeriod,
  StationContext,
  WidgetActions,
  WidgetContext,
  WidgetDefinition,
  WidgetGroup,
  WidgetViewProps,
} from './widget';
export { StatusFigure } from './StatusFigure';
export type { StatusFigureProps } from './StatusFigure';
export { WidgetStatus } from './WidgetStatus';
export type { WidgetStatusProps } from './WidgetStatus';
export type { WidgetCatalogueProps, WidgetConfigDialogProps };

/** The widget catalogue, loaded when editing starts. */
export const WidgetCatalogue = lazyScreen<WidgetCatalogueProps>(() =>
  import('./WidgetCatalogue').then((m) => ({ default: m.WidgetCatalogue })),
);
/** The 'module configuration' dialog (the schema form), loaded when a widget is first configured. */
export const WidgetConfigDialog = lazyScreen<WidgetConfigDialogProps>(() =>
  import('./WidgetConfigDialog').then((m) => ({ default: m.WidgetConfigDialog })),
);
