import { useEffect, useState } from 'react';
import type { SlotState } from './needs';
import type { DataScheduler, NeedsOf } from './scheduler';

/** The answers a widget needs, kept up to date by the dashboard's scheduler; the widget leaves it when unmounted. */
export function useWidgetData(scheduler: DataScheduler, id: string, needsOf: NeedsOf): Record<string, SlotState> {
  const [slots, setSlots] = useState<Record<string, SlotState>>(() => scheduler.slotsOf(id) ?? {});
  useEffect(() => {
    scheduler.setWidget(id, needsOf, setSlots);
  }, [scheduler, id, needsOf]);
  useEffect(() => () => scheduler.removeWidget(id), [scheduler, id]);
  return slots;
}
