import { ApiError } from '../errors';
import type { Handler } from '../http/services';
import type { EntityRecord } from '../resources/repository';
import { allOf } from './records';

/**
 * `DELETE device/station/deleteStation`: the id and serial number must name the same station
 * (a guard against deleting the wrong one from a stale list). A station with devices is refused
 * (409): its devices, variables and their history go first, deliberately.
 */
export const emsDeleteStation: Handler = async (call) => {
  const scope = call.scope();
  const { repository } = call.services;
  const station = await repository.get(scope, 'station', Number(call.query.id));
  if (station.sn !== call.query.sn) throw new ApiError('notFound');
  const devices = await repository.list(scope, 'device', {
    filters: [{ field: 'stationId', op: 'eq', value: station.id }],
    sortField: 'id',
    sortOrder: 'asc',
    current: 1,
    size: 1,
  });
  if (devices.total > 0) throw new ApiError('emsDevStationHasDevices', { count: String(devices.total) });
  await repository.delete(scope, 'station', Number(station.id));
  return true;
};

/** `get_station_by_dept`: the stations of a department and of every department under it. */
export const emsStationsByDept: Handler = async (call) => {
  const stations = await allOf(call, 'station');
  const deptId = call.query.deptId as number | undefined;
  if (deptId === undefined) return stations;
  const departments = await allOf(call, 'department');
  if (!departments.some((d) => d.id === deptId)) throw new ApiError('notFound');
  const within = new Set([deptId]);
  for (let grown = true; grown;) {
    grown = false;
    for (const department of departments) {
      if (!within.has(Number(department.id)) && within.has(Number(department.parentId))) {
        within.add(Number(department.id));
        grown = true;
      }
    }
  }
  return stations.filter((station) => within.has(Number(station.deptId)));
};

/** `get_collector_station/{id}`: the stations with a channel on the collector server. */
export const emsCollectorStations: Handler = async (call) => {
  const server = await call.services.repository.get(call.scope(), 'monitorServer', Number(call.params.id));
  const channels = await allOf(call, 'monitorChannel', [{ field: 'serverId', op: 'eq', value: server.id }]);
  const ids = new Set(channels.map((channel) => Number(channel.stationId)));
  return (await allOf(call, 'station')).filter((station) => ids.has(Number(station.id)));
};

/** `company_device`: every device of the tenant, by station and name. */
export const emsCompanyDevices: Handler = async (call) => {
  const filters = call.query.kind ? [{ field: 'kind', op: 'eq' as const, value: call.query.kind }] : [];
  const devices = await allOf(call, 'device', filters);
  return devices.sort((a, b) => Number(a.stationId) - Number(b.stationId));
};

/** A serial number of the copied station: the old station's prefix replaced by the new one, else the new one prefixed. */
function renamed(sn: unknown, from: string, to: string, pattern: RegExp): string {
  const text = String(sn);
  const copy = text.startsWith(from) ? `${to}${text.slice(from.length)}` : `${to}-${text}`;
  if (!pattern.test(copy))
    throw new ApiError('validation', { detail: `sn: the copy of ${text} would be ${copy}, which is too long` });
  return copy;
}

const DEVICE_SN = /^[A-Za-z0-9_-]{2,40}$/;
const VARIABLE_SN = /^[A-Za-z0-9_.-]{2,60}$/;

/** The writable fields of a record, to create its copy. */
function fieldsOf(record: EntityRecord, drop: string[]): EntityRecord {
  const copy: EntityRecord = {};
  for (const [key, value] of Object.entries(record)) {
    if (!['id', 'createTime', 'updateTime', ...drop].includes(key)) copy[key] = value;
  }
  return copy;
}

/**
 * `add_copy_station`: a new station like the source, with copies of its channels (without their
 * host and port, which are the new site's to give), devices and variables, each device of a model
 * given it (so its maps); every serial number is rewritten with
 * the new station's (an sn already taken is a 409 and nothing is created: one transaction).
 * History is not copied: the copy starts empty.
 */
export const emsCopyStation: Handler = async (call) => {
  const scope = call.scope();
  const { repository } = call.services;
  const { id, sn, name } = call.body as { id: number; sn: string; name?: string };
  const source = await repository.get(scope, 'station', id);
  const from = String(source.sn);
  const sourceDevices = await allOf(call, 'device', [{ field: 'stationId', op: 'eq', value: id }], 'id');
  const sourceChannels = await allOf(call, 'monitorChannel', [{ field: 'stationId', op: 'eq', value: id }], 'id');
  const variables = new Map<unknown, EntityRecord[]>();
  for (const device of sourceDevices) {
    variables.set(device.id, await allOf(call, 'deviceVariable', [{ field: 'deviceId', op: 'eq', value: device.id }], 'id'));
  }
  const db = call.data();
  return db.transaction().execute(async (trx) => {
    const station = await repository.create(
      scope,
      'station',
      { ...fieldsOf(source, ['stationName', 'deptName']), sn, name: name ?? `${String(source.name)} (copy)`.slice(0, 100) },
      { db: trx },
    );
    const channelIds = new Map<unknown, unknown>();
    for (const channel of sourceChannels) {
      const copy = await repository.create(
        scope,
        'monitorChannel',
        {
          // Without the source's address: the copy's devices are another site's, never read off the source's gateway.
          ...fieldsOf(channel, ['stationName', 'serverName', 'host', 'port']),
          sn: renamed(channel.sn, from, sn, DEVICE_SN),
          stationId: station.id,
        },
        { db: trx },
      );
      channelIds.set(channel.id, copy.id);
    }
    for (const device of sourceDevices) {
      const copy = await repository.create(
        scope,
        'device',
        {
          ...fieldsOf(device, ['stationName', 'channelName', 'modelName', 'modelId']),
          sn: renamed(device.sn, from, sn, DEVICE_SN),
          stationId: station.id,
          ...(device.channelId !== undefined ? { channelId: channelIds.get(device.channelId) } : {}),
        },
        { db: trx },
      );
      for (const variable of variables.get(device.id) ?? []) {
        await repository.create(
          scope,
          'deviceVariable',
          { ...fieldsOf(variable, ['deviceName']), sn: renamed(variable.sn, from, sn, VARIABLE_SN), deviceId: copy.id },
          { db: trx },
        );
      }
      // Given its model once its variables are copied, the copy keeps them as the source has them
      // (names, serial numbers) and gets the model's maps for them.
      if (device.modelId !== undefined)
        await repository.patch(scope, 'device', Number(copy.id), { modelId: device.modelId }, { db: trx });
    }
    return station;
  });
};
