import type { Handler } from '../http/services';
import { formatLocal } from '../telemetry/calendar';
import { catalogOf, stationOf, zoneOf } from '../telemetry/lookup';
import { allOf } from './records';

/** `get_all_server`: every monitoring server of the tenant, by name. */
export const emsAllServers: Handler = (call) => allOf(call, 'monitorServer');

/** `get_all_device_models`: every device model, by name, optionally of one kind. */
export const emsAllDeviceModels: Handler = (call) =>
  allOf(call, 'deviceModel', call.query.kind ? [{ field: 'kind', op: 'eq', value: call.query.kind }] : []);

/**
 * `electricityprice/config`: the price list in force in a month at a station, which is the one
 * with the latest first month not after it; none (null) when every list starts later.
 */
export const emsPriceConfig: Handler = async (call) => {
  const station = await stationOf(call, String(call.query.stationSn));
  const month = (call.query.month as string | undefined) ?? formatLocal(Date.now(), zoneOf(station), 'YYYY-MM');
  const lists = await allOf(
    call,
    'electricityPrice',
    [{ field: 'stationId', op: 'eq', value: station.id }],
    'effectiveMonth',
    'desc',
  );
  return lists.find((list) => String(list.effectiveMonth) <= month) ?? null;
};

const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * `transformerMeterMonitoring`: the latest stored value of each variable of the transformer's
 * meter, and the load rate its active power makes of the rated capacity. Nothing is estimated:
 * without a meter or a sample the power and the rate are null.
 */
export const emsTransformerMonitoring: Handler = async (call) => {
  const scope = call.scope();
  const transformer = await call.services.repository.get(scope, 'transformer', Number(call.query.transformerId));
  const ratedCapacity = Number(transformer.ratedCapacity);
  const answer = {
    transformerId: Number(transformer.id),
    name: String(transformer.name),
    ratedCapacity,
  };
  if (transformer.meterId === undefined) return { ...answer, activePower: null, loadRate: null, readings: [] };
  const catalog = await catalogOf(call);
  const variables = [...catalog.byId.values()].filter((v) => v.deviceId === transformer.meterId);
  const meter = variables[0];
  const latest = new Map(
    (
      await call.services.telemetry.store.latest(
        scope.tenantId,
        variables.map((v) => v.id),
      )
    ).map((s) => [s.varId, s]),
  );
  const readings = variables.map((variable) => {
    const state = latest.get(variable.id);
    return {
      sn: variable.sn,
      name: variable.name,
      ...(variable.code ? { code: variable.code } : {}),
      unit: variable.unit,
      value: state ? Number(state.value) : null,
      ...(state ? { time: formatLocal(Number(state.ts), variable.zone) } : {}),
    };
  });
  const power = variables.find((v) => v.code === 'activePower');
  const state = power ? latest.get(power.id) : undefined;
  return {
    ...answer,
    ...(meter ? { meterSn: meter.deviceSn } : {}),
    activePower: state ? Number(state.value) : null,
    loadRate: state && ratedCapacity > 0 ? round1((Math.abs(Number(state.value)) / ratedCapacity) * 100) : null,
    ...(state && power ? { time: formatLocal(Number(state.ts), power.zone) } : {}),
    readings,
  };
};
