import type { Handler } from '../http/services';
import { allOf } from '../projects/records';
import { formatLocal, hourOf, HOUR_MS } from '../telemetry/calendar';
import type { CatalogVariable } from '../telemetry/catalog';
import { catalogOf, ONLINE_MS, zoneOf } from '../telemetry/lookup';
import { stationsCovered } from './mine';

/** Hours looked back on: the last day's complete hours. */
const HOURS = 24;

/**
 * `GET /ems/api/device/detection`: each device's communication and data health — online (a sample
 * within three minutes), its latest sample, and over the last 24 complete hours how many of its
 * variable-hours have no sample at all (a variable is expected to report in every hour). The
 * devices are those of the station named, else of the user's stations (`mine`), else of all.
 */
export const getDeviceDetection: Handler = async (call) => {
  const now = Date.now();
  const end = hourOf(now);
  const start = end - HOURS * HOUR_MS;
  const catalog = await catalogOf(call);
  const stations = await stationsCovered(call);
  const rows = [];
  for (const station of stations) {
    const zone = zoneOf(station);
    const variables = catalog.byStation.get(String(station.sn)) ?? [];
    const ids = variables.map((v) => v.id);
    const hours = await call.services.telemetry.store.hoursWithData(call.scope().tenantId, ids, start, end);
    const latest = new Map(
      (await call.services.telemetry.store.latest(call.scope().tenantId, ids)).map((s) => [s.varId, Number(s.ts)]),
    );
    const byDevice = new Map<number, CatalogVariable[]>();
    for (const variable of variables) byDevice.set(variable.deviceId, [...(byDevice.get(variable.deviceId) ?? []), variable]);
    const devices = await allOf(call, 'device', [{ field: 'stationId', op: 'eq', value: station.id }], 'id');
    for (const device of devices) {
      const own = byDevice.get(Number(device.id)) ?? [];
      const seen = Math.max(0, ...own.map((v) => latest.get(v.id) ?? 0));
      const expected = own.length * HOURS;
      const missing = expected - own.reduce((sum, v) => sum + Math.min(HOURS, hours.get(v.id) ?? 0), 0);
      rows.push({
        stationSn: String(station.sn),
        stationName: String(station.name),
        deviceSn: String(device.sn),
        deviceName: String(device.name),
        kind: String(device.kind),
        online: seen > 0 && now - seen <= ONLINE_MS,
        ...(seen > 0 ? { lastTime: formatLocal(seen, zone) } : {}),
        variables: own.length,
        expected,
        missing,
        completeness: expected ? Math.round(((expected - missing) / expected) * 1000) / 10 : null,
      });
    }
  }
  return rows;
};
