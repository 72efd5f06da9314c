import { ApiError } from '../errors';
import type { EntityRecord } from '../resources/repository';
import { formatLocal, periodOf } from '../telemetry/calendar';
import { byRole, type Role } from '../telemetry/roles';
import type { TenantCatalog } from '../telemetry/catalog';
import { zoneOf } from '../telemetry/lookup';
import type { ReportCaller } from './calls';
import type { ReportPeriod } from './schedule';

/** What a report is about: its kind decides the sections. */
export type ReportKind = 'stationDaily' | 'stationWeekly' | 'stationMonthly' | 'fleetMonthly' | 'alarms';

export interface Totals {
  charge: number | null;
  discharge: number | null;
  revenue: number | null;
}

/** A day of a station's energy, as `get_station_charge_days` answers it. */
export interface EnergyDay extends Totals {
  day: string;
}

export interface TariffRow extends Totals {
  period: 'sharp' | 'peak' | 'flat' | 'valley';
}

/** The highest and lowest value of a variable over the period, with the hour (station's clock) each was in. */
export interface Extreme {
  sn: string;
  name: string;
  unit: string;
  max: number | null;
  maxTime: string | null;
  min: number | null;
  minTime: string | null;
}

export interface AlarmRow {
  raised: string;
  recovered: string | null;
  device: string;
  text: string;
  level: string;
  status: number;
  checker: string | null;
}

export interface CommunicationRow {
  device: string;
  online: boolean;
  completeness: number | null;
}

/** A station's part of a report; sections a kind does not have are absent. */
export interface StationSection {
  id: number;
  sn: string;
  name: string;
  zone: string;
  /** null: the station has no purchase prices, so no energy by day and tariff (the call answers 404). */
  days?: EnergyDay[] | null;
  tariff?: TariffRow[] | null;
  total?: Totals | null;
  extremes?: Extreme[];
  alarms?: AlarmRow[];
  communication?: CommunicationRow[];
}

export interface ReportContent {
  kind: ReportKind;
  period: ReportPeriod;
  zone: string;
  /** When it was made, in the zone. */
  made: string;
  stations: StationSection[];
}

/** Gauges whose highest and lowest values a station report states. */
const EXTREME_ROLES: Role[] = ['pcsPower', 'pvPower', 'loadPower', 'gridPower', 'soc'];
const TARIFF_PERIODS = ['sharp', 'peak', 'flat', 'valley'] as const;
/** Hourly points of a month and a little more: `historytrend` gives every hour of the period. */
const HOURLY_POINTS = 800;

interface ChargeDay {
  day: string;
  energy: { period: TariffRow['period']; charge: number | null; discharge: number | null; revenue: number | null }[];
  total: Totals;
}
interface TrendSeries {
  sn: string;
  datas: { time: string; value: number }[];
}

const sum = (values: (number | null)[]) => {
  const present = values.filter((v): v is number => typeof v === 'number');
  return present.length ? Math.round(present.reduce((a, b) => a + b, 0) * 100) / 100 : null;
};
const totalsOf = (rows: Totals[]): Totals => ({
  charge: sum(rows.map((r) => r.charge)),
  discharge: sum(rows.map((r) => r.discharge)),
  revenue: sum(rows.map((r) => r.revenue)),
});

/** The period's bounds as the calls take them: local times of the station. */
function bounds(period: ReportPeriod, zone: string) {
  return {
    startTime: `${period.firstDay} 00:00:00`,
    endTime: `${periodOf('DAY', period.lastDay, zone).dayAfter} 00:00:00`,
  };
}

async function energy(call: ReportCaller, sn: string, period: ReportPeriod) {
  try {
    const days = await call<ChargeDay[]>('getStationChargeDays', {
      params: { sn },
      query: { chargeType: 'purchase', startDay: period.firstDay, endDay: period.lastDay },
    });
    const rows: EnergyDay[] = days.map((d) => ({ day: d.day, ...d.total }));
    const tariff: TariffRow[] = TARIFF_PERIODS.map((p) => ({
      period: p,
      ...totalsOf(days.map((d) => d.energy.find((e) => e.period === p) ?? { charge: null, discharge: null, revenue: null })),
    }));
    return { days: rows, tariff, total: totalsOf(rows) };
  } catch (error) {
    // A station without purchase prices: the call answers 404, and the report says so.
    if (error instanceof ApiError && error.kind === 'notFound') return { days: null, tariff: null, total: null };
    throw error;
  }
}

