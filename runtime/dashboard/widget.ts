import type { UiSchema } from '@rjsf/utils';
import type { ComponentType, ReactNode } from 'react';
import type { WidgetConfig } from './document';
import type { InspectHeadings, InspectTable } from './inspectRows';
import type { DashboardPeriod, WidgetContext } from './context';
import type { Needs, SlotState } from './needs';

export { DASHBOARD_PERIODS } from './context';
export type { DashboardPeriod, StationContext, WidgetContext } from './context';

/** What a widget's view can do beside showing its data. */
export interface WidgetActions {
  /** Fetches this widget's needs again now (after an action such as confirming an alarm). */
  refresh(): void;
  /** Goes to a route of the tree by its name, with these query parameters (the station a record screen opens on). */
  navigate(routeName: string, query?: Record<string, string>): void;
}

export interface WidgetViewProps<C extends WidgetConfig = WidgetConfig> {
  id: string;
  config: C;
  /** The answers of the widget's needs, by the names `needs` gave them. */
  data: Record<string, SlotState>;
  context: WidgetContext;
  editing: boolean;
  actions: WidgetActions;
}

/** The groups of the widget catalogue, in the order it shows them. */
export const WIDGET_GROUPS = ['data', 'status', 'energy', 'operations', 'content'] as const;
export type WidgetGroup = (typeof WIDGET_GROUPS)[number];

/**
 * A widget type: its configuration schema is `schemas/widgets/<type>.json` (+ `.ui.json`),
 * labelled `widgets.<type>.…`; everything else is here. Widgets never fetch: `needs` says which
 * data calls the view reads, and the dashboard's scheduler fetches them for all widgets at once.
 */
export interface WidgetDefinition<C extends WidgetConfig = WidgetConfig> {
  type: string;
  group: WidgetGroup;
  /** The catalogue's icon. */
  icon: ReactNode;
  /** Default size in the 24 columns of the desktop layout (rows of 30 px). */
  size: { w: number; h: number };
  /** The calls the view needs for this configuration, at this station and instant. */
  needs(config: C, context: WidgetContext): Needs;
  View: ComponentType<WidgetViewProps<C>>;
  /** What the configuration form shows beyond its schema for the current values (options disabled by another field). */
  uiRules?(config: C): UiSchema;
  /** The configuration after a change in the form (values a change makes meaningless cleared). */
  onChange?(previous: C, next: C): C;
  /**
   * The configuration as it is while following the dashboard's period (its own period option set
   * to it); the configuration itself (the same object) where nothing changes: a period the widget
   * ignores, or one it shows already. Without it, the widget ignores every period.
   */
  followPeriod?(config: C, period: DashboardPeriod): C;
  /**
   * Asks for what the view draws besides its data (the station map's land outline), when the data
   * is asked for: it then arrives beside the data rather than after the view has first drawn.
   */
  preload?(): void;
  /** A configuration of an older document format, in the current one. */
  migrate(config: WidgetConfig, fromVersion: number): WidgetConfig;
  /**
   * The figures behind the view as its 'Inspect data' table shows them, where they are not one row
   * per value as every answer is read by default (`answerTable`): a chart's series side by side.
   */
  inspect?(config: C, data: Record<string, SlotState>, headings: InspectHeadings, context: WidgetContext): InspectTable;
}

/** A widget definition whatever its configuration type, as the registry holds them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyWidgetDefinition = WidgetDefinition<any>;

/**
 * The part of a widget type that says what it asks the server for: what a dashboard's first data
 * call needs before the widgets' views have loaded, and what the views draw besides the data. Each
 * widget's `rules.ts` exports it as `dataRules` (the map of them is `widgets/data.ts`), and its
 * definition takes it in whole.
 */
export type WidgetDataRules<C extends WidgetConfig = WidgetConfig> = Pick<
  WidgetDefinition<C>,
  'type' | 'needs' | 'followPeriod' | 'preload'
>;

/** Data rules whatever their configuration type, as the map of them holds them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyWidgetDataRules = WidgetDataRules<any>;

/** A widget type's data rules with its configuration typed. */
export function widgetDataRules<C extends WidgetConfig>(rules: WidgetDataRules<C>): WidgetDataRules<C> {
  return rules;
}

/** Defines a widget type with its configuration typed. */
export function defineWidget<C extends WidgetConfig>(definition: WidgetDefinition<C>): WidgetDefinition<C> {
  return definition;
}
