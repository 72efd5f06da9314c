import { startTransition, useEffect, useState } from 'react';
import type { SlotState } from './needs';
import type { DataScheduler, NeedsOf } from './scheduler';

/**
 * The answers a widget needs, kept up to date by the dashboard's scheduler; the widget leaves it
 * when unmounted. Answers are drawn in a transition: the widgets of a dashboard, answered by one
 * call, are then drawn in slices between which the browser paints and answers input, not in one
 * long task.
 */
export function useWidgetData(scheduler: DataScheduler, id: string, needsOf: NeedsOf): Record<string, SlotState> {
  const [slots, setSlots] = useState<Record<string, SlotState>>(() => scheduler.slotsBefore(id, needsOf));
  const [listener] = useState(() => (next: Record<string, SlotState>) => startTransition(() => setSlots(next)));
  useEffect(() => {
    scheduler.setWidget(id, needsOf, listener);
  }, [scheduler, id, needsOf, listener]);
  useEffect(() => () => scheduler.removeWidget(id), [scheduler, id]);
  return slots;
}
