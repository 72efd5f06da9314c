import { useCallback, useMemo } from 'react';
import ReactGridLayout, { useContainerWidth, type Layout } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import 'react-resizable/css/styles.css';
import './grid.css';
import { useTranslation } from 'react-i18next';
import { label } from '../i18n/labels';
import {
  breakpointOf,
  GRID,
  layoutFor,
  type Breakpoint,
  type DashboardDocument,
  type LayoutItem,
  type WidgetConfig,
  type WidgetInstance,
} from './document';
import type { DataScheduler, NeedsOf } from './scheduler';
import { useWidgetData } from './useWidgetData';
import type { AnyWidgetDefinition, StationContext, WidgetActions } from './widget';
import { WidgetFrame } from './WidgetFrame';

/** Height of a grid row (px). */
export const ROW_HEIGHT = 30;

export interface DashboardGridProps {
  document: DashboardDocument;
  definitions: ReadonlyMap<string, AnyWidgetDefinition>;
  station: StationContext;
  scheduler: DataScheduler;
  editing: boolean;
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

const needsOfConfig = new WeakMap<WidgetConfig, { definition: AnyWidgetDefinition; station: StationContext; needsOf: NeedsOf }>();

/**
 * What a widget of a station needs at an instant: the same function for the same definition,
 * configuration and station, so that a widget mounting takes over the needs registered for it
 * before (`DataScheduler.prime`) without asking again.
 */
export function widgetNeeds(definition: AnyWidgetDefinition, config: WidgetConfig, station: StationContext): NeedsOf {
  const known = needsOfConfig.get(config);
  if (known && known.definition === definition && known.station === station) return known.needsOf;
  const needsOf: NeedsOf = (now) => definition.needs(config, { station, now });
  needsOfConfig.set(config, { definition, station, needsOf });
  return needsOf;
}

function WidgetSlot({
  widget,
  definition,
  station,
  scheduler,
  editing,
  navigate,
}: {
  widget: WidgetInstance;
  definition: AnyWidgetDefinition;
  station: StationContext;
  scheduler: DataScheduler;
  editing: boolean;
  navigate(routeName: string, query?: Record<string, string>): void;
}) {
  const needsOf = useMemo(() => widgetNeeds(definition, widget.config, station), [definition, widget.config, station]);
  const data = useWidgetData(scheduler, widget.id, needsOf);
  const context = useMemo(() => ({ station, now: Date.now() }), [station, data]); // eslint-disable-line react-hooks/exhaustive-deps
  const actions = useMemo<WidgetActions>(
    () => ({ refresh: () => void scheduler.refresh(widget.id), navigate }),
    [scheduler, widget.id, navigate],
  );
  const { View } = definition;
  return <View id={widget.id} config={widget.config} data={data} context={context} editing={editing} actions={actions} />;
}

/**
 * The widgets of a dashboard on a grid of the layout that fits the width (desktop 24 columns,
 * tablet 12, phone 1); in edit mode they can be moved by their title and resized, and on the
 * phone moved up and down in the order.
 */
export function DashboardGrid(props: DashboardGridProps) {
  const { document, definitions, station, scheduler, editing, onLayoutChange, onEdit, onRemove, onMove, navigate } = props;
  const { t } = useTranslation();
  const { width, containerRef, mounted } = useContainerWidth();
  const breakpoint = breakpointOf(width);
  const sizeOf = useCallback((type: string) => definitions.get(type)?.size ?? { w: 6, h: 6 }, [definitions]);
  const layout = useMemo(
    () => layoutFor(document, breakpoint, sizeOf).map((item) => ({ ...item, i: item.id })),
    [document, breakpoint, sizeOf],
  );
  const widgets = document.widgets.filter((widget) => definitions.has(widget.type));
  return (
    <div ref={containerRef} style={{ width: '100%' }}>
      {mounted ? (
        <ReactGridLayout
          width={width}
          layout={layout}
          gridConfig={{ cols: GRID[breakpoint].cols, rowHeight: ROW_HEIGHT, margin: [8, 8] }}
          dragConfig={{ enabled: editing, handle: '.widget-drag-handle' }}
          resizeConfig={{ enabled: editing }}
          onLayoutChange={(next: Layout) =>
            editing &&
            onLayoutChange(
              breakpoint,
              next.map(({ i, x, y, w, h }) => ({ id: i, x, y, w, h })),
            )
          }
        >
          {widgets.map((widget) => {
            const definition = definitions.get(widget.type) as AnyWidgetDefinition;
            const title = widgetTitle((key) => label(t, key), widget);
            return (
              <div key={widget.id}>
                <WidgetFrame
                  id={widget.id}
                  title={title}
                  icon={typeof widget.config.icon === 'string' ? widget.config.icon : undefined}
                  editing={editing}
                  onEdit={onEdit}
                  onRemove={onRemove}
                  onMove={breakpoint === 'phone' ? (id, delta) => onMove(breakpoint, id, delta) : undefined}
                >
                  <WidgetSlot
                    widget={widget}
                    definition={definition}
                    station={station}
                    scheduler={scheduler}
                    editing={editing}
                    navigate={navigate}
                  />
                </WidgetFrame>
              </div>
            );
          })}
        </ReactGridLayout>
      ) : null}
    </div>
  );
}
