import { isDeepStrictEqual } from 'node:util';
import type { DashboardContent } from './roles';

/** A widget of a dashboard document. */
export interface Widget {
  id: string;
  type: string;
  config: Record<string, unknown>;
}

/** A widget's place in one layout. */
export interface Placed {
  id: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * What a station that follows a template changed of it: widgets it added, template widgets it
 * removed or reconfigured, and where it placed widgets (template ones it moved or resized, and
 * its own), per layout.
 */
export interface Overrides {
  added: Widget[];
  removed: string[];
  changed: Record<string, Widget>;
  placed: Record<string, Placed[]>;
}

export const NO_OVERRIDES: Overrides = { added: [], removed: [], changed: {}, placed: {} };

const widgetsOf = (content: DashboardContent) => content.widgets as Widget[];
const itemsOf = (content: DashboardContent, size: string) => (content.layouts[size] ?? []) as Placed[];
const samePlace = (a: Placed, b: Placed) => a.x === b.x && a.y === b.y && a.w === b.w && a.h === b.h;

/** How many things a station changed of its template. */
export const overrideCount = (overrides: Overrides): number =>
  overrides.added.length +
  overrides.removed.length +
  Object.keys(overrides.changed).length +
  new Set(
    Object.values(overrides.placed)
      .flat()
      .map((item) => item.id)
      .filter((id) => !overrides.added.some((widget) => widget.id === id)),
  ).size;

/**
 * What a station's dashboard changed of the template as the station takes it (both bound to the
 * station's own serials): widgets added, removed, reconfigured, and placed elsewhere.
 */
export function overridesOf(template: DashboardContent, effective: DashboardContent): Overrides {
  const mine = new Map(widgetsOf(effective).map((widget) => [widget.id, widget]));
  const theirs = new Map(widgetsOf(template).map((widget) => [widget.id, widget]));
  const changed: Record<string, Widget> = {};
  for (const [id, widget] of theirs) {
    const own = mine.get(id);
    if (own && !isDeepStrictEqual(own, widget)) changed[id] = own;
  }
  const placed: Record<string, Placed[]> = {};
  for (const size of new Set([...Object.keys(template.layouts), ...Object.keys(effective.layouts)])) {
    const given = new Map(itemsOf(template, size).map((item) => [item.id, item]));
    const own = itemsOf(effective, size).filter((item) => {
      const from = given.get(item.id);
      return !from || !samePlace(from, item);
    });
    if (own.length) placed[size] = own.map(({ id, x, y, w, h }) => ({ id, x, y, w, h }));
  }
  return {
    added: widgetsOf(effective).filter((widget) => !theirs.has(widget.id)),
    removed: [...theirs.keys()].filter((id) => !mine.has(id)),
    changed,
    placed,
  };
}

/**
 * A station's dashboard: the template as the station takes it, with the station's overrides: its
 * removed widgets gone, its reconfigured ones as it configured them, its own added after the
 * template's, each placed where the station placed it. An override of a widget the template no
 * longer has is dropped (the template removed it), except the station's own widgets.
 */
export function applyOverrides(template: DashboardContent, overrides: Overrides): DashboardContent {
  const removed = new Set(overrides.removed);
  const kept = widgetsOf(template).filter((widget) => !removed.has(widget.id));
  const ids = new Set([...kept, ...overrides.added].map((widget) => widget.id));
  const widgets = [...kept.map((widget) => overrides.changed[widget.id] ?? widget), ...overrides.added];
  const layouts: Record<string, Placed[]> = {};
  for (const size of new Set([...Object.keys(template.layouts), ...Object.keys(overrides.placed)])) {
    const own = new Map((overrides.placed[size] ?? []).filter((item) => ids.has(item.id)).map((item) => [item.id, item]));
    const given = itemsOf(template, size).filter((item) => ids.has(item.id));
    layouts[size] = [
      ...given.map((item) => own.get(item.id) ?? item),
      ...[...own.values()].filter((item) => !given.some((from) => from.id === item.id)),
    ];
  }
  return { schemaVersion: template.schemaVersion, layouts, widgets };
}

/** An override a new template version runs into: the same widget changed on both sides. */
export interface Conflict {
  widgetId: string;
  /** What the station did, and what the template did. */
  station: 'changed' | 'removed' | 'placed';
  template: 'changed' | 'removed' | 'placed';
}

/**
 * The overrides of a station that a new template version also changes (both versions as the
 * station takes them): reconfigured or removed here and reconfigured or removed there, or placed
 * elsewhere on both sides. On publishing, the station's override stays.
 */
export function conflictsOf(before: DashboardContent, after: DashboardContent, overrides: Overrides): Conflict[] {
  const old = new Map(widgetsOf(before).map((widget) => [widget.id, widget]));
  const next = new Map(widgetsOf(after).map((widget) => [widget.id, widget]));
  const templateDid = (id: string): 'changed' | 'removed' | undefined => {
    const was = old.get(id);
    if (!was) return undefined;
    const now = next.get(id);
    if (!now) return 'removed';
    return isDeepStrictEqual(was, now) ? undefined : 'changed';
  };
  const conflicts: Conflict[] = [];
  for (const id of Object.keys(overrides.changed)) {
    const did = templateDid(id);
    if (did) conflicts.push({ widgetId: id, station: 'changed', template: did });
  }
  for (const id of overrides.removed) {
    if (templateDid(id) === 'changed') conflicts.push({ widgetId: id, station: 'removed', template: 'changed' });
  }
  for (const [size, items] of Object.entries(overrides.placed)) {
    const was = new Map(itemsOf(before, size).map((item) => [item.id, item]));
    const now = new Map(itemsOf(after, size).map((item) => [item.id, item]));
    for (const item of items) {
      const from = was.get(item.id);
      const to = now.get(item.id);
      if (from && to && !samePlace(from, to) && !conflicts.some((conflict) => conflict.widgetId === item.id))
        conflicts.push({ widgetId: item.id, station: 'placed', template: 'placed' });
    }
  }
  return conflicts;
}
