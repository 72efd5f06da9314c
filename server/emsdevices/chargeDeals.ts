import { ApiError } from '../errors';
import type { CallContext, Handler } from '../http/services';
import type { EntityRecord } from '../resources/repository';
import { formatLocal } from '../telemetry/calendar';
import { zoneOf } from '../telemetry/lookup';
import { tariffOf } from '../telemetry/station';
import { priceAt, type TariffPeriod } from '../telemetry/tariff';

const HOUR = 3_600_000;

/**
 * What `energy` kWh delivered evenly from `start` to `end` (ms) costs at a time-of-use tariff:
 * each local hour's share priced at that hour's period (a charge of no duration at its start).
 * Hours start at whole UTC hours in the zones the platform supports (whole-hour offsets).
 */
export function priceCharge(periods: TariffPeriod[], start: number, end: number, energy: number, zone: string): number {
  const priceOf = (ts: number) => {
    const local = formatLocal(ts, zone, 'YYYY-MM-DD HH');
    return priceAt(periods, Number(local.slice(11, 13)), Number(local.slice(5, 7))).price;
  };
  if (end <= start) return Math.round(energy * priceOf(start) * 100) / 100;
  let amount = 0;
  for (let from = start; from < end;) {
    const to = Math.min(end, Math.floor(from / HOUR) * HOUR + HOUR);
    amount += ((energy * (to - from)) / (end - start)) * priceOf(from);
    from = to;
  }
  return Math.round(amount * 100) / 100;
}

/** The amount and average price of a transaction at its station's settlement tariff; nothing without one. */
async function pricing(call: CallContext, body: EntityRecord): Promise<EntityRecord> {
  const station = await call.services.repository.get(call.scope(), 'station', Number(body.stationId));
  const periods = await tariffOf(call, station.id, 'settlement');
  if (!periods) return { amount: null, averagePrice: null };
  const energy = Number(body.energy);
  const amount = priceCharge(
    periods,
    Date.parse(String(body.startTime)),
    Date.parse(String(body.endTime)),
    energy,
    zoneOf(station),
  );
  return { amount, averagePrice: Math.round((amount / energy) * 1000) / 1000 };
}

/** `POST storeEnergy/chargeDeal`: records a charging transaction, its amount computed at the station's tariff. */
export const emsSaveChargeDeal: Handler = async (call) => {
  const body = call.body as EntityRecord;
  return call.services.repository.create(call.scope(), 'chargeDeal', body, { set: await pricing(call, body) });
};

/** `PUT storeEnergy/chargeDeal`: replaces a transaction's writable fields and prices it again. */
export const emsUpdateChargeDeal: Handler = async (call) => {
  const body = call.body as EntityRecord;
  if (typeof body.id !== 'number') throw new ApiError('validation', { detail: call.t('errors.idRequired') });
  // Another tenant's transaction is not found before its station is looked at.
  await call.services.repository.get(call.scope(), 'chargeDeal', body.id);
  return call.services.repository.update(call.scope(), 'chargeDeal', body.id, body, { set: await pricing(call, body) });
};
