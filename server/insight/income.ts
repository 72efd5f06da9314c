import type { Handler } from '../http/services';
import { formatLocal, periodOf, subPeriods, type PeriodType } from '../telemetry/calendar';
import type { CatalogVariable } from '../telemetry/catalog';
import { catalogOf, zoneOf } from '../telemetry/lookup';
import { byRole } from '../telemetry/roles';
import { hourlyEnergy, round, tariffOf } from '../telemetry/station';
import { priceAt } from '../telemetry/tariff';
import { stationsCovered } from './mine';

/** How a priced hour is labelled in the series of a period: its hour of a day, day of a month, month of a year. */
const LABELS: Record<PeriodType, string> = { DAY: 'HH:00', MONTH: 'MM-DD', YEAR: 'YYYY-MM' };

interface Sums {
  charge: number;
  discharge: number;
  chargeCost: number;
  dischargeIncome: number;
}

const empty = (): Sums => ({ charge: 0, discharge: 0, chargeCost: 0, dischargeIncome: 0 });

function add(into: Sums, hour: Sums): void {
  into.charge += hour.charge;
  into.discharge += hour.discharge;
  into.chargeCost += hour.chargeCost;
  into.dischargeIncome += hour.dischargeIncome;
}

/** Sums as answered: energies and amounts rounded, the revenue (income less cost); nulls when nothing was measured. */
function answer(sums: Sums | undefined, priced: boolean) {
  if (!sums) return { charge: null, discharge: null, chargeCost: null, dischargeIncome: null, revenue: null };
  return {
    charge: round(sums.charge),
    discharge: round(sums.discharge),
    chargeCost: priced ? round(sums.chargeCost) : null,
    dischargeIncome: priced ? round(sums.dischargeIncome) : null,
    revenue: priced ? round(sums.dischargeIncome - sums.chargeCost) : null,
  };
}

/**
 * `GET /ems/api/board/income`: the storage income of a day, month or year — each hour's charged
 * energy priced at the station's purchase price of that hour (the cost), its discharged energy
 * likewise (the income), the revenue their difference — in all, per hour, day or month of the
 * period, and per station. The stations are the one named, else the user's own (`mine`), else all.
 */
export const getStorageIncome: Handler = async (call) => {
  const type = String(call.query.type ?? 'MONTH') as PeriodType;
  const time = typeof call.query.time === 'string' ? call.query.time : Date.now();
  const catalog = await catalogOf(call);
  const stations = await stationsCovered(call);
  const first = stations[0];
  const period = periodOf(type, time, first ? zoneOf(first) : 'Asia/Shanghai');
  const parts = subPeriods(period, first ? zoneOf(first) : 'Asia/Shanghai');
  const byPart = new Map<string, Sums>();
  const all = empty();
  let measured = false;
  let priced = false;
  const rows = [];
  for (const station of stations) {
    const roles = byRole(catalog.byStation.get(String(station.sn)) ?? []);
    if (roles.charge.length === 0 && roles.discharge.length === 0) continue;
    const zone = zoneOf(station);
    const own = periodOf(type, time, zone);
    const signed = (variables: CatalogVariable[]) => variables.map((variable) => ({ variable, sign: 1 }));
    const charge = await hourlyEnergy(call, signed(roles.charge), own.start, own.end);
    const discharge = await hourlyEnergy(call, signed(roles.discharge), own.start, own.end);
    const tariff = await tariffOf(call, station.id, 'purchase');
    const hours = [...new Set([...charge.keys(), ...discharge.keys()])];
    const sums = hours.length ? empty() : undefined;
    for (const ts of hours) {
      const [hour = '0', month = '1', label = ''] = formatLocal(ts, zone, `H|M|${LABELS[type]}`).split('|');
      const price = tariff ? priceAt(tariff, Number(hour), Number(month)).price : 0;
      const energy = { charge: charge.get(ts) ?? 0, discharge: discharge.get(ts) ?? 0 };
      const priced_ = { ...energy, chargeCost: energy.charge * price, dischargeIncome: energy.discharge * price };
      if (sums) add(sums, priced_);
      if (!byPart.has(label)) byPart.set(label, empty());
      add(byPart.get(label) as Sums, priced_);
    }
    if (sums) {
      measured = true;
      add(all, sums);
      if (tariff) priced = true;
    }
    rows.push({ stationSn: String(station.sn), stationName: String(station.name), ...answer(sums, Boolean(tariff)) });
  }
  return {
    period: period.key,
    type,
    ...answer(measured ? all : undefined, priced),
    points: parts.map((part) => ({ time: part.label, ...answer(byPart.get(part.label), priced) })),
    stations: rows,
  };
};
