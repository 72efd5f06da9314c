import { widgetDataRules, type WidgetContext } from '../../runtime/dashboard/widget';
import dayjs from 'dayjs';
import type { DailyDegree } from '../../generated/types';
import type { TodayEnergyConfig } from '../../generated/widgetConfigs';
import { stationTime } from '../../runtime/dashboard/figures';
import type { Needs, SlotState } from '../../runtime/dashboard/needs';

/** The energies of a day the widget can show (the hourly flows of the daily-degree call). */
export type TodayFlow = 'pvYield' | 'charge' | 'discharge';
export type EnergyKind = TodayEnergyConfig['energyKind'];

export type { TodayEnergyConfig };

/** The flows each kind of station shows, in the order shown. */
export const FLOWS_OF: Record<EnergyKind, TodayFlow[]> = {
  storage: ['charge', 'discharge'],
  photovoltaic: ['pvYield'],
  all: ['pvYield', 'charge', 'discharge'],
};

/** Today's and yesterday's hourly energy of the station, by its local days. */
function todayNeeds(_config: TodayEnergyConfig, context: WidgetContext): Needs {
  const today = stationTime(context, 'YYYY-MM-DD');
  const yesterday = dayjs(today).subtract(1, 'day').format('YYYY-MM-DD');
  const need = (day: string) => ({
    operationId: 'getDailyDegree' as const,
    params: { stationSn: context.station.sn },
    query: { day },
  });
  return { today: need(today), yesterday: need(yesterday) };
}

/** The sum of a day's hours that have a figure; null when none has (no samples). */
export function sumOf(series: (number | null)[] | undefined): number | null {
  const present = (series ?? []).filter((value): value is number => value !== null);
  return present.length ? present.reduce((sum, value) => sum + value, 0) : null;
}

/**
 * A day's energy up to a time of day (`HH:mm`): its whole hours before, and the hour the time is
 * in counted for the minutes passed. Today so far is compared with this of yesterday, not with
 * yesterday's whole day, which today has not had the time to reach.
 */
export function upTo(series: (number | null)[] | undefined, keys: string[], time: string): number | null {
  const hour = Number(time.slice(0, 2));
  const fraction = Number(time.slice(3, 5)) / 60;
  let sum: number | null = null;
  keys.forEach((key, index) => {
    const value = series?.[index];
    const keyHour = Number(key.slice(0, 2));
    if (value === null || value === undefined || keyHour > hour) return;
    sum = (sum ?? 0) + (keyHour < hour ? value : value * fraction);
  });
  return sum;
}

/** The change of a figure against another, in %; none without both or against zero. */
export function changeOf(value: number | null, reference: number | null): number | null {
  if (value === null || reference === null || reference === 0) return null;
  return ((value - reference) / Math.abs(reference)) * 100;
}

/** One flow's figures: today so far, yesterday in all, and the change against yesterday at the same time. */
export interface FlowFigures {
  flow: TodayFlow;
  today: number | null;
  yesterday: number | null;
  change: number | null;
}

const degreeOf = (slot: SlotState | undefined): DailyDegree | undefined =>
  slot?.status === 'ready' && slot.data && typeof slot.data === 'object' ? (slot.data as DailyDegree) : undefined;

export function flowFigures(
  kind: EnergyKind,
  today: SlotState | undefined,
  yesterday: SlotState | undefined,
  time: string,
): FlowFigures[] {
  const now = degreeOf(today);
  const before = degreeOf(yesterday);
  return FLOWS_OF[kind].map((flow) => {
    const sum = sumOf(now?.[flow]);
    return {
      flow,
      today: sum,
      yesterday: sumOf(before?.[flow]),
      change: changeOf(sum, upTo(before?.[flow], before?.time_keys ?? [], time)),
    };
  });
}

/** What this widget asks the server for (see `WidgetDataRules`). */
export const dataRules = widgetDataRules<TodayEnergyConfig>({
  type: 'todayEnergy',
  needs: todayNeeds,
});
