import { useEffect, useMemo } from 'react';
import { EARLY_CALL_MS, type Api } from '../api/client';
import { batchFetcher } from './batchFetcher';
import { DataScheduler } from './scheduler';

/** How a screen asks for its widgets' data: in one batch per refresh, or one call per widget. */
export type FetchMode = 'coalesced' | 'perWidget';

/** A scheduler asking through `api`'s batch call. */
const newScheduler = (api: Api, mode: FetchMode) => new DataScheduler({ fetchBatch: batchFetcher(api), mode });

/** The scheduler a route's loader started, until a screen takes it over. */
let early: { api: Api; mode: FetchMode; scheduler: DataScheduler } | undefined;
/** The scheduler the dashboard screen shown runs. */
let adopted: DataScheduler | undefined;

/**
 * Starts a scheduler for a dashboard screen about to show (its route's loader, with the widgets'
 * first needs to prime once its document is there): the screen takes it over
 * (`screenScheduler`); one not taken within `EARLY_CALL_MS` stops. None while a dashboard screen
 * runs its own (a station switched on a screen already shown asks for itself).
 */
export function startEarlyScheduler(api: Api, mode: FetchMode): DataScheduler | undefined {
  if (adopted?.running) return undefined;
  early?.scheduler.stop();
  const scheduler = newScheduler(api, mode);
  early = { api, mode, scheduler };
  setTimeout(() => {
    if (early?.scheduler !== scheduler) return;
    early = undefined;
    scheduler.stop();
  }, EARLY_CALL_MS);
  return scheduler;
}

/** Whether `scheduler` is still the early one, neither taken over nor given up (a later loader's replaces it). */
export const isEarlyScheduler = (scheduler: DataScheduler) => early?.scheduler === scheduler;

/**
 * A dashboard screen's scheduler: the one its route's loader started, if that is for the same
 * client and mode, else a new one, after `withoutEarly` (the screen asks for its first data itself).
 */
export function screenScheduler(api: Api, mode: FetchMode, withoutEarly: () => void): DataScheduler {
  if (early && early.api === api && early.mode === mode) return early.scheduler;
  withoutEarly();
  return newScheduler(api, mode);
}

/** The screen runs this scheduler from now on: an early one is no longer stopped for want of a screen. */
export function adoptScheduler(scheduler: DataScheduler): void {
  adopted = scheduler;
  if (early?.scheduler === scheduler) early = undefined;
}

/**
 * The scheduler of a screen of widgets while it is shown: started with it, stopped after. A
 * dashboard screen (`takeOver`) takes over the one its route's loader started (`screenScheduler`)
 * and runs it as the dashboard's; another screen (a station board) has one of its own.
 */
export function useScreenScheduler(api: Api, mode: FetchMode, takeOver?: { withoutEarly(): void }): DataScheduler {
  const scheduler = useMemo(
    () => (takeOver ? screenScheduler(api, mode, takeOver.withoutEarly) : newScheduler(api, mode)),
    // Whether the screen takes over is fixed for its life; the callback may be made anew at each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [api, mode],
  );
  const adopt = takeOver !== undefined;
  useEffect(() => {
    if (adopt) adoptScheduler(scheduler);
    scheduler.start();
    return () => scheduler.stop();
  }, [scheduler, adopt]);
  return scheduler;
}
