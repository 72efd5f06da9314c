import { BREAKPOINTS, type DashboardDocument, type LayoutItem, type WidgetInstance } from '../../runtime/dashboard';

/** A widget as the comparison names it. */
export interface NamedWidget {
  id: string;
  title: string;
}

/** A widget in both documents that is not the same in both. */
export interface ChangedWidget extends NamedWidget {
  /** Its title in the earlier document, when that was another. */
  titleBefore?: string;
  /** Its type or configuration differs. */
  configuration: boolean;
  /** It has another place or size in one of the layouts. */
  place: boolean;
}

/** What changed from one dashboard document to another, widget by widget, in the later one's order. */
export interface VersionDiff {
  added: NamedWidget[];
  removed: NamedWidget[];
  changed: ChangedWidget[];
}

/** Whether two JSON values are equal, whatever the order of their objects' keys. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const aKeys = Object.keys(a);
  const bRecord = b as Record<string, unknown>;
  return (
    aKeys.length === Object.keys(b).length &&
    aKeys.every((key) => key in bRecord && sameValue((a as Record<string, unknown>)[key], bRecord[key]))
  );
}

const placeIn = (document: DashboardDocument, breakpoint: (typeof BREAKPOINTS)[number], id: string) =>
  (document.layouts[breakpoint] as LayoutItem[] | undefined)?.find((item) => item.id === id);

/**
 * The widgets `later` added, removed and changed since `earlier` (matched by id), each named by
 * `title`: a changed widget differs in type or configuration, or in its place or size in a layout.
 */
export function versionDiff(
  earlier: DashboardDocument,
  later: DashboardDocument,
  title: (widget: WidgetInstance) => string,
): VersionDiff {
  const before = new Map(earlier.widgets.map((widget) => [widget.id, widget as WidgetInstance]));
  const after = new Set(later.widgets.map((widget) => widget.id));
  const diff: VersionDiff = { added: [], removed: [], changed: [] };
  for (const widget of later.widgets as WidgetInstance[]) {
    const old = before.get(widget.id);
    if (!old) {
      diff.added.push({ id: widget.id, title: title(widget) });
      continue;
    }
    const configuration = old.type !== widget.type || !sameValue(old.config, widget.config);
    const place = BREAKPOINTS.some(
      (breakpoint) => !sameValue(placeIn(earlier, breakpoint, widget.id), placeIn(later, breakpoint, widget.id)),
    );
    if (!configuration && !place) continue;
    const [now, then] = [title(widget), title(old)];
    diff.changed.push({ id: widget.id, title: now, ...(then === now ? {} : { titleBefore: then }), configuration, place });
  }
  for (const widget of earlier.widgets as WidgetInstance[]) {
    if (!after.has(widget.id)) diff.removed.push({ id: widget.id, title: title(widget) });
  }
  return diff;
}
