import type { CallContext, Handler } from '../http/services';
import type { EntityRecord } from '../resources/repository';
import { formatLocal, periodOf, type PeriodType } from '../telemetry/calendar';
import type { CatalogVariable } from '../telemetry/catalog';
import { catalogOf, stationOf, zoneOf } from '../telemetry/lookup';
import { byRole, total, type Role } from '../telemetry/roles';
import { hourlyEnergy, round, tariffOf } from '../telemetry/station';
import { priceAt } from '../telemetry/tariff';
import { allOf } from './records';

/** A station of the tenant with its variables by role. */
interface StationRoles {
  station: EntityRecord;
  zone: string;
  roles: Record<Role, CatalogVariable[]>;
}

/** The stations a board figure covers: the one named by `stationSn` (404 if not the tenant's), else all. */
async function stationsOf(call: CallContext, sn?: unknown): Promise<StationRoles[]> {
  const catalog = await catalogOf(call);
  const stations = typeof sn === 'string' && sn ? [await stationOf(call, sn)] : await allOf(call, 'station', [], 'sn');
  return stations.map((station) => ({
    station,
    zone: zoneOf(station),
    roles: byRole(catalog.byStation.get(String(station.sn)) ?? []),
  }));
}

/** The growth of the counters of a role over a period: each station's own day, month or year. */
async function energyOf(call: CallContext, variables: CatalogVariable[], type: PeriodType, time: string | number) {
  if (variables.length === 0) return null;
  const results = await call.services.telemetry.store.statistic(call.scope().tenantId, variables, 'DIFF', type, time);
  return round(total(variables.map((v) => results.get(v.id)?.value)));
}

async function chargeSum(call: CallContext, type: PeriodType, time: string | number, period: string) {
  const stations = [];
  for (const { station, roles } of await stationsOf(call, call.query.stationSn)) {
    stations.push({
      stationSn: String(station.sn),
      stationName: String(station.name),
      charge: await energyOf(call, roles.charge, type, time),
      discharge: await energyOf(call, roles.discharge, type, time),
    });
  }
  return {
    period,
    charge: round(total(stations.map((s) => s.charge))),
    discharge: round(total(stations.map((s) => s.discharge))),
    stations,
  };
}

/** The platform's home zone, which names "today" and "this year" of the board (each station still counts its own day). */
const HOME_ZONE = 'Asia/Shanghai';

/** `GET /ems/api/board/dailyChargeSum`: energy charged and discharged on a day (today: each station's own today). */
export const getDailyChargeSum: Handler = (call) => {
  const day = typeof call.query.day === 'string' ? call.query.day : undefined;
  return chargeSum(call, 'DAY', day ?? Date.now(), day ?? periodOf('DAY', Date.now(), HOME_ZONE).key);
};

/** `GET /ems/api/board/yearlyChargeSum`: energy charged and discharged in a year (this year: each station's own). */
export const getYearlyChargeSum: Handler = (call) => {
  const year = typeof call.query.year === 'string' ? call.query.year : undefined;
  return chargeSum(call, 'YEAR', year ? `${year}-01-01` : Date.now(), year ?? periodOf('YEAR', Date.now(), HOME_ZONE).key);
};

const RANKED: Record<string, Role> = { discharge: 'discharge', charge: 'charge', pvYield: 'pvYield' };

/** `GET /ems/api/board/stationRanking`: stations by an energy of a period, largest first. */
export const getStationRanking: Handler = async (call) => {
  const type = String(call.query.type ?? 'MONTH') as PeriodType;
  const time = typeof call.query.time === 'string' ? call.query.time : Date.now();
  const role = RANKED[String(call.query.by ?? 'discharge')] ?? 'discharge';
  const rows = [];
  for (const { station, roles } of await stationsOf(call)) {
    rows.push({
      stationSn: String(station.sn),
      stationName: String(station.name),
      value: await energyOf(call, roles[role], type, time),
    });
  }
  rows.sort((a, b) => (b.value ?? -Infinity) - (a.value ?? -Infinity) || a.stationSn.localeCompare(b.stationSn));
  return rows.map((row, index) => ({ rank: index + 1, ...row }));
};

/** `GET /ems/api/board/profit`: each storage station's discharge priced minus its charge priced, hour by hour. */
export const getBoardProfit: Handler = async (call) => {
  const type = String(call.query.type ?? 'MONTH') as 'MONTH' | 'YEAR';
  const time = typeof call.query.time === 'string' ? call.query.time : Date.now();
  const stations = [];
  let key = '';
  for (const { station, zone, roles } of await stationsOf(call)) {
    if (roles.charge.length === 0 && roles.discharge.length === 0) continue;
    const period = periodOf(type, time, zone);
    key = period.key;
    const signed = (variables: CatalogVariable[]) => variables.map((variable) => ({ variable, sign: 1 }));
    const charge = await hourlyEnergy(call, signed(roles.charge), period.start, period.end);
    const discharge = await hourlyEnergy(call, signed(roles.discharge), period.start, period.end);
    const periods = await tariffOf(call, station.id, 'purchase');
    let revenue: number | null = null;
    if (periods && (charge.size || discharge.size)) {
      revenue = 0;
      for (const ts of new Set([...charge.keys(), ...discharge.keys()])) {
        const [hour = '0', month = '1'] = formatLocal(ts, zone, 'H|M').split('|');
        const { price } = priceAt(periods, Number(hour), Number(month));
        revenue += ((discharge.get(ts) ?? 0) - (charge.get(ts) ?? 0)) * price;
      }
    }
    const sum = (hours: Map<number, number>) => (hours.size ? round([...hours.values()].reduce((a, b) => a + b, 0)) : null);
    stations.push({
      stationSn: String(station.sn),
      stationName: String(station.name),
      charge: sum(charge),
      discharge: sum(discharge),
      revenue: round(revenue),
    });
  }
  if (!key) key = periodOf(type, time, HOME_ZONE).key;
  return { period: key, revenue: round(total(stations.map((s) => s.revenue))), stations };
};

export const energyHandlers: Record<string, Handler> = {
  getDailyChargeSum,
  getYearlyChargeSum,
  getStationRanking,
  getBoardProfit,
};
