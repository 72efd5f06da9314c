import type { Needs, SlotState } from '../../runtime/dashboard/needs';
import { widgetDataRules } from '../../runtime/dashboard/widget';
import type { WeatherCondition, WeatherReport } from '../../generated/types';
import type { WeatherConfig } from '../../generated/widgetConfigs';

export type { WeatherConfig };

/** The report of the weather call, when it has come. */
export function reportOf(slot: SlotState | undefined): WeatherReport | undefined {
  if (slot?.status !== 'ready' || !slot.data || typeof slot.data !== 'object') return undefined;
  const report = slot.data as WeatherReport;
  return typeof report.condition === 'string' && Array.isArray(report.days) ? report : undefined;
}

/** The source the demo's provider names: its figures are made up from place and date. */
export const SIMULATED_SOURCE = 'simulated';

export const isSimulated = (report: WeatherReport): boolean => report.source === SIMULATED_SOURCE;

/** The day after a day (`YYYY-MM-DD`), counted on the calendar. */
export function nextDay(date: string): string {
  const next = new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000);
  return Number.isNaN(next.getTime()) ? '' : next.toISOString().slice(0, 10);
}

/** Which day of the forecast a date is, for the station whose local time is `time` (`YYYY-MM-DD HH:mm:ss`). */
export function dayOf(date: string, time: string): 'today' | 'tomorrow' | 'later' {
  const today = time.slice(0, 10);
  if (date === today) return 'today';
  return date === nextDay(today) ? 'tomorrow' : 'later';
}

/** The short name of a date's weekday in a language (the date is a calendar day, not an instant). */
export function weekdayOf(date: string, language: string): string {
  const instant = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(instant)) return date;
  return new Intl.DateTimeFormat(language === 'zh' ? 'zh-CN' : 'en', { weekday: 'short', timeZone: 'UTC' }).format(instant);
}

/** The clock time of the report (`HH:mm` of its local time). */
export function clockOf(time: string): string {
  return /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/.test(time) ? time.slice(11, 16) : time;
}

export interface ForecastDay {
  date: string;
  day: 'today' | 'tomorrow' | 'later';
  condition: WeatherCondition;
  low: number;
  high: number;
}

/** The first `count` days of the forecast, each named today, tomorrow or later. */
export function forecastOf(report: WeatherReport, count: number): ForecastDay[] {
  return report.days.slice(0, Math.max(0, count)).map((day) => ({ ...day, day: dayOf(day.date, report.time) }));
}

/** What this widget asks the server for (see `WidgetDataRules`). */
export const dataRules = widgetDataRules<WeatherConfig>({
  type: 'weather',
  needs(_config, context): Needs {
    return { weather: { operationId: 'getStationWeather', params: { stationSn: context.station.sn } } };
  },
});
