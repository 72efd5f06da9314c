import { ApiError } from '../errors';
import type { CallContext, Handler } from '../http/services';
import type { EntityRecord } from '../resources/repository';
import { formatLocal, periodOf, timedPoints, type PeriodType } from './calendar';
import type { CatalogVariable } from './catalog';
import { catalogOf, deviceAnswer, lastSeen, stationOf, zoneOf } from './lookup';
import { addSeries, byRole, total, type Role } from './roles';
import type { CalcMethod } from './store';
import { priceAt, type TariffPeriod } from './tariff';

/** Raw samples are kept this long (the default retention): older days are drawn from hourly rollups. */
const RAW_DAYS = 14;

/** Kilograms of CO2 a kWh of grid electricity emits in China (the 2022 national factor of the Ministry of Ecology and Environment, 0.5703 t/MWh). */
export const CO2_KG_PER_KWH = 0.5703;

interface StationContext {
  station: EntityRecord;
  zone: string;
  roles: Record<Role, CatalogVariable[]>;
}

async function stationContext(call: CallContext, sn: string): Promise<StationContext> {
  const station = await stationOf(call, sn);
  const catalog = await catalogOf(call);
  return { station, zone: zoneOf(station), roles: byRole(catalog.byStation.get(sn) ?? []) };
}

/** The summed figure and series of the variables of some roles over a period. */
async function statistic(
  call: CallContext,
  variables: CatalogVariable[],
  method: CalcMethod,
  type: PeriodType,
  time: string | number,
) {
  if (variables.length === 0) return { value: null, series: [] as (number | null)[], labels: [] as string[] };
  const results = await call.services.telemetry.store.statistic(call.scope().tenantId, variables, method, type, time);
  const list = variables.map((v) => results.get(v.id));
  return {
    value: total(list.map((r) => r?.value)),
    series: addSeries(list.map((r) => r?.series ?? [])),
    labels: list[0]?.labels ?? [],
  };
}

async function latestSum(call: CallContext, variables: CatalogVariable[]): Promise<number | null> {
  const states = await call.services.telemetry.store.latest(
    call.scope().tenantId,
    variables.map((v) => v.id),
  );
  return total(states.map((s) => s.value));
}

export const round = (value: number | null, digits = 2) =>
  value === null ? null : Math.round(value * 10 ** digits) / 10 ** digits;

/** `device/station/detail/{stationSn}`: what the station does now, today, this month, this year and in all. */
export const stationDetail: Handler = async (call) => {
  const { station, roles } = await stationContext(call, String(call.params.stationSn));
  const now = Date.now();
  const energies: Role[] = ['pvYield', 'charge', 'discharge', 'loadEnergy', 'gridImport', 'gridExport'];
  const period = async (type: PeriodType) =>
    Object.fromEntries(
      await Promise.all(
        energies.map(async (role) => [role, round((await statistic(call, roles[role], 'DIFF', type, now)).value)]),
      ),
    );
  return {
    stationSn: String(station.sn),
    now: {
      pvPower: round(await latestSum(call, roles.pvPower)),
      pcsPower: round(await latestSum(call, roles.pcsPower)),
      loadPower: round(await latestSum(call, roles.loadPower)),
      gridPower: round(await latestSum(call, roles.gridPower)),
      soc: round(await latestSum(call, roles.soc.slice(0, 1))),
    },
    today: await period('DAY'),
    month: await period('MONTH'),
    year: await period('YEAR'),
    total: {
      pvYield: round(await latestSum(call, roles.pvYield)),
      charge: round(await latestSum(call, roles.charge)),
      discharge: round(await latestSum(call, roles.discharge)),
    },
  };
};

