import { lazy, memo, Suspense, useCallback, useMemo, useState } from 'react';
import { useContainerWidth } from 'react-grid-layout';
import { bottom, calcGridItemPosition, type Layout } from 'react-grid-layout/core';
import './grid.css';
import { Button, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/shallow';
import { label } from '../i18n/labels';
import { lazyScreen } from '../shell/lazyScreen';
import { arrange, fromGrid, shown, toGrid, type ArrangeStep } from './arrange';
import {
  breakpointOf,
  GRID,
  isArranged,
  layoutFor,
  type Breakpoint,
  type LayoutItem,
  type WidgetConfig,
  type WidgetInstance,
} from './document';
import type { EditorStore } from './editor';
import type { InspectDialogProps } from './InspectDialog';
import type { UnboundWidgetProps } from './UnboundWidget';
import { effectiveConfig } from './period';
import type { DataScheduler } from './scheduler';
import { useWidgetData } from './useWidgetData';
import { widgetNeeds } from './widgetNeeds';
import type { AnyWidgetDefinition, DashboardPeriod, StationContext, WidgetActions } from './widget';
import { WidgetBoundary } from './WidgetBoundary';
import { ARRANGE_HINT_ID, WidgetFrame } from './WidgetFrame';
import { GRID_MARGIN, ROW_HEIGHT, type GridProps } from './gridGeometry';

export { ROW_HEIGHT };

/** The grid that moves and resizes widgets, loaded when a dashboard is first edited. */
const EditableGrid = lazy(() => import('./EditableGrid').then((module) => ({ default: module.EditableGrid })));
/** The 'Inspect data' dialog, loaded when a widget's figures are first inspected. */
const InspectDialog = lazyScreen<InspectDialogProps>(() =>
  import('./InspectDialog').then((module) => ({ default: module.InspectDialog })),
);
/** A template's widget this station could not bind, in its place: loaded where a dashboard has one. */
const UnboundWidget = lazyScreen<UnboundWidgetProps>(() =>
  import('./UnboundWidget').then((module) => ({ default: module.UnboundWidget })),
);

export interface DashboardGridProps {
  /** The dashboard shown: each widget renders again only when its own part of the document changes. */
  store: EditorStore;
  definitions: ReadonlyMap<string, AnyWidgetDefinition>;
  station: StationContext;
  /** The period the dashboard shows, which each widget follows or ignores; undefined: every widget as configured. */
  period?: DashboardPeriod;
  scheduler: DataScheduler;
  editing: boolean;
  /** The widget just added, brought into view and outlined for a moment. */
  highlighted?: string | null;
  onLayoutChange(breakpoint: Breakpoint, items: LayoutItem[]): void;
  onEdit(id: string): void;
  onRemove(id: string): void;
  onMove(breakpoint: Breakpoint, id: string, delta: -1 | 1): void;
  navigate(routeName: string, query?: Record<string, string>): void;
}

/** The title a widget shows: its configured title or name, else its type's. */
export function widgetTitle(t: (key: string) => string, widget: WidgetInstance): string {
  const { titleName, name, title } = widget.config as { titleName?: unknown; name?: unknown; title?: unknown };
  const own = [titleName, name, title].find((value) => typeof value === 'string' && value.trim() !== '');
  return typeof own === 'string' ? own : t(`widgets.${widget.type}.title`);
}

/**
 * A widget's view with the answers it needs, and the table of those answers while it is inspected:
 * all three of its configuration as it follows the dashboard's `period` (`effectiveConfig`).
 */
export function WidgetSlot({
  widget,
  definition,
  station,
  period,
  scheduler,
  editing,
  navigate,
  title,
  inspecting,
  onInspected,
}: {
  widget: WidgetInstance;
  definition: AnyWidgetDefinition;
  station: StationContext;
  period?: DashboardPeriod;
  scheduler: DataScheduler;
  editing: boolean;
  navigate(routeName: string, query?: Record<string, string>): void;
  title: string;
  inspecting: boolean;
  onInspected(): void;
}) {
  const needsOf = useMemo(
    () => widgetNeeds(definition, widget.config, station, period),
    [definition, widget.config, station, period],
  );
  const config = useMemo(
    () => effectiveConfig<WidgetConfig>(definition, widget.config, period),
    [definition, widget.config, period],
  );
  const data = useWidgetData(scheduler, widget.id, needsOf);
  const context = useMemo(() => ({ station, now: Date.now(), period }), [station, period, data]); // eslint-disable-line react-hooks/exhaustive-deps
  const actions = useMemo<WidgetActions>(
    () => ({ refresh: () => void scheduler.refresh(widget.id), navigate }),
    [scheduler, widget.id, navigate],
  );
  const { View } = definition;
  return (
    <>
      <View id={widget.id} config={config} data={data} context={context} editing={editing} actions={actions} />
      {inspecting ? (
        <Suspense fallback={null}>
          <InspectDialog
            title={title}
            definition={definition}
            config={config}
            data={data}
            context={context}
            onClose={onInspected}
          />
        </Suspense>
      ) : null}
    </>
  );
}

interface WidgetCellProps {
  store: EditorStore;
  id: string;
  definitions: ReadonlyMap<string, AnyWidgetDefinition>;
  station: StationContext;
  period?: DashboardPeriod;
  scheduler: DataScheduler;
  editing: boolean;
  highlighted: boolean;
  onEdit(id: string): void;
  onRemove(id: string): void;
  onMove?(id: string, delta: -1 | 1): void;
  /** Absent where the width shows the arrangement stacked: nothing there is arranged by the way. */
  onArrange?(id: string, step: ArrangeStep): void;
  navigate(routeName: string, query?: Record<string, string>): void;
}

/** A widget in its frame, rendered again only when its own instance in the document changes (or the props do). */
const WidgetCell = memo(function WidgetCell({ store, id, definitions, ...props }: WidgetCellProps) {
  const { t } = useTranslation();
  const widget = useStore(store, (state) => state.document?.widgets.find((entry) => entry.id === id));
  const definition = widget ? definitions.get(widget.type) : undefined;
  const [inspecting, setInspecting] = useState(false);
  const inspect = useCallback(() => setInspecting(true), []);
  const inspected = useCallback(() => setInspecting(false), []);
  // The configuration the widget failed on, if it did.
  const [failed, setFailed] = useState<unknown>();
  if (!widget || !definition) return null;
  const title = widgetTitle((key) => label(t, key), widget);
  return (
    <WidgetFrame
      id={id}
      title={title}
      icon={typeof widget.config.icon === 'string' ? widget.config.icon : undefined}
      editing={props.editing}
      highlighted={props.highlighted}
      onEdit={props.onEdit}
      onRemove={props.onRemove}
      onMove={props.onMove}
      onArrange={props.onArrange}
      onInspect={widget.unbound || failed === widget.config ? undefined : inspect}
    >
      <WidgetBoundary config={widget.config} editing={props.editing} onFailed={setFailed}>
        {widget.unbound ? (
          <Suspense fallback={null}>
            <UnboundWidget unbound={widget.unbound} editing={props.editing} />
          </Suspense>
        ) : (
          <WidgetSlot
            widget={widget}
            definition={definition}
            station={props.station}
            period={props.period}
            scheduler={props.scheduler}
            editing={props.editing}
            navigate={props.navigate}
            title={title}
            inspecting={inspecting}
            onInspected={inspected}
          />
        )}
      </WidgetBoundary>
    </WidgetFrame>
  );
});

/**
 * The widgets where the layout puts them, compacted upwards as the editable grid shows them, without
 * its dragging and resizing code: what every dashboard shows until it is edited.
 */
function StaticGrid({ width, cols, layout, items }: GridProps) {
  const placed = useMemo(() => shown(layout, cols), [layout, cols]);
  const position = new Map(placed.map((item) => [item.i, item]));
  const params = {
    cols,
    margin: [GRID_MARGIN, GRID_MARGIN] as const,
    containerPadding: [GRID_MARGIN, GRID_MARGIN] as const,
    containerWidth: width,
    rowHeight: ROW_HEIGHT,
    maxRows: Infinity,
  };
  const rows = bottom(placed);
  return (
    <div className="dashboard-grid" style={{ height: rows * ROW_HEIGHT + (rows - 1) * GRID_MARGIN + 2 * GRID_MARGIN }}>
      {items.map(({ id, node }) => {
        const item = position.get(id);
        if (!item) return null;
        const { top, left, width: itemWidth, height } = calcGridItemPosition(params, item.x, item.y, item.w, item.h);
        return (
          <div key={id} className="dashboard-grid-item" style={{ top, left, width: itemWidth, height }}>
            {node}
          </div>
        );
      })}
    </div>
  );
}

/**
 * The widgets of a dashboard on a grid of the layout that fits the width: the dashboard's one
 * arrangement (the desktop's 24 columns) on every wide screen, scaled to it; on narrower ones the
 * tablet's 12 columns and the phone's one, which stack the arrangement in reading order unless the
 * user arranged that width on its own. In edit mode the arrangement (or a width's own layout) is
 * arranged: widgets moved by their title and resized, and on the phone moved up and down in the order.
 */
export function DashboardGrid(props: DashboardGridProps) {
  const {
    store,
    definitions,
    station,
    period,
    scheduler,
    editing,
    highlighted,
    onLayoutChange,
    onEdit,
    onRemove,
    onMove,
    navigate,
  } = props;
  const { t } = useTranslation();
  const { width, containerRef, mounted } = useContainerWidth();
  const breakpoint = breakpointOf(width, window.innerWidth);
  const sizeOf = useCallback((type: string) => definitions.get(type)?.size ?? { w: 6, h: 6 }, [definitions]);
  // What places the widgets: which there are, of which types, and the layouts; not their configurations.
  const widgets = useStore(
    store,
    useShallow((state) =>
      (state.document?.widgets ?? [])
        .filter((widget) => definitions.has(widget.type))
        .map((widget) => `${widget.id} ${widget.type}`),
    ),
  );
  const layouts = useStore(store, (state) => state.document?.layouts);
  const placed = useMemo(
    () =>
      widgets.map((entry) => {
        const [id = '', type = ''] = entry.split(' ');
        return { id, type };
      }),
    [widgets],
  );
  const layout = useMemo(
    () => toGrid(layoutFor({ widgets: placed, layouts: layouts ?? {} }, breakpoint, sizeOf, width)),
    [placed, layouts, breakpoint, sizeOf, width],
  );
  const moveHere = useCallback((id: string, delta: -1 | 1) => onMove(breakpoint, id, delta), [onMove, breakpoint]);
  // The widget last arranged from the keyboard: where it now is is announced.
  const [arranged, setArranged] = useState<string>();
  const arrangeHere = useCallback(
    (id: string, step: ArrangeStep) => {
      setArranged(id);
      if (breakpoint === 'phone' && (step === 'up' || step === 'down')) return moveHere(id, step === 'up' ? -1 : 1);
      // The layout read when the key is pressed, so that the widgets need not render again as it changes.
      const document = store.getState().document;
      if (!document) return undefined;
      const known = { widgets: document.widgets.filter((widget) => definitions.has(widget.type)), layouts: document.layouts };
      const current = layoutFor(known, breakpoint, sizeOf, width);
      const next = arrange(current, id, step, breakpoint);
      // A step that cannot be taken (at the grid's edge, at the least size) arranges nothing.
      return next === current ? undefined : onLayoutChange(breakpoint, next);
    },
    [store, definitions, breakpoint, sizeOf, width, moveHere, onLayoutChange],
  );
  // The desktop's layout is the dashboard's arrangement; a narrower width is arranged only once the
  // user gives it a layout of its own, and until then shows the arrangement stacked.
  const own = breakpoint === 'desktop' || (layouts !== undefined && isArranged(layouts, breakpoint));
  const arrangeable = editing && own;
  // In the document's order, as before the grid places them.
  const items = placed.map(({ id }) => ({
    id,
    node: (
      <WidgetCell
        store={store}
        id={id}
        definitions={definitions}
        station={station}
        period={period}
        scheduler={scheduler}
        editing={editing}
        highlighted={highlighted === id}
        onEdit={onEdit}
        onRemove={onRemove}
        onMove={arrangeable && breakpoint === 'phone' ? moveHere : undefined}
        onArrange={arrangeable ? arrangeHere : undefined}
        navigate={navigate}
      />
    ),
  }));
  const grid: GridProps = { width, cols: GRID[breakpoint].cols, layout, items };
  return (
    <div ref={containerRef} style={{ width: '100%' }}>
      {editing && mounted ? (
        <>
          <Typography.Paragraph role="status" type="secondary" style={{ marginBottom: 8 }}>
            {breakpoint === 'desktop'
              ? t('dashboard.arranging', { cols: GRID.desktop.cols })
              : t(own ? 'dashboard.arrangedOwn' : 'dashboard.stacked', {
                  layout: t(`dashboard.layouts.${breakpoint}`),
                  cols: GRID[breakpoint].cols,
                })}{' '}
            {breakpoint === 'desktop' ? null : (
              <Button
                size="small"
                // Its own layout starts as the stacked one it sees; following again drops it.
                onClick={() => onLayoutChange(breakpoint, own ? [] : fromGrid(layout))}
              >
                {t(own ? 'dashboard.followArrangement' : 'dashboard.arrangeOwn')}
              </Button>
            )}{' '}
            {arrangeable ? <span id={ARRANGE_HINT_ID}>{t('dashboard.arrangeHint')}</span> : null}
          </Typography.Paragraph>
          <div role="status" className="visually-hidden">
            {arranged ? placeOf(t, store, arranged, layout, breakpoint) : ''}
          </div>
        </>
      ) : null}
      {!mounted ? null : arrangeable ? (
        <Suspense fallback={<StaticGrid {...grid} />}>
          <EditableGrid {...grid} onLayoutChange={(next) => onLayoutChange(breakpoint, next)} />
        </Suspense>
      ) : (
        <StaticGrid {...grid} />
      )}
    </div>
  );
}

const ignore = () => undefined;

/**
 * A dashboard that is only looked at (a station board, a version's preview, the kiosk): the grid
 * without edit mode, its widgets' actions leading where `navigate` says (nowhere by default).
 */
export function ViewGrid({
  navigate = ignore,
  ...props
}: Pick<DashboardGridProps, 'store' | 'definitions' | 'station' | 'scheduler'> &
  Partial<Pick<DashboardGridProps, 'navigate' | 'period'>>) {
  return (
    <DashboardGrid
      {...props}
      editing={false}
      onLayoutChange={ignore}
      onEdit={ignore}
      onRemove={ignore}
      onMove={ignore}
      navigate={navigate}
    />
  );
}

/** Where a widget is now, as the user hears it after arranging it from the keyboard. */
function placeOf(t: TFunction, store: EditorStore, id: string, layout: Layout, breakpoint: Breakpoint): string {
  const widget = store.getState().document?.widgets.find((entry) => entry.id === id);
  const placed = shown(layout, GRID[breakpoint].cols);
  const item = placed.find((entry) => entry.i === id);
  if (!widget || !item) return '';
  const title = widgetTitle((key) => label(t, key), widget);
  if (breakpoint === 'phone') {
    const order = [...placed].sort((a, b) => a.y - b.y || a.x - b.x);
    return t('dashboard.placeInOrder', { title, place: order.indexOf(item) + 1, count: order.length });
  }
  return t('dashboard.placeOnGrid', { title, column: item.x + 1, row: item.y + 1, w: item.w, h: item.h });
}
