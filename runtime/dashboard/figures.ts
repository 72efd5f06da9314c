import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import type { DataNeed, SlotState } from './needs';
import type { WidgetContext } from './context';

dayjs.extend(utc);
dayjs.extend(timezone);

/** A device variable as the widgets store it. */
export interface DeviceVar {
  deviceSn: string;
  varSn: string;
}

/** The period a figure covers: the latest value, or today, this month, this year of the station. */
export type Period = 'realtime' | 'day' | 'month' | 'year';
/** How a figure is made of a period's samples (the statistics call's `calcmethod`). */
export type Method = 'DIFF' | 'SUM' | 'AVG' | 'MAX' | 'MIN';

/** The last instant asked for: its local time in each zone, and its texts by zone and format. */
let instant = { now: Number.NaN, local: new Map<string, dayjs.Dayjs>(), texts: new Map<string, string>() };

/**
 * The local time of the station at the context's instant, formatted. A refresh asks every widget
 * for its needs of one instant, and converting it to the zone costs tens of microseconds each
 * time, so the instant is converted once per zone and its texts are remembered until another
 * instant is asked for.
 */
export function stationTime(context: WidgetContext, format = 'YYYY-MM-DD HH:mm:ss'): string {
  if (instant.now !== context.now) instant = { now: context.now, local: new Map(), texts: new Map() };
  const zone = context.station.timeZone;
  const key = `${zone}|${format}`;
  let text = instant.texts.get(key);
  if (text === undefined) {
    let local = instant.local.get(zone);
    if (!local) {
      local = dayjs(context.now).tz(zone);
      instant.local.set(zone, local);
    }
    text = local.format(format);
    instant.texts.set(key, text);
  }
  return text;
}

const STATISTIC_TYPE = { day: 'DAY', month: 'MONTH', year: 'YEAR' } as const;

/**
 * The call that answers a figure of variables: their latest values for `realtime`, else the
 * statistics of today, this month or this year in the station's zone.
 */
export function figureNeed(sns: string[], period: Period, method: Method, context: WidgetContext): DataNeed {
  const list = [...new Set(sns)].join(',');
  if (period === 'realtime') return { operationId: 'getRealtimeData', body: { sns: list } };
  return {
    operationId: 'getStatisticalValue',
    query: { sns: list, calcmethod: method, querytime: stationTime(context, 'YYYY-MM-DD'), type: STATISTIC_TYPE[period] },
  };
}

/** The figure of one variable from the answer of `figureNeed` (null where there is none). */
export function figureOf(slot: SlotState | undefined, sn: string): { value: number | null; unit: string } | undefined {
  if (slot?.status !== 'ready' || !Array.isArray(slot.data)) return undefined;
  const entry = (slot.data as { sn: string; data?: number | null; value?: number | null; unit: string }[]).find(
    (item) => item.sn === sn,
  );
  if (!entry) return undefined;
  return { value: entry.data !== undefined ? entry.data : (entry.value ?? null), unit: entry.unit };
}

/** A figure with a fixed number of decimals; '--' when there is none (the specification's text for a null value). */
export function formatFigure(value: number | null | undefined, decimals: number): string {
  return value === null || value === undefined || !Number.isFinite(value) ? '--' : value.toFixed(decimals);
}

/** The state of a widget from the answers it needs: the first failure, loading while any has not come, else ready. */
export function overallState(data: Record<string, SlotState>): SlotState['status'] {
  const states = Object.values(data);
  if (states.some((slot) => slot.status === 'error')) return 'error';
  if (states.some((slot) => slot.status === 'loading')) return 'loading';
  return 'ready';
}

/** The message of the first failed answer. */
export function failureOf(data: Record<string, SlotState>): string | undefined {
  for (const slot of Object.values(data)) if (slot.status === 'error') return slot.message;
  return undefined;
}

/** Whether a stored device variable is complete. */
export const isDeviceVar = (value: unknown): value is DeviceVar =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as DeviceVar).deviceSn === 'string' &&
  typeof (value as DeviceVar).varSn === 'string' &&
  (value as DeviceVar).varSn !== '';

/** A device variable of the older document format (`[deviceSn, varSn]`), in the current one; an empty pair meant none. */
export function migrateDeviceVar(value: unknown): DeviceVar | undefined {
  const migrated =
    Array.isArray(value) && typeof value[0] === 'string' && typeof value[1] === 'string'
      ? { deviceSn: value[0], varSn: value[1] }
      : value;
  return isDeviceVar(migrated) ? migrated : undefined;
}

/** The entries of a list of the older format with their device variable (`field`) migrated; `undefined` when it is not a list. */
export function migrateEntries(entries: unknown, field = 'deviceVar'): Record<string, unknown>[] | undefined {
  if (!Array.isArray(entries)) return undefined;
  return (entries as Record<string, unknown>[]).map((entry) => {
    const { [field]: stored, ...rest } = entry;
    const migrated = migrateDeviceVar(stored);
    return migrated ? { ...rest, [field]: migrated } : rest;
  });
}