/** `device/station/dailyDegree/{stationSn}`: energy of each hour of a day, by flow. */
export const dailyDegree: Handler = async (call) => {
  const { roles } = await stationContext(call, String(call.params.stationSn));
  const day = String(call.query.day);
  const flows: Role[] = ['pvYield', 'charge', 'discharge', 'loadEnergy', 'gridImport', 'gridExport'];
  const results = await Promise.all(flows.map((role) => statistic(call, roles[role], 'DIFF', 'DAY', day)));
  return {
    day,
    time_keys: results.find((r) => r.labels.length)?.labels ?? [],
    ...Object.fromEntries(flows.map((role, i) => [role, (results[i]?.series ?? []).map((v) => round(v))])),
  };
};

/** A power curve of a day: the samples while they are kept, else the hourly averages. */
async function powerCurve(call: CallContext, variables: CatalogVariable[], zone: string, day: string) {
  const { start, end } = periodOf('DAY', day, zone);
  const raw = Date.now() - start <= RAW_DAYS * 86_400_000;
  const series = await call.services.telemetry.store.trend(
    call.scope().tenantId,
    variables,
    'AVG',
    raw ? 'RAW' : 'HOUR',
    start,
    end,
    2_000,
  );
  // Several devices (inverters) add up at the same instants.
  const sums = new Map<number, number>();
  for (const points of series.values()) for (const p of points) sums.set(p.ts, (sums.get(p.ts) ?? 0) + p.value);
  const points = [...sums].sort((a, b) => a[0] - b[0]).map(([ts, value]) => ({ ts, value: Math.round(value * 100) / 100 }));
  return { day, unit: 'kW', datas: timedPoints(points, zone, 'HH:mm') };
}

/** `device/station/dailyLoad/{stationSn}`: the load's power over a day. */
export const dailyLoad: Handler = async (call) => {
  const { zone, roles } = await stationContext(call, String(call.params.stationSn));
  return powerCurve(call, roles.loadPower, zone, String(call.query.day));
};

/** `photovoltaic/powerTrend/{stationSn}`: the photovoltaic power over a day, all inverters together. */
export const pvPowerTrend: Handler = async (call) => {
  const { zone, roles } = await stationContext(call, String(call.params.stationSn));
  return powerCurve(call, roles.pvPower, zone, String(call.query.day));
};

/** The station's latest configured prices of one kind, null when it has none. */
export async function tariffOf(call: CallContext, stationId: unknown, chargeType: string): Promise<TariffPeriod[] | null> {
  const page = await call.services.repository.list(call.scope(), 'stationCharge', {
    filters: [
      { field: 'stationId', op: 'eq', value: stationId },
      { field: 'chargeType', op: 'eq', value: chargeType },
    ],
    sortField: 'id',
    sortOrder: 'desc',
    current: 1,
    size: 1,
  });
  const periods = page.records[0]?.periods;
  return Array.isArray(periods) ? (periods as TariffPeriod[]) : null;
}

async function requiredTariff(call: CallContext, station: EntityRecord, chargeType: string): Promise<TariffPeriod[]> {
  const periods = await tariffOf(call, station.id, chargeType);
  if (!periods) throw new ApiError('notFound');
  return periods;
}

/** A variable counted into an energy, or taken out of it (sign -1). */
export interface SignedVariable {
  variable: CatalogVariable;
  sign: number;
}

/** The energy of each UTC hour between two instants: the signed sum of the counters' growth. */
export async function hourlyEnergy(
  call: CallContext,
  variables: SignedVariable[],
  start: number,
  end: number,
): Promise<Map<number, number>> {
  const sums = new Map<number, number>();
  if (variables.length === 0) return sums;
  const signs = new Map(variables.map((v) => [v.variable.id, v.sign]));
  const series = await call.services.telemetry.store.trend(
    call.scope().tenantId,
    variables.map((v) => v.variable),
    'DIFF',
    'HOUR',
    start,
    end,
    100_000,
  );
  for (const [varId, points] of series) {
    const sign = signs.get(varId) ?? 1;
    for (const p of points) sums.set(p.ts, (sums.get(p.ts) ?? 0) + sign * p.value);
  }
  return sums;
}

const added = (variables: CatalogVariable[]): SignedVariable[] => variables.map((variable) => ({ variable, sign: 1 }));

