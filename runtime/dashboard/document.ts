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

/**
 * The layouts a dashboard keeps, by the width it is seen at. The desktop's is the dashboard's one
 * arrangement: every grid from its least width up shows it, scaled to its width (a 1024 px screen
 * beside the menu, a laptop, the control room's wall, the kiosk view). The tablet's and the
 * phone's stack it in reading order, unless the user arranged that width on its own.
 */
export const BREAKPOINTS = ['desktop', 'tablet', 'phone'] as const;
export type Breakpoint = (typeof BREAKPOINTS)[number];

/**
 * Columns of each layout, the least width of the grid (px) it is used from, and the fewest
 * columns a widget takes in it when its layout is derived from another's. The desktop's is used
 * only on a wide screen (`WIDE_SCREEN`).
 */
export const GRID: Record<Breakpoint, { cols: number; minWidth: number; minW: number }> = {
  desktop: { cols: 24, minWidth: 600, minW: 4 },
  tablet: { cols: 12, minWidth: 600, minW: 3 },
  phone: { cols: 1, minWidth: 0, minW: 1 },
};

/**
 * The narrowest screen (px) that shows the dashboard's arrangement: a 1024 px screen's grid beside
 * the menu (some 720 px) is narrower than a 768 px tablet's without it, so the screen decides, not
 * the grid.
 */
export const WIDE_SCREEN = 1024;

/** The narrowest a widget of a derived layout is drawn (px): narrower, its figures wrap and are cut. */
export const MIN_WIDGET_WIDTH = 240;

/** The fewest columns a widget takes in a derived layout of a grid `width` px wide (unknown: the breakpoint's own fewest). */
export function fewestColumns(breakpoint: Breakpoint, width?: number): number {
  const { cols, minW } = GRID[breakpoint];
  const forWidth = width ? Math.ceil((MIN_WIDGET_WIDTH * cols) / width) : 0;
  return Math.min(cols, Math.max(minW, forWidth));
}

/**
 * Version of the document's format. Version 1 is the format of the dashboards saved before this
 * platform (device variables as `[deviceSn, varSn]` pairs, colours and fonts missing when
 * default); version 2 holds `{ deviceSn, varSn }` and complete configurations; version 3 has one
 * arrangement, the desktop's, for every wide screen (`oneArrangement`).
 */
export const DASHBOARD_SCHEMA_VERSION = 3;
/** The last version that changed widgets' configurations: from it on, what a widget needs is read as stored. */
export const CONFIGURATION_SCHEMA_VERSION = 2;