async function extremes(
  call: ReportCaller,
  catalog: TenantCatalog,
  sn: string,
  period: ReportPeriod,
  zone: string,
): Promise<Extreme[]> {
  const roles = byRole(catalog.byStation.get(sn) ?? []);
  const variables = EXTREME_ROLES.flatMap((role) => roles[role]);
  if (variables.length === 0) return [];
  const sns = variables.map((v) => v.sn).join(',');
  const range = bounds(period, zone);
  const values = async (calcmethod: 'MAX' | 'MIN') => {
    const answers = await call<{ sn: string; value: number | null }[]>('getAccuSummarized', {
      query: { sns, calcmethod, ...range },
    });
    return new Map(answers.map((a) => [a.sn, a.value]));
  };
  // The hour each was in: the hourly figures of the same method, as the history curves draw them.
  const hours = async (calcmethod: 'MAX' | 'MIN') => {
    const answers = await call<TrendSeries[]>('getHistoryTrend', {
      query: { sns, calcmethod, queryPeriod: 'HOUR', ...range, points: HOURLY_POINTS },
    });
    return new Map(answers.map((a) => [a.sn, a.datas]));
  };
  const [max, min, maxHours, minHours] = await Promise.all([values('MAX'), values('MIN'), hours('MAX'), hours('MIN')]);
  const hourOf = (series: TrendSeries['datas'] | undefined, value: number | null | undefined) =>
    value === null || value === undefined ? null : (series?.find((p) => p.value === value)?.time.slice(0, 16) ?? null);
  return variables.map((v) => ({
    sn: v.sn,
    name: v.name,
    unit: v.unit ?? '',
    max: max.get(v.sn) ?? null,
    maxTime: hourOf(maxHours.get(v.sn), max.get(v.sn)),
    min: min.get(v.sn) ?? null,
    minTime: hourOf(minHours.get(v.sn), min.get(v.sn)),
  }));
}

async function alarms(call: ReportCaller, sn: string, period: ReportPeriod, zone: string): Promise<AlarmRow[]> {
  const records = await call<EntityRecord[]>('getPeriodAlarms', { query: { stationSn: sn, ...bounds(period, zone) } });
  const local = (value: unknown) => (typeof value === 'string' ? formatLocal(Date.parse(value), zone) : null);
  return records.map((a) => ({
    raised: local(a.reportTime) ?? '',
    recovered: local(a.recoverTime),
    device: String(a.deviceName ?? ''),
    text: String(a.info ?? a.generatorName ?? ''),
    level: String(a.level ?? ''),
    status: Number(a.status),
    checker: typeof a.checker === 'string' && a.checker ? a.checker : null,
  }));
}

async function communication(call: ReportCaller, sn: string): Promise<CommunicationRow[]> {
  const rows = await call<{ deviceName: string; online: boolean; completeness: number | null }[]>('getDeviceDetection', {
    query: { stationSn: sn },
  });
  return rows.map((r) => ({ device: r.deviceName, online: r.online, completeness: r.completeness }));
}

/**
 * The figures of a report, each from the call a screen makes for it: energy, revenue and the
 * tariff periods from `get_station_charge_days`, highest and lowest values from `accusummarized`
 * (their hours from `historytrend`), alarms from the period alarms call, communication from device
 * detection. A fleet report has each station's totals and alarms.
 */
export async function reportContent(
  call: ReportCaller,
  catalog: TenantCatalog,
  kind: ReportKind,
  stations: EntityRecord[],
  period: ReportPeriod,
  zone: string,
  madeAt: number,
): Promise<ReportContent> {
  const sections: StationSection[] = [];
  for (const station of stations) {
    const sn = String(station.sn);
    // The calls read the period's days in the station's own clock, which the report states.
    const own = zoneOf(station);
    const section: StationSection = { id: Number(station.id), sn, name: String(station.name), zone: own };
    if (kind !== 'alarms') Object.assign(section, await energy(call, sn, period));
    if (kind !== 'fleetMonthly' && kind !== 'alarms') {
      section.extremes = await extremes(call, catalog, sn, period, own);
      section.communication = await communication(call, sn);
    }
    section.alarms = await alarms(call, sn, period, own);
    sections.push(section);
  }
  return { kind, period, zone, made: formatLocal(madeAt, zone), stations: sections };
}
