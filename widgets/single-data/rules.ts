import { widgetDataRules, type DashboardPeriod, type WidgetContext } from '../../runtime/dashboard/widget';
import type { UiSchema } from '@rjsf/utils';
import dayjs from 'dayjs';
import type { Override, SingleDataConfig as SchemaSingleDataConfig } from '../../generated/widgetConfigs';
import { disabledBecause } from '../../runtime/forms/disabledReason';
import { isDeviceVar, migrateDeviceVar, stationTime, type DeviceVar, type Method } from '../../runtime/dashboard/figures';
import type { DataNeed } from '../../runtime/dashboard/needs';
import { followOption } from '../../runtime/dashboard/period';

export type ChainType = SchemaSingleDataConfig['chainType'];

/**
 * The schema's type with `chainType` optional: a document of the current format is not completed
 * with its schema's defaults when it is loaded, and one was stored without it (`chainOf`).
 */
export type SingleDataConfig = Override<SchemaSingleDataConfig, { chainType?: ChainType }>;

/**
 * The statistics period and method of each chain type: the growth (DIFF) of the variable over
 * the day, month or year; AVG (not offered) compares this month's average with last month's.
 */
export const CHAIN: Record<ChainType, { type: 'DAY' | 'MONTH' | 'YEAR'; method: Method; unit: 'day' | 'month' | 'year' }> = {
  DAY: { type: 'DAY', method: 'DIFF', unit: 'day' },
  MONTH: { type: 'MONTH', method: 'DIFF', unit: 'month' },
  YEAR: { type: 'YEAR', method: 'DIFF', unit: 'year' },
  AVG: { type: 'MONTH', method: 'AVG', unit: 'month' },
};

/**
 * The chain a configuration compares by: one stored without it (its schema lets it out) by the
 * schema's default, this month against last month, rather than by none (its figure could not be asked for).
 */
export const chainOf = (config: SingleDataConfig): ChainType => config.chainType ?? 'MONTH';

/** Today against yesterday, this month against last month; a year's chain is disabled. */
const followChain = followOption<SingleDataConfig, 'chainType'>('chainType', { day: 'DAY', month: 'MONTH' });

/**
 * Single data as it follows the dashboard's period: today's figure against yesterday's, or this
 * month's against last month's; this year is not offered. A chain of the period already (the month's
 * average) is kept, and so is a historical record (a record date fixes the chain).
 */
export function singleDataFollowPeriod(config: SingleDataConfig, period: DashboardPeriod): SingleDataConfig {
  return config.recordDate || CHAIN[chainOf(config)].unit === period ? config : followChain(config, period);
}

/** The chain selector, and following the dashboard's period, are disabled while a historical record (a record date) is viewed. */
export function singleDataUi(config: SingleDataConfig): UiSchema {
  const recorded = disabledBecause(Boolean(config.recordDate) && 'widgets.singleData.reasons.recordDate');
  return { chainType: recorded, followPeriod: recorded };
}

export const isConfigured = (config: SingleDataConfig): config is SingleDataConfig & { deviceVar: DeviceVar } =>
  isDeviceVar(config.deviceVar);

/** The day of the compared period (the record date, else the station's today) and a day of the period before it. */
export function comparedDays(config: SingleDataConfig, context: WidgetContext): { current: string; previous: string } {
  const current = config.recordDate || stationTime(context, 'YYYY-MM-DD');
  const previous = dayjs(current).subtract(1, CHAIN[chainOf(config)].unit).format('YYYY-MM-DD');
  return { current, previous };
}

/** The two statistics calls: this period's figure and the previous period's. */
function singleDataNeeds(config: SingleDataConfig, context: WidgetContext): Record<string, DataNeed> {
  if (!isConfigured(config)) return {};
  const { type, method } = CHAIN[chainOf(config)];
  const days = comparedDays(config, context);
  const need = (querytime: string): DataNeed => ({
    operationId: 'getStatisticalValue',
    query: { sns: config.deviceVar.varSn, calcmethod: method, querytime, type },
  });
  return { current: need(days.current), previous: need(days.previous) };
}

/** How a period is named when a record date is viewed: the day, the month or the year. */
export function periodText(day: string, chainType: ChainType): string {
  const format = CHAIN[chainType].type === 'DAY' ? 'YYYY-MM-DD' : CHAIN[chainType].type === 'MONTH' ? 'YYYY-MM' : 'YYYY';
  return dayjs(day).format(format);
}

export interface Change {
  /** Up when the figure rose, down when it dropped; null when equal or a figure is missing. */
  direction: 'rise' | 'drop' | null;
  /** The change in percent of the previous figure; null without a previous figure other than 0. */
  percent: number | null;
}

export function changeOf(current: number | null, previous: number | null): Change {
  if (current === null || previous === null) return { direction: null, percent: null };
  return {
    direction: current > previous ? 'rise' : current < previous ? 'drop' : null,
    percent: previous === 0 ? null : ((current - previous) / Math.abs(previous)) * 100,
  };
}

/** A change in percent with its sign ('+12.50%'), '--' when there is none. */
export function formatChange(percent: number | null, decimals: number): string {
  if (percent === null || !Number.isFinite(percent)) return '--';
  return `${percent > 0 ? '+' : ''}${percent.toFixed(decimals)}%`;
}

/** A configuration of format 1 (the variable as a `[deviceSn, varSn]` pair) in the current format. */
export function migrateSingleData(config: Record<string, unknown>, fromVersion: number): Record<string, unknown> {
  if (fromVersion >= 2) return config;
  const { deviceVar: old, ...rest } = config;
  const deviceVar = migrateDeviceVar(old);
  // An empty pair meant no variable.
  return isDeviceVar(deviceVar) ? { ...rest, deviceVar } : rest;
}

/** What this widget asks the server for (see `WidgetDataRules`). */
export const dataRules = widgetDataRules<SingleDataConfig>({
  type: 'singleData',
  needs: singleDataNeeds,
  followPeriod: singleDataFollowPeriod,
});
