import {
  DASHBOARD_SCHEMA_VERSION,
  GRID,
  type DashboardDocument,
  type LayoutItem,
  type WidgetInstance,
} from '../../runtime/dashboard';

/** A board widget as a view declares it (`schemas/views/`, kind stationBoard). */
export interface BoardWidgetDecl {
  type: string;
  w: number;
  h: number;
  each?: 'camera';
  config: Record<string, unknown>;
}

/** What the placeholders of a board are filled from: the station's devices, variables and cameras. */
export interface BoardFacts {
  devices: { sn: string; name: string; kind: string }[];
  variables: { sn: string; code?: string; deviceSn: string }[];
  cameras: { id?: number; name: string }[];
  /** A label in the reader's language. */
  label(key: string): string;
}

const MISSING = Symbol('missing');
type Filled = unknown;

/** The n-th device (1-based, `kind#n`) of a kind, in the station's order. */
function deviceOf(ref: string, facts: BoardFacts) {
  const [kind, index] = ref.split('#');
  return facts.devices.filter((device) => device.kind === kind)[Number(index ?? 1) - 1];
}

/**
 * The value with its placeholders filled (`$var`, `$device`, `$label`, `$camera`); MISSING when
 * one cannot be filled. A list keeps the entries that could be filled (MISSING if none could).
 */
function fill(value: unknown, facts: BoardFacts, camera?: BoardFacts['cameras'][number]): Filled | typeof MISSING {
  if (Array.isArray(value)) {
    const items = value.map((item) => fill(item, facts, camera)).filter((item) => item !== MISSING);
    return value.length > 0 && items.length === 0 ? MISSING : items;
  }
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value as Record<string, unknown>);
  const [only] = entries;
  if (entries.length === 1 && only && typeof only[1] === 'string' && only[0].startsWith('$')) {
    const [placeholder, argument] = only as [string, string];
    if (placeholder === '$label') return facts.label(argument);
    if (placeholder === '$camera') return camera ? (argument === 'id' ? camera.id : camera.name) : MISSING;
    if (placeholder === '$device') return deviceOf(argument, facts)?.name ?? MISSING;
    if (placeholder === '$var') {
      const [ref = '', code] = argument.split('.');
      const device = deviceOf(ref, facts);
      const variable = device && facts.variables.find((entry) => entry.deviceSn === device.sn && entry.code === code);
      return variable ? { deviceSn: device.sn, varSn: variable.sn } : MISSING;
    }
  }
  const result: Record<string, unknown> = {};
  for (const [key, inner] of entries) {
    const filled = fill(inner, facts, camera);
    if (filled === MISSING) return MISSING;
    result[key] = filled;
  }
  return result;
}

/** Widgets placed left to right in rows of `cols` columns (sizes given for the desktop's 24), a row as high as its highest. */
function flow(sizes: { id: string; w: number; h: number }[], cols: number): LayoutItem[] {
  const items: LayoutItem[] = [];
  let x = 0;
  let y = 0;
  let rowHeight = 0;
  for (const size of sizes) {
    const { id, h } = size;
    const w = Math.max(1, Math.round((size.w * cols) / GRID.desktop.cols));
    if (x + w > cols) {
      y += rowHeight;
      x = 0;
      rowHeight = 0;
    }
    items.push({ id, x, y, w, h });
    x += w;
    rowHeight = Math.max(rowHeight, h);
  }
  return items;
}

/**
 * The read-only dashboard document of a board for a station: each declared widget with its
 * placeholders filled from the station (one per camera where it repeats per camera), left out
 * where the station lacks what it shows. The tablet's layout is the desktop's scaled to its 12 columns; the phone stacks them.
 */
export function boardDocument(stationSn: string, widgets: BoardWidgetDecl[], facts: BoardFacts): DashboardDocument {
  const instances: WidgetInstance[] = [];
  const sizes: { id: string; w: number; h: number }[] = [];
  widgets.forEach((widget, index) => {
    const copies = widget.each === 'camera' ? facts.cameras : [undefined];
    copies.forEach((camera, copy) => {
      const config = fill(widget.config, facts, camera);
      if (config === MISSING) return;
      const id = `b${index}-${copy}`;
      instances.push({ id, type: widget.type, config: config as Record<string, unknown> });
      sizes.push({ id, w: widget.w, h: widget.h });
    });
  });
  return {
    stationSn,
    version: 0,
    schemaVersion: DASHBOARD_SCHEMA_VERSION,
    layouts: { desktop: flow(sizes, GRID.desktop.cols), tablet: flow(sizes, GRID.tablet.cols), phone: [] },
    widgets: instances,
  };
}
