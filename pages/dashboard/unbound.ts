import type { TFunction } from 'i18next';
import type { KanbanUnbound } from '../../generated/types';

/** A binding a station cannot take, as a line people read: the widget, what it was bound to (model and code), and why. */
export function unboundLine(t: TFunction, widget: string, unbound: KanbanUnbound): string {
  const detail = unbound.detail ? ` (${unbound.detail})` : '';
  return `${widget}: ${unbound.name}${detail} — ${String(t(`dashboard.copy.reasons.${unbound.reason}` as never))}`;
}