/** The layout a grid `width` px wide shows on a screen `screenWidth` px wide. */
export function breakpointOf(width: number, screenWidth: number): Breakpoint {
  if (screenWidth >= WIDE_SCREEN && width >= GRID.desktop.minWidth) return 'desktop';
  return width >= GRID.tablet.minWidth ? 'tablet' : 'phone';
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

/**
 * A width of `fromCols` columns in a layout of `breakpoint`: as it is in a layout of as many
 * columns, else in proportion and no narrower than `fewest`; at most all.
 */
function scaledWidth(w: number, fromCols: number, breakpoint: Breakpoint, fewest = fewestColumns(breakpoint)): number {
  const { cols } = GRID[breakpoint];
  if (fromCols === cols) return Math.max(1, Math.min(cols, w));
  return Math.max(fewest, Math.min(cols, Math.round((w * cols) / fromCols)));
}

/** Items flowed left to right in their order, each row starting below the tallest of the one before. */
function flowed(items: { id: string; w: number; h: number }[], cols: number): LayoutItem[] {
  let x = 0;
  let y = 0;
  let row = 0;
  return items.map(({ id, w, h }) => {
    if (x + w > cols) {
      x = 0;
      y += row;
      row = 0;
    }
    const item = { id, x, y, w, h };
    x += w;
    row = Math.max(row, h);
    return item;
  });
}

/**
 * The layouts of a document of an earlier version in the model of one arrangement. Before it, a
 * laptop's grid (narrower than 1200 px beside the menu) showed the tablet's layout, and a widget
 * moved there arranged that layout by the way; now every wide screen shows the desktop's. So the
 * desktop's layout stays the arrangement where it was arranged, and a tablet layout beside it is
 * dropped (its width now stacks the arrangement, until the user arranges it on its own); a
 * dashboard arranged only on the tablet's 12 columns has that arrangement on the desktop's 24, each
 * place and width doubled. A phone's layout was only ever arranged on a phone, by moving widgets
 * in its order: it stays.
 */
export function oneArrangement(layouts: DashboardDocument['layouts'], from: number): DashboardDocument['layouts'] {
  if (from >= 3) return layouts;
  const scale = GRID.desktop.cols / GRID.tablet.cols;
  const desktop = isArranged(layouts, 'desktop')
    ? (layouts.desktop ?? [])
    : (layouts.tablet ?? []).map((item) => ({ ...item, x: item.x * scale, w: item.w * scale }));
  return { desktop, tablet: [], phone: layouts.phone ?? [] };
}

/** Whether a layout has been arranged (stored) for a breakpoint: the others are derived from the nearest that has. */
export const isArranged = (layouts: DashboardDocument['layouts'], breakpoint: Breakpoint): boolean =>
  (layouts[breakpoint]?.length ?? 0) > 0;

/**
 * A layout for `breakpoint` derived from one arranged for `from`: the reading order kept (top to
 * bottom, left to right), each width scaled to the columns (no narrower than `fewest`, the
 * breakpoint's own by default), and the rows flowed left to right without gaps. Deriving it again
 * gives it back.
 */
export function deriveLayout(
  source: LayoutItem[],
  from: Breakpoint,
  breakpoint: Breakpoint,
  fewest = fewestColumns(breakpoint),
): LayoutItem[] {
  const ordered = [...source].sort((a, b) => a.y - b.y || a.x - b.x);
  const { cols } = GRID[breakpoint];
  return flowed(
    ordered.map((item) => ({ id: item.id, w: scaledWidth(item.w, GRID[from].cols, breakpoint, fewest), h: item.h })),
    cols,
  );
}

/** The arranged breakpoint nearest to `breakpoint` (the wider one of two as near), if any is. */
export function nearestArranged(layouts: DashboardDocument['layouts'], breakpoint: Breakpoint): Breakpoint | undefined {
  const at = BREAKPOINTS.indexOf(breakpoint);
  return [...BREAKPOINTS]
    .filter((candidate) => isArranged(layouts, candidate))
    .sort((a, b) => Math.abs(BREAKPOINTS.indexOf(a) - at) - Math.abs(BREAKPOINTS.indexOf(b) - at))[0];
}

/**
 * The layout of a breakpoint with an item for every widget: the one arranged for it, else one
 * derived from the nearest arranged layout (`deriveLayout`; for a grid `width` px wide, no widget
 * narrower than `MIN_WIDGET_WIDTH`); a widget the layout does not place (added on another screen
 * size) goes below the others, at its size for the breakpoint.
 */
export function layoutFor(
  document: { widgets: readonly { id: string; type: string }[]; layouts: DashboardDocument['layouts'] },
  breakpoint: Breakpoint,
  sizeOf: (type: string) => { w: number; h: number },
  width?: number,
): LayoutItem[] {
  const ids = new Set(document.widgets.map((widget) => widget.id));
  const source = nearestArranged(document.layouts, breakpoint);
  const stored = (source ? (document.layouts[source] ?? []) : []).filter((item) => ids.has(item.id));
  const placed =
    source === breakpoint || !source ? stored : deriveLayout(stored, source, breakpoint, fewestColumns(breakpoint, width));
  const known = new Set(placed.map((item) => item.id));
  const result = [...placed];
  for (const widget of document.widgets) {
    if (known.has(widget.id)) continue;
    const size = sizeOf(widget.type);
    result.push({ id: widget.id, x: 0, y: bottomOf(result), w: scaledWidth(size.w, GRID.desktop.cols, breakpoint), h: size.h });
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

/**
 * Adds a widget below the others in every arranged layout (its size given for the desktop's 24
 * columns); the layouts derived from them place it as they place the others.
 */
export function addWidget(document: DashboardDocument, widget: WidgetInstance, size: { w: number; h: number }): void {
  const arranged = BREAKPOINTS.filter((breakpoint) => isArranged(document.layouts, breakpoint));
  // A first widget arranges the desktop's layout.
  for (const breakpoint of arranged.length ? arranged : (['desktop'] as const)) {
    const items = (document.layouts[breakpoint] ??= []);
    items.push({ id: widget.id, x: 0, y: bottomOf(items), w: scaledWidth(size.w, GRID.desktop.cols, breakpoint), h: size.h });
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

/** Takes every widget out, leaving a blank dashboard with nothing arranged: one edit, undone as one. */
export function clearWidgets(document: DashboardDocument): void {
  document.widgets = [];
  for (const breakpoint of BREAKPOINTS) document.layouts[breakpoint] = [];
}

/** Sets a widget's configuration: a placeholder's (see `UnboundWidget`) is then bound, and a placeholder no more. */
export function setWidgetConfig(document: DashboardDocument, id: string, config: WidgetConfig): void {
  const widget = document.widgets.find((entry) => entry.id === id);
  if (widget) {
    widget.config = config;
    delete widget.unbound;
  }
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
