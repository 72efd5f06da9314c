import { ApiError } from '../errors';
import type { CallContext, Handler } from '../http/services';
import type { EntityRecord } from '../resources/repository';
import { stationOf } from '../telemetry/lookup';

interface Period {
  startTime: string;
  endTime: string;
  months?: number[];
}

const hour = (time: string) => Number(time.slice(0, 2));

/** Periods start before they end, and two periods that share a month share no hour. */
function checkPeriods(periods: Period[]): void {
  for (const [index, period] of periods.entries()) {
    if (hour(period.startTime) >= hour(period.endTime))
      throw new ApiError('validation', {
        detail: `periods.${index}: starts at ${period.startTime}, not before ${period.endTime}`,
      });
    for (const [other, earlier] of periods.slice(0, index).entries()) {
      const months = (p: Period) => new Set(p.months?.length ? p.months : [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
      const a = months(period);
      const sharesMonth = [...months(earlier)].some((m) => a.has(m));
      const sharesHour = hour(period.startTime) < hour(earlier.endTime) && hour(earlier.startTime) < hour(period.endTime);
      if (sharesMonth && sharesHour) throw new ApiError('validation', { detail: `periods.${index}: overlaps periods.${other}` });
    }
  }
}

async function savedOf(call: CallContext, stationId: unknown, chargeType: unknown): Promise<EntityRecord | undefined> {
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
  return page.records[0];
}

/** `GET stationcharge/config`: the saved configuration of the station and type, or null. */
export const emsGetChargeConfig: Handler = async (call) => {
  const station = await stationOf(call, String(call.query.stationSn));
  return (await savedOf(call, station.id, call.query.chargeType ?? 'purchase')) ?? null;
};

/**
 * `POST stationcharge/config`: one configuration per station and type. Without an id, saving
 * replaces the saved one of the station and type (or adds it); with an id (the list's edit), it
 * changes that configuration, and a station and type another configuration holds is refused (409)
 * rather than written over it.
 */
export const emsSaveChargeConfig: Handler = async (call) => {
  const { id, ...body } = call.body as EntityRecord & { periods: Period[] };
  checkPeriods(body.periods);
  const { repository } = call.services;
  const station = await repository.get(call.scope(), 'station', Number(body.stationId));
  const saved = await savedOf(call, station.id, body.chargeType);
  if (id !== undefined) {
    if (saved && saved.id !== id)
      throw new ApiError('emsDevChargeTaken', { chargeType: call.t(`enums.chargeType.${String(body.chargeType)}`) });
    return repository.update(call.scope(), 'stationCharge', Number(id), body);
  }
  return saved
    ? repository.update(call.scope(), 'stationCharge', Number(saved.id), body)
    : repository.create(call.scope(), 'stationCharge', body);
};
