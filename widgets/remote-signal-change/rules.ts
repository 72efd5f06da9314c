import { widgetDataRules, type WidgetContext } from '../../runtime/dashboard/widget';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import type { TrendSeries } from '../../generated/types';
import type { RemoteSignalChangeConfig } from '../../generated/widgetConfigs';
import { namesNeeds, seriesName } from '../../runtime/charts/seriesName';
import type { WidgetConfig } from '../../runtime/dashboard/document';
import { type DeviceVar, figureNeed, figureOf, isDeviceVar, migrateEntries, stationTime } from '../../runtime/dashboard/figures';
import type { DataNeed, Needs, SlotState } from '../../runtime/dashboard/needs';
import { DATE_TIME_MS_FORMAT } from '../../runtime/format/dateRanges';

dayjs.extend(utc);
dayjs.extend(timezone);

export type SignalItem = RemoteSignalChangeConfig['signals'][number];

export type { RemoteSignalChangeConfig };

/** A signal with its variable chosen. */
export type ConfiguredSignal = SignalItem & { deviceVar: DeviceVar };

/** The signals whose variable is chosen, each variable once. */
export function configuredSignals(config: RemoteSignalChangeConfig): ConfiguredSignal[] {
  const seen = new Set<string>();
  return (config.signals ?? []).filter((signal): signal is ConfiguredSignal => {
    if (!isDeviceVar(signal.deviceVar) || seen.has(signal.deviceVar.varSn)) return false;
    seen.add(signal.deviceVar.varSn);
    return true;
  });
}

/**
 * The most samples asked for: the call keeps the first lowest and highest sample of each of
 * `points / 2` slices of the time, so a change of state keeps its time unless a signal goes and
 * comes back within one slice (about 35 s for 24 hours).
 */
export const HISTORY_POINTS = 5000;
const HOUR_MS = 3_600_000;

/** The latest value of each signal, and its raw samples over the last `days` days of the station's clock. */
function signalNeeds(config: RemoteSignalChangeConfig, context: WidgetContext): Needs {
  const signals = configuredSignals(config);
  if (signals.length === 0) return {};
  const sns = signals.map((signal) => signal.deviceVar.varSn);
  // In the specification's date format (§9).
  const local = (at: number) => dayjs(at).tz(context.station.timeZone).format(DATE_TIME_MS_FORMAT);
  const history: DataNeed = {
    operationId: 'getHistoryTrend',
    query: {
      sns: sns.join(','),
      // RAW answers the samples themselves; the method is not used, the call only requires one.
      calcmethod: 'MAX',
      queryPeriod: 'RAW',
      startTime: local(context.now - Math.max(1, config.days) * 24 * HOUR_MS),
      endTime: stationTime(context, DATE_TIME_MS_FORMAT),
      points: String(HISTORY_POINTS),
    },
  };
  return { current: figureNeed(sns, 'realtime', 'MAX', context), history, ...namesNeeds(signals) };
}

/** A change of a signal's state. */
export interface StateChange {
  /** When the new state was first seen, in the station's zone (`YYYY-MM-DD HH:mm:ss`). */
  time: string;
  from: number;
  to: number;
}

/**
 * The changes in a series of samples, oldest first: each sample whose value differs from the one
 * before. The first sample is no change (what came before it is not known).
 */
export function changesOf(samples: { time: string; value: number }[]): StateChange[] {
  const changes: StateChange[] = [];
  for (let i = 1; i < samples.length; i += 1) {
    const before = samples[i - 1];
    const sample = samples[i];
    if (before && sample && sample.value !== before.value)
      changes.push({ time: sample.time, from: before.value, to: sample.value });
  }
  return changes;
}

/** A change with the signal it belongs to. */
export interface SignalChange extends StateChange {
  sn: string;
  name: string;
}

const seriesOf = (slot: SlotState | undefined): TrendSeries[] =>
  slot?.status === 'ready' && Array.isArray(slot.data) ? (slot.data as TrendSeries[]) : [];

/**
 * The name shown for a signal: its own, else its device's and its variable's (`names`, the answer
 * of `namesNeeds`), else its variable's as the history names it, else its serial number.
 */
export function signalName(signal: ConfiguredSignal, history: SlotState | undefined, names?: SlotState): string {
  const known = seriesOf(history).find((series) => series.sn === signal.deviceVar.varSn)?.name;
  return seriesName(signal, names, known || signal.deviceVar.varSn);
}

/** The latest `max` changes of all signals, newest first (times of one station's zone compare as text). */
export function latestChanges(
  signals: ConfiguredSignal[],
  history: SlotState | undefined,
  max: number,
  names?: SlotState,
): SignalChange[] {
  const series = seriesOf(history);
  const all = signals.flatMap((signal) => {
    const samples = series.find((entry) => entry.sn === signal.deviceVar.varSn)?.datas ?? [];
    const name = signalName(signal, history, names);
    return changesOf(samples).map((change) => ({ ...change, sn: signal.deviceVar.varSn, name }));
  });
  all.sort((a, b) => (a.time < b.time ? 1 : a.time > b.time ? -1 : 0));
  return all.slice(0, Math.max(0, max));
}

/** The state of each signal now (null where it has no value). */
export function currentStates(
  signals: ConfiguredSignal[],
  current: SlotState | undefined,
  history: SlotState | undefined,
  names?: SlotState,
): { sn: string; name: string; value: number | null }[] {
  return signals.map((signal) => ({
    sn: signal.deviceVar.varSn,
    name: signalName(signal, history, names),
    value: figureOf(current, signal.deviceVar.varSn)?.value ?? null,
  }));
}

/** A time of the station without its year (`MM-DD HH:mm:ss`): the list spans a few days at most. */
export const shortTime = (time: string): string => (/^\d{4}-/.test(time) ? time.slice(5) : time);

/** A configuration of format 1, whose variables were `[deviceSn, varSn]` pairs, in format 2. */
export function migrateSignals(config: WidgetConfig, fromVersion: number): WidgetConfig {
  const signals = fromVersion >= 2 ? undefined : migrateEntries(config.signals);
  return signals ? { ...config, signals } : config;
}

/** What this widget asks the server for (see `WidgetDataRules`). */
export const dataRules = widgetDataRules<RemoteSignalChangeConfig>({
  type: 'remoteSignalChange',
  needs: signalNeeds,
});
