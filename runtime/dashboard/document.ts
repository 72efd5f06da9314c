import type { SiteKanban } from '../../generated/types';

/** The dashboard document of a station, as the site kanban calls store it. */
export type DashboardDocument = SiteKanban;
export type WidgetConfig = Record<string, unknown>;
export interface WidgetInstance {
  id: string;
  type: string;
  config: WidgetConfig;
}
export interface LayoutItem {
  id: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The layouts a dashboard keeps, by the width it is seen at. */
export const BREAKPOINTS = ['desktop', 'tablet', 'phone'] as const;
export type Breakpoint = (typeof BREAKPOINTS)[number];

/** Columns of each layout and the least width (px) it is used from. */
export const GRID: Record<Breakpoint, { cols: number; minWidth: number }> = {
  desktop: { cols: 24, minWidth: 1200 },
  tablet: { cols: 12, minWidth: 768 },
  phone: { cols: 1, minWidth: 0 },
};

/**
 * Version of the document's format. Version 1 is the format of the dashboards saved before this
 * platform (device variables as `[deviceSn, varSn]` pairs, colours and fonts missing when
 * default); version 2 holds `{ deviceSn, varSn }` and complete configurations.
 */
export const DASHBOARD_SCHEMA_VERSION = 2;

export function breakpointOf(width: number): Breakpoint {
  return BREAKPOINTS.find((name) => width >= GRID[name].minWidth) ?? 'phone';
}

export function emptyDocument(stationSn: string): DashboardDocument {
  return {
    stationSn,
    version: 0,
    schemaVersion: DASHBOARD_SCHEMA_VERSION,
    layouts: { desktop: [], tablet: [], phone: [] },
    widgets: [],
  };
}

const bottomOf = (items: LayoutItem[]) => items.reduce((bottom, item) => Math.max(bottom, item.y + item.h), 0);

/** A size given for the 24 columns of the desktop, fitted to a layout. */
function fitted(size: { w: number; h: number }, breakpoint: Breakpoint): { w: number; h: number } {
  const { cols } = GRID[breakpoint];
  return { w: Math.max(1, Math.min(cols, Math.round((size.w * cols) / GRID.desktop.cols))), h: size.h };
}

/**
 * The layout of a breakpoint with an item for every widget, in the widgets' order: a widget the
 * layout does not place yet (added on another screen size) goes below the others.
 */
export function layoutFor(
  document: { widgets: readonly { id: string; type: string }[]; layouts: DashboardDocument['layouts'] },
  breakpoint: Breakpoint,
  sizeOf: (type: string) => { w: number; h: number },
): LayoutItem[] {
  const ids = new Set(document.widgets.map((widget) => widget.id));
  const placed = (document.layouts[breakpoint] ?? []).filter((item) => ids.has(item.id));
  const known = new Set(placed.map((item) => item.id));
  const result = [...placed];
  for (const widget of document.widgets) {
    if (known.has(widget.id)) continue;
    result.push({ id: widget.id, x: 0, y: bottomOf(result), ...fitted(sizeOf(widget.type), breakpoint) });
  }
  return result;
}

let counter = 0;
/** A widget id unique in its document. */
export function newWidgetId(document: DashboardDocument, now = Date.now()): string {
  const taken = new Set(document.widgets.map((widget) => widget.id));
  let id: string;
  do {
    counter += 1;
    id = `w${now.toString(36)}${counter.toString(36)}`;
  } while (taken.has(id));
  return id;
}

/**
 * The edits of a dashboard, each written as a change to a draft of the document (immer): the
 * editor store records what each one changed (its patches) for undo and redo, and the parts of
 * the document an edit does not touch stay the same objects, so the widgets they belong to do not
 * render again.
 */

/** Adds a widget below the others in every layout. */
export function addWidget(document: DashboardDocument, widget: WidgetInstance, size: { w: number; h: number }): void {
  for (const breakpoint of BREAKPOINTS) {
    const items = (document.layouts[breakpoint] ??= []);
    items.push({ id: widget.id, x: 0, y: bottomOf(items), ...fitted(size, breakpoint) });
  }
  document.widgets.push(widget);
}

/** Takes a widget out of the document and of every layout. */
export function removeWidget(document: DashboardDocument, id: string): void {
  for (const breakpoint of BREAKPOINTS) {
    const items = document.layouts[breakpoint];
    if (items) document.layouts[breakpoint] = items.filter((item) => item.id !== id);
  }
  document.widgets = document.widgets.filter((widget) => widget.id !== id);
}

export function setWidgetConfig(document: DashboardDocument, id: string, config: WidgetConfig): void {
  const widget = document.widgets.find((entry) => entry.id === id);
  if (widget) widget.config = config;
}

/** Replaces one layout (only the geometry of known widgets is kept). */
export function setLayout(document: DashboardDocument, breakpoint: Breakpoint, items: LayoutItem[]): void {
  const ids = new Set(document.widgets.map((widget) => widget.id));
  document.layouts[breakpoint] = items.filter((item) => ids.has(item.id)).map(({ id, x, y, w, h }) => ({ id, x, y, w, h }));
}

/** Whether two layouts place the same widgets in the same places (the grid reports unchanged ones too). */
export function sameLayout(a: LayoutItem[], b: LayoutItem[]): boolean {
  if (a.length !== b.length) return false;
  const byId = new Map(a.map((item) => [item.id, item]));
  return b.every((item) => {
    const other = byId.get(item.id);
    return other !== undefined && other.x === item.x && other.y === item.y && other.w === item.w && other.h === item.h;
  });
}

/**
 * Moves a widget one place earlier (`-1`) or later (`1`) in a layout's reading order (top to
 * bottom, left to right): on the phone, where widgets stand in one column, this is the order the
 * user sees. The two widgets swap places.
 */
export function moveInOrder(
  document: DashboardDocument,
  breakpoint: Breakpoint,
  id: string,
  delta: -1 | 1,
  sizeOf: (type: string) => { w: number; h: number },
): void {
  const ordered = [...layoutFor(document, breakpoint, sizeOf)].sort((a, b) => a.y - b.y || a.x - b.x);
  const index = ordered.findIndex((item) => item.id === id);
  const other = ordered[index + delta];
  const item = ordered[index];
  if (!item || !other) return;
  const swapped = ordered.map((entry) => {
    if (entry.id === item.id) return { ...entry, x: other.x, y: other.y };
    if (entry.id === other.id) return { ...entry, x: item.x, y: item.y };
    return { ...entry };
  });
  if (breakpoint === 'phone') {
    // One column: restack in the new order so that heights do not leave gaps or overlaps.
    swapped.sort((a, b) => a.y - b.y || a.x - b.x);
    let y = 0;
    for (const entry of swapped) {
      entry.y = y;
      y += entry.h;
    }
  }
  setLayout(document, breakpoint, swapped);
}
