import type { CallContext, Handler } from '../http/services';
import { refuseField } from '../http/validation';
import type { EntityRecord } from '../resources/repository';
import { resourceHandler } from '../resources/handlers';
import { stationOf } from '../telemetry/lookup';
import { tariffOf } from '../telemetry/station';
import { allOf } from './records';

/** The kinds of device a storage system is made of. */
export const STORAGE_KINDS = ['pcs', 'bms', 'batteryCluster'];

/** `storeEnergy/device/page`: the generic device list with the kinds fixed to the storage system's. */
export const emsStorageDevices: Handler = (call) =>
  resourceHandler(call.operation, { entity: 'device', action: 'list', where: { kind: STORAGE_KINDS } })(call);

async function savedOf(call: CallContext, stationId: unknown): Promise<EntityRecord | undefined> {
  return (await allOf(call, 'energySetting', [{ field: 'stationId', op: 'eq', value: stationId }], 'id'))[0];
}

/**
 * What a station's records suggest while nothing is saved: its capacity, its converters' rated
 * power for every power limit, the SOC band 10–95 % the simulator's batteries keep to, a
 * time-of-use tariff when its purchase prices have more than one period (else flat), and peak
 * shaving for a storage station (photovoltaic self-consumption for others).
 */
async function suggested(call: CallContext, station: EntityRecord): Promise<EntityRecord> {
  const ratedPower = await convertersPower(call, station.id);
  const periods = await tariffOf(call, station.id, 'purchase');
  return {
    stationId: station.id,
    stationName: station.name,
    capacity: Number(station.capacity ?? 0),
    ratedPower,
    maxChargePower: ratedPower,
    maxDischargePower: ratedPower,
    socUpper: 95,
    socLower: 10,
    tariffType: periods && new Set(periods.map((p) => p.price)).size > 1 ? 'timeOfUse' : 'flat',
    runMode: station.stationType === 'storage' ? 'peakValley' : 'selfConsumption',
    antiBackflow: false,
  };
}

/** `GET energySetting/{stationSn}`: the saved settings of the station, else what its records suggest (not saved). */
export const emsGetEnergySetting: Handler = async (call) => {
  const station = await stationOf(call, String(call.params.stationSn));
  return (await savedOf(call, station.id)) ?? suggested(call, station);
};

/** The rated power of the station's converters together, kW; 0 when none of them has one on record. */
async function convertersPower(call: CallContext, stationId: unknown): Promise<number> {
  const converters = await allOf(call, 'device', [
    { field: 'stationId', op: 'eq', value: stationId },
    { field: 'kind', op: 'eq', value: 'pcs' },
  ]);
  return converters.reduce((sum, device) => sum + Number(device.ratedPower ?? 0), 0);
}

/**
 * The rules between fields that a schema cannot say; 400 naming the field by its label. The power
 * limits and the rated power the body states are held to the station's converters as recorded (a
 * body cannot lift its own ceiling by stating a higher rated power), then the limits to the rated
 * power stated.
 */
function check(call: CallContext, body: EntityRecord, stationPower: number): void {
  const owner = { labels: 'entities.energySetting' };
  if (Number(body.socLower) >= Number(body.socUpper)) throw refuseField(call.t, owner, 'socLower', 'errors.socBand');
  const limits = ['maxChargePower', 'maxDischargePower'];
  if (stationPower > 0)
    for (const field of [...limits, 'ratedPower'])
      if (Number(body[field]) > stationPower)
        throw refuseField(call.t, owner, field, 'errors.aboveStationPower', { power: String(stationPower) });
  for (const field of limits)
    if (Number(body[field]) > Number(body.ratedPower)) throw refuseField(call.t, owner, field, 'errors.aboveRatedPower');
}

/** `PUT energySetting`: saves the body's station's settings, its line changed or a new one. */
export const emsSaveEnergySetting: Handler = async (call) => {
  const { id: _id, ...body } = call.body as EntityRecord;
  const scope = call.scope();
  const { repository } = call.services;
  // Another tenant's station is not found before anything else is said of the body.
  await repository.get(scope, 'station', Number(body.stationId));
  check(call, body, await convertersPower(call, body.stationId));
  const saved = await savedOf(call, body.stationId);
  return saved
    ? repository.update(scope, 'energySetting', Number(saved.id), body)
    : repository.create(scope, 'energySetting', body);
};
