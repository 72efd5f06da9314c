import type { TFunction } from 'i18next';
import type { KanbanUnbound } from '../../generated/types';
import { unboundReason } from '../../runtime/dashboard/unbound';

/**
 * What a station cannot take of a copy or an import, as lines people read: the widget and why, worded
 * as a template's roll-out words it (`unboundReason`: the variable's name, the station's own device
 * or the model it lacks); a line that several bindings share (a file's variables that no station of
 * the tenant has, unnamed) once, with how many.
 */
export function unboundLines(t: TFunction, widgetName: (id: string) => string, unbound: readonly KanbanUnbound[]): string[] {
  const counts = new Map<string, number>();
  for (const entry of unbound) {
    const line = `${widgetName(entry.widgetId)}: ${unboundReason(t, entry)}`;
    counts.set(line, (counts.get(line) ?? 0) + 1);
  }
  return [...counts].map(([line, count]) => (count > 1 ? t('dashboard.unbound.times', { line, count }) : line));
}