/** An hour of a station's energy charged and discharged, with its local day, tariff period and price. */
interface PricedHour {
  ts: number;
  day: string;
  period: TariffPeriod['period'];
  price: number;
  charge: number;
  discharge: number;
  revenue: number;
}

/** Hourly charged and discharged energy between two instants, priced hour by hour. */
async function pricedHours(
  call: CallContext,
  ctx: StationContext,
  periods: TariffPeriod[],
  start: number,
  end: number,
): Promise<PricedHour[]> {
  const charge = await hourlyEnergy(call, added(ctx.roles.charge), start, end);
  const discharge = await hourlyEnergy(call, added(ctx.roles.discharge), start, end);
  const hours = [...new Set([...charge.keys(), ...discharge.keys()])].sort((a, b) => a - b);
  return hours.map((ts) => {
    const [day = '', hour = '0', month = '1'] = formatLocal(ts, ctx.zone, 'YYYY-MM-DD|H|M').split('|');
    const { period, price } = priceAt(periods, Number(hour), Number(month));
    const charged = charge.get(ts) ?? 0;
    const discharged = discharge.get(ts) ?? 0;
    return { ts, day, period, price, charge: charged, discharge: discharged, revenue: (discharged - charged) * price };
  });
}

/** Energy charged and discharged and the revenue of some priced hours; null for none (no samples). */
function totals(hours: { charge: number; discharge: number; revenue: number }[]) {
  const sum = (pick: (h: (typeof hours)[number]) => number) =>
    hours.length ? round(hours.reduce((s, h) => s + pick(h), 0)) : null;
  return { charge: sum((h) => h.charge), discharge: sum((h) => h.discharge), revenue: sum((h) => h.revenue) };
}

/** The time-of-use prices of a station, and what its priced hours of one local day come to by tariff period. */
function chargeDay(ctx: StationContext, chargeType: string, periods: TariffPeriod[], day: string, hours: PricedHour[]) {
  const byPeriod = (['sharp', 'peak', 'flat', 'valley'] as const).map((period) => ({
    period,
    ...totals(hours.filter((h) => h.period === period)),
  }));
  return { stationSn: String(ctx.station.sn), chargeType, periods, day, energy: byPeriod, total: totals(hours) };
}

/** `device/stationcharge/get_station_charge/{sn}`: the station's prices, and its energy and revenue by period on a day. */
export const stationCharge: Handler = async (call) => {
  const ctx = await stationContext(call, String(call.params.sn));
  const chargeType = String(call.query.chargeType ?? 'purchase');
  const periods = await requiredTariff(call, ctx.station, chargeType);
  const day = periodOf('DAY', String(call.query.queryTime ?? formatLocal(Date.now(), ctx.zone)), ctx.zone);
  return chargeDay(ctx, chargeType, periods, day.key, await pricedHours(call, ctx, periods, day.start, day.end));
};

/** Days a range of `stationChargeDays` may hold: a month and a little more. */
const CHARGE_DAYS = 31;

/**
 * `device/stationcharge/get_station_charge_days/{sn}`: for each local day from `startDay` to
 * `endDay`, what `get_station_charge` answers for it, read as one range of hourly rollups (a
 * month of days is one query, not thirty).
 */
export const stationChargeDays: Handler = async (call) => {
  const ctx = await stationContext(call, String(call.params.sn));
  const chargeType = String(call.query.chargeType ?? 'purchase');
  const first = periodOf('DAY', String(call.query.startDay), ctx.zone);
  const last = periodOf('DAY', String(call.query.endDay), ctx.zone);
  if (last.start < first.start) throw new ApiError('validation', { detail: 'endDay: before startDay' });
  const days: string[] = [];
  for (let day = first; day.start <= last.start; day = periodOf('DAY', day.end, ctx.zone)) days.push(day.key);
  if (days.length > CHARGE_DAYS)
    throw new ApiError('validation', { detail: `endDay: more than ${CHARGE_DAYS} days after startDay` });
  const periods = await requiredTariff(call, ctx.station, chargeType);
  const hours = await pricedHours(call, ctx, periods, first.start, last.end);
  const byDay = new Map<string, PricedHour[]>();
  for (const hour of hours) byDay.set(hour.day, [...(byDay.get(hour.day) ?? []), hour]);
  return days.map((day) => chargeDay(ctx, chargeType, periods, day, byDay.get(day) ?? []));
};

