import { ApiError } from '../errors';
import type { CallContext } from '../http/services';
import type { EntityRecord } from '../resources/repository';
import type { CatalogVariable, TenantCatalog } from './catalog';
import { formatLocal } from './calendar';

/** A device is online while its latest sample is at most this old. */
export const ONLINE_MS = 3 * 60_000;

export async function catalogOf(call: CallContext): Promise<TenantCatalog> {
  return call.services.telemetry.catalog.of(call.scope().tenantId);
}

/** The variables named by a comma list of serial numbers, in its order; an unknown one is a 404. */
export function variablesOf(catalog: TenantCatalog, sns: string): CatalogVariable[] {
  return sns
    .split(',')
    .map((sn) => sn.trim())
    .filter(Boolean)
    .map((sn) => {
      const variable = catalog.bySn.get(sn);
      if (!variable) throw new ApiError('notFound');
      return variable;
    });
}

/** A station of the tenant by serial number (404 otherwise). */
export function stationOf(call: CallContext, sn: string): Promise<EntityRecord> {
  return call.services.repository.findBy(call.scope(), 'station', 'sn', sn);
}

/** Every station of the tenant, in the order they were made. */
export async function stationsOf(call: CallContext): Promise<EntityRecord[]> {
  const page = await call.services.repository.list(call.scope(), 'station', {
    filters: [],
    sortField: 'id',
    sortOrder: 'asc',
    current: 1,
    size: 10_000,
  });
  return page.records;
}

/** The station's zone: days, months and years of its figures are its own. */
export function zoneOf(station: EntityRecord): string {
  return typeof station.timeZone === 'string' ? station.timeZone : 'Asia/Shanghai';
}

/** The latest sample time of each device of a list of variables. */
export async function lastSeen(call: CallContext, variables: CatalogVariable[]): Promise<Map<number, number>> {
  const states = await call.services.telemetry.store.latest(
    call.scope().tenantId,
    variables.map((v) => v.id),
  );
  const deviceOf = new Map(variables.map((v) => [v.id, v.deviceId]));
  const seen = new Map<number, number>();
  for (const state of states) {
    const device = deviceOf.get(state.varId);
    if (device !== undefined) seen.set(device, Math.max(seen.get(device) ?? 0, Number(state.ts)));
  }
  return seen;
}

/**
 * A device as the data calls answer it, with whether it communicates: it does while its latest
 * sample is recent, unless its collector found it not answering (a device polled by register maps
 * is offline from the first poll it misses).
 */
export function deviceAnswer(
  device: EntityRecord,
  stationSn: string,
  zone: string,
  seenAt: number | undefined,
  now = Date.now(),
) {
  return {
    id: Number(device.id),
    sn: String(device.sn),
    name: String(device.name),
    kind: String(device.kind),
    ...(device.model ? { model: String(device.model) } : {}),
    ...(device.ratedPower !== undefined ? { ratedPower: Number(device.ratedPower) } : {}),
    stationSn,
    status: device.linkState !== 'offline' && seenAt !== undefined && now - seenAt <= ONLINE_MS ? 1 : 0,
    ...(seenAt !== undefined ? { lastTime: formatLocal(seenAt, zone) } : {}),
  };
}

/** A variable as the data calls answer it. */
export function variableAnswer(variable: CatalogVariable) {
  return {
    id: variable.id,
    sn: variable.sn,
    name: variable.name,
    ...(variable.code ? { code: variable.code } : {}),
    unit: variable.unit,
    kind: variable.kind,
    controllable: variable.controllable,
    deviceSn: variable.deviceSn,
    deviceName: variable.deviceName,
    stationSn: variable.stationSn,
  };
}