/** `device/station/monthlyCharge/{stationSn}`: energy charged and discharged and the revenue of each day of a month. */
export const monthlyCharge: Handler = async (call) => {
  const ctx = await stationContext(call, String(call.params.stationSn));
  const month = periodOf('MONTH', String(call.query.month), ctx.zone);
  const hours = await pricedHours(call, ctx, await requiredTariff(call, ctx.station, 'purchase'), month.start, month.end);
  const days = new Map<string, typeof hours>();
  for (const hour of hours) days.set(hour.day, [...(days.get(hour.day) ?? []), hour]);
  return {
    month: month.key,
    days: [...days].sort(([a], [b]) => a.localeCompare(b)).map(([day, ofDay]) => ({ day, ...totals(ofDay) })),
    total: totals(hours),
  };
};

/** `photovoltaic/keyData/{stationSn}`: the key figures of a photovoltaic station. */
export const pvKeyData: Handler = async (call) => {
  const { station, roles } = await stationContext(call, String(call.params.stationSn));
  const now = Date.now();
  const today = (await statistic(call, roles.pvYield, 'DIFF', 'DAY', now)).value;
  const capacity = typeof station.capacity === 'number' ? station.capacity : null;
  const totalYield = await latestSum(call, roles.pvYield);
  return {
    stationSn: String(station.sn),
    capacity,
    power: round(await latestSum(call, roles.pvPower)),
    todayYield: round(today),
    monthYield: round((await statistic(call, roles.pvYield, 'DIFF', 'MONTH', now)).value),
    yearYield: round((await statistic(call, roles.pvYield, 'DIFF', 'YEAR', now)).value),
    totalYield: round(totalYield),
    equivalentHours: today !== null && capacity ? round(today / capacity) : null,
    co2Reduction: totalYield === null ? null : round((totalYield * CO2_KG_PER_KWH) / 1000),
  };
};

/** `photovoltaic/inverters/{stationSn}`: each inverter's power, yields, efficiency, temperature and status. */
export const pvInverters: Handler = async (call) => {
  const sn = String(call.params.stationSn);
  const { station, zone } = await stationContext(call, sn);
  const catalog = await catalogOf(call);
  const variables = (catalog.byStation.get(sn) ?? []).filter((v) => v.deviceKind === 'pvInverter');
  const latest = new Map(
    (
      await call.services.telemetry.store.latest(
        call.scope().tenantId,
        variables.map((v) => v.id),
      )
    ).map((s) => [s.varId, s.value]),
  );
  const seen = await lastSeen(call, variables);
  const devices = (
    await call.services.repository.list(call.scope(), 'device', {
      filters: [
        { field: 'stationId', op: 'eq', value: station.id },
        { field: 'kind', op: 'eq', value: 'pvInverter' },
      ],
      sortField: 'id',
      sortOrder: 'asc',
      current: 1,
      size: 1_000,
    })
  ).records;
  return devices.map((device) => {
    const value = (code: string) => {
      const variable = variables.find((v) => v.deviceId === device.id && v.code === code);
      return variable ? (latest.get(variable.id) ?? null) : null;
    };
    return {
      ...deviceAnswer(device, sn, zone, seen.get(Number(device.id))),
      power: value('activePower'),
      dailyYield: value('dailyYield'),
      totalYield: value('totalYield'),
      efficiency: value('efficiency'),
      temperature: value('temperature'),
    };
  });
};

/** The named handlers of station figures, by their `x-handler` name. */
export const stationHandlers: Record<string, Handler> = {
  stationDetail,
  dailyDegree,
  dailyLoad,
  pvPowerTrend,
  stationCharge,
  stationChargeDays,
  monthlyCharge,
  pvKeyData,
  pvInverters,
};
