import { ApiError } from '../errors';
import type { CallContext, Handler } from '../http/services';
import type { TenantScope } from '../auth/context';
import type { Db, EntityRecord, Filter } from '../resources/repository';
import { formatLocal, parseLocal } from '../telemetry/calendar';
import { catalogOf } from '../telemetry/lookup';
import { saveGenerator } from './generators';
import { comparisons, levels, sources } from './lists';

/** More records than a station has devices or switches: "all of them" for internal lists. */
const ALL = 100_000;

type Page = { records: EntityRecord[]; total: number; current: number; size: number };

const now = () => new Date().toISOString();

const idOf = (call: CallContext) => Number(call.params.id);

/** The records of an entity matching the filters, all of them, by id. */
async function listAll(call: CallContext, entity: string, filters: Filter[]): Promise<EntityRecord[]> {
  const page = await call.services.repository.list(call.scope(), entity, {
    filters,
    sortField: 'id',
    sortOrder: 'asc',
    current: 1,
    size: ALL,
  });
  return page.records;
}

/** The tenant's station with this serial number; 404 when it has none (another tenant's included). */
export async function stationBySn(call: CallContext, sn: string): Promise<EntityRecord> {
  const [station] = (
    await call.services.repository.list(call.scope(), 'station', {
      filters: [{ field: 'sn', op: 'eq', value: sn }],
      sortField: 'id',
      sortOrder: 'asc',
      current: 1,
      size: 1,
    })
  ).records;
  if (!station) throw new ApiError('notFound');
  return station;
}

/** The condition of a comma list of statuses ('0,1', '1'...): none when it names both. */
function statusFilter(list: string): Filter[] {
  const statuses = [...new Set(list.split(',').map(Number))];
  return statuses.length === 1 ? [{ field: 'status', op: 'eq', value: statuses[0] }] : [];
}

/** A page of alarms, newest first (ties: the later raised first). */
async function alarmPage(call: CallContext, filters: Filter[], current: number, size: number): Promise<Page> {
  const page = await call.services.repository.list(call.scope(), 'alarm', {
    filters,
    sortField: 'reportTime',
    sortOrder: 'desc',
    current,
    size,
  });
  return { ...page, current, size };
}

// Fixed lists --------------------------------------------------------------------------------

/** `GET get_level`, `GET get_alarm_levels`. */
export const alarmLevels: Handler = (call) => Promise.resolve(levels(call.t));

/** `GET get_source`. */
export const alarmSources: Handler = (call) => Promise.resolve(sources(call.t));

/** `GET alarmgeneratertype`: the kinds of rules are the comparisons they make. */
export const alarmComparisons: Handler = (call) => Promise.resolve(comparisons(call.t));

// Alarms -------------------------------------------------------------------------------------

/** `GET get_alarm/{id}`. */
export const getAlarm: Handler = (call) => call.services.repository.get(call.scope(), 'alarm', idOf(call));

/** The columns of an alarm its confirmation record copies. */
const CONFIRMED = ['id', 'stationId', 'deviceId', 'generatorId', 'level', 'source', 'info'] as const;

/** Records the confirmation of these alarms (as `alarmEvent` rows), by the signed-in user, at `time`. */
async function recordConfirmations(
  db: Db,
  scope: TenantScope,
  alarms: Record<(typeof CONFIRMED)[number], unknown>[],
  time: string,
  checkInfo: string | undefined,
): Promise<void> {
  for (let i = 0; i < alarms.length; i += 1000) {
    const part = alarms.slice(i, i + 1000);
    if (part.length === 0) continue;
    await db
      .insertInto('alarmEvent')
      .values(
        part.map((alarm) => ({
          tenantId: scope.tenantId,
          alarmId: Number(alarm.id),
          kind: 'confirmed',
          time,
          stationId: Number(alarm.stationId),
          deviceId: Number(alarm.deviceId),
          generatorId: Number(alarm.generatorId),
          level: String(alarm.level),
          source: String(alarm.source),
          info: String(alarm.info),
          userName: scope.userName,
          checkInfo: checkInfo ? checkInfo : null,
        })),
      )
      .execute();
  }
}

/**
 * Confirms an open alarm: status 0, the signed-in user as checker, the time and the info, and its
 * record among the alarm records. The update applies only to an open alarm, so of two
 * confirmations at once one wins and the other answers 409, as does the confirmation of a handled
 * alarm; nothing changes then.
 */
async function confirm(call: CallContext, id: number, checkInfo: string | undefined): Promise<EntityRecord> {
  const scope = call.scope();
  const time = now();
  const db = call.data();
  const confirmed = await db.transaction().execute(async (trx) => {
    const rows = await trx
      .updateTable('alarm')
      .set({ status: 0, checker: scope.userName, checkInfo: checkInfo ? checkInfo : null, checkTime: time })
      .where('tenantId', '=', scope.tenantId)
      .where('id', '=', id)
      .where('status', '=', 1)
      .returning([...CONFIRMED])
      .execute();
    await recordConfirmations(trx, scope, rows, time, checkInfo);
    return rows.length;
  });
  const alarm = await call.services.repository.get(scope, 'alarm', id);
  if (confirmed === 0) throw new ApiError('conflict', { message: 'alarms.errors.alreadyHandled' });
  return alarm;
}

/** `PUT update_alarm/{id}` with `{ checkInfo, status: 0 }`. */
export const updateAlarm: Handler = (call) => {
  const { checkInfo } = call.body as { checkInfo?: string; status: 0 };
  return confirm(call, idOf(call), checkInfo);
};

/** `POST confirmAlarm/{id}`: the same without confirmation info. */
export const confirmAlarm: Handler = (call) => confirm(call, idOf(call), undefined);

/** `POST {id}/confirmStation`: every open alarm of the station; answers how many. */
export const confirmStation: Handler = async (call) => {
  const scope = call.scope();
  const station = await call.services.repository.get(scope, 'station', idOf(call));
  const time = now();
  const db = call.data();
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .updateTable('alarm')
      .set({ status: 0, checker: scope.userName, checkTime: time })
      .where('tenantId', '=', scope.tenantId)
      .where('stationId', '=', Number(station.id))
      .where('status', '=', 1)
      .returning([...CONFIRMED])
      .execute();
    await recordConfirmations(trx, scope, rows, time, undefined);
    return rows.length;
  });
};

/** `DELETE {id}/clearAll`: the handled alarms of the station go; open ones stay. Answers how many went. */
export const clearStation: Handler = async (call) => {
  const scope = call.scope();
  const station = await call.services.repository.get(scope, 'station', idOf(call));
  const db = call.data();
  const result = await db
    .deleteFrom('alarm')
    .where('tenantId', '=', scope.tenantId)
    .where('stationId', '=', Number(station.id))
    .where('status', '=', 0)
    .executeTakeFirst();
  // Confirmed alarms whose value was still out of range went too: the engine reads the tenant's again.
  call.services.alarms.invalidate('alarm', scope.tenantId);
  return Number(result.numDeletedRows);
};

/** `POST get_alarm_summarys` with `{ current, size, stationSn, status }`, and `deviceSn` for one device's alarms. */
export const alarmSummaries: Handler = async (call) => {
  const { current, size, stationSn, deviceSn, status } = call.body as {
    current: number;
    size: number;
    stationSn: string;
    deviceSn?: string;
    status: string;
  };
  const station = await stationBySn(call, stationSn);
  const filters: Filter[] = [{ field: 'stationId', op: 'eq', value: station.id }, ...statusFilter(status)];
  if (deviceSn !== undefined) {
    // A device of another station (or tenant) is no device of this station.
    const device = await call.services.repository.findBy(call.scope(), 'device', 'sn', deviceSn);
    if (device.stationId !== station.id) throw new ApiError('notFound');
    filters.push({ field: 'deviceId', op: 'eq', value: device.id });
  }
  return alarmPage(call, filters, current, size);
};

/** At most this many alarms of a period are answered: more bands than a chart can show apart. */
const PERIOD_ALARMS = 200;

/**
 * `GET period_alarms`: the alarms of a station active during a period, to be marked on its trends:
 * those raised before the period's end that recovered (or were confirmed) after its start, and the
 * open ones raised before its end; earliest first.
 */
export const periodAlarms: Handler = async (call) => {
  const { stationSn, startTime, endTime } = call.query as { stationSn: string; startTime: string; endTime: string };
  const station = await stationBySn(call, stationSn);
  const zone = String(station.timeZone);
  const start = parseLocal(startTime, zone);
  const end = parseLocal(endTime, zone);
  if (!(end > start)) throw new ApiError('validation', { detail: 'endTime: not after startTime' });
  const within: Filter[] = [
    { field: 'stationId', op: 'eq', value: station.id },
    { field: 'reportTime', op: 'lte', value: new Date(end).toISOString() },
  ];
  // An alarm has a recovery time once it is handled: open ones have none, and a bound on it would leave them out.
  const [ended, open] = await Promise.all([
    alarmPage(call, [...within, { field: 'recoverTime', op: 'gte', value: new Date(start).toISOString() }], 1, PERIOD_ALARMS),
    alarmPage(call, [...within, ...statusFilter('1')], 1, PERIOD_ALARMS),
  ]);
  return [...ended.records, ...open.records]
    .sort((a, b) => String(a.reportTime).localeCompare(String(b.reportTime)) || Number(a.id) - Number(b.id))
    .slice(-PERIOD_ALARMS);
};

/** `GET engeryAlarmList`: alarms of types about energy, of one station or all. */
export const energyAlarms: Handler = async (call) => {
  const { current, size, stationSn, status } = call.query as {
    current: number;
    size: number;
    stationSn?: string;
    status: string;
  };
  const filters: Filter[] = [{ field: 'source', op: 'eq', value: 'energy' }, ...statusFilter(status)];
  if (stationSn) filters.push({ field: 'stationId', op: 'eq', value: (await stationBySn(call, stationSn)).id });
  return alarmPage(call, filters, current, size);
};

/** How long before an alarm was raised, and after it recovered, its trend shows the values. */
const AROUND_MS = 3_600_000;

/**
 * `GET electricity_warning/devicevars/gettrendvalues`: the samples of the variable an alarm is
 * about, from an hour before it was raised to an hour after it recovered (to now while it lasts),
 * beside its rule's threshold: what the value did around the warning.
 */
export const warningTrendValues: Handler = async (call) => {
  const { alarmId, points } = call.query as { alarmId: number; points: number };
  const scope = call.scope();
  const { repository, telemetry } = call.services;
  const alarm = await repository.get(scope, 'alarm', alarmId);
  const [rule, catalog] = await Promise.all([
    repository.get(scope, 'alarmGenerator', Number(alarm.generatorId)),
    catalogOf(call),
  ]);
  const variable = catalog.byId.get(Number(alarm.variableId));
  if (!variable) throw new ApiError('notFound');
  const raised = Date.parse(String(alarm.reportTime));
  const recovered = typeof alarm.recoverTime === 'string' ? Date.parse(alarm.recoverTime) : undefined;
  const start = raised - AROUND_MS;
  const end = Math.min(Date.now(), (recovered ?? Date.now()) + AROUND_MS);
  const series = await telemetry.store.trend(scope.tenantId, [variable], 'AVG', 'RAW', start, end + 1, points);
  const local = (ts: number) => formatLocal(ts, variable.zone);
  return {
    alarmId,
    sn: variable.sn,
    name: variable.name,
    unit: variable.unit,
    comparison: rule.comparison,
    threshold: rule.threshold ?? null,
    deadband: rule.deadband ?? null,
    reportTime: local(raised),
    recoverTime: recovered === undefined ? null : local(recovered),
    startTime: local(start),
    endTime: local(end),
    datas: (series.get(variable.id) ?? []).map((p) => ({ time: local(p.ts), value: p.value })),
  };
};

// Rules --------------------------------------------------------------------------------------

/** `GET alarmgenerater/list`. */
export const listGenerators: Handler = async (call) => {
  const query = call.query as {
    current: number;
    size: number;
    name?: string;
    stationSn?: string;
    typeId?: number;
    level?: string;
    enabled?: boolean;
    sortField?: string;
    sortOrder?: 'asc' | 'desc';
  };
  const filters: Filter[] = [];
  if (query.name) filters.push({ field: 'name', op: 'contains', value: query.name });
  if (query.stationSn) filters.push({ field: 'stationId', op: 'eq', value: (await stationBySn(call, query.stationSn)).id });
  if (query.typeId !== undefined) filters.push({ field: 'typeId', op: 'eq', value: query.typeId });
  if (query.level) filters.push({ field: 'level', op: 'eq', value: query.level });
  if (query.enabled !== undefined) filters.push({ field: 'enabled', op: 'eq', value: query.enabled });
  const page = await call.services.repository.list(call.scope(), 'alarmGenerator', {
    filters,
    sortField: query.sortField ?? 'createTime',
    sortOrder: query.sortOrder ?? 'desc',
    current: query.current,
    size: query.size,
  });
  return { ...page, current: query.current, size: query.size };
};

/** `POST add_alarm_generater`. */
export const addGenerator: Handler = (call) => saveGenerator(call.services, call.scope(), call.body as EntityRecord);

/** `PATCH update_alarm_generater`: the body carries the id and the whole rule. */
export const updateGenerator: Handler = (call) => {
  const body = call.body as EntityRecord;
  if (typeof body.id !== 'number') throw new ApiError('validation', { detail: call.t('errors.idRequired') });
  return saveGenerator(call.services, call.scope(), body, body.id);
};

/** `DELETE delete_alarm_generater/{id}`: with the alarms the rule raised. */
export const deleteGenerator: Handler = async (call) => {
  await call.services.repository.delete(call.scope(), 'alarmGenerator', idOf(call));
  return true;
};

/** `PUT {id}/enableAll?alarmEnable=`: every rule of the station; answers how many it has. */
export const enableAll: Handler = async (call) => {
  const scope = call.scope();
  const station = await call.services.repository.get(scope, 'station', idOf(call));
  const enabled = call.query.alarmEnable === true;
  const db = call.data();
  const result = await db
    .updateTable('alarmGenerator')
    .set({ enabled: enabled ? 1 : 0, updateTime: now() })
    .where('tenantId', '=', scope.tenantId)
    .where('stationId', '=', Number(station.id))
    .executeTakeFirst();
  call.services.alarms.invalidate('alarmGenerator', scope.tenantId);
  return Number(result.numUpdatedRows);
};

/** `PUT {id}/enableOne?alarmEnable=`: one rule (enabled unless `alarmEnable=false`). */
export const enableOne: Handler = (call) =>
  call.services.repository.patch(call.scope(), 'alarmGenerator', idOf(call), { enabled: call.query.alarmEnable !== false });

// Switches -----------------------------------------------------------------------------------

/** The devices of a station with their alarm switches (open when never switched). */
async function switchStates(call: CallContext, station: EntityRecord) {
  const scope = call.scope();
  const devices = await listAll(call, 'device', [{ field: 'stationId', op: 'eq', value: station.id }]);
  const ids = devices.map((device) => Number(device.id));
  const db = call.data();
  const switches =
    ids.length === 0
      ? []
      : await db
          .selectFrom('alarmSwitch')
          .select(['deviceId', 'opened', 'changedBy', 'changeTime'])
          .where('tenantId', '=', scope.tenantId)
          .where('deviceId', 'in', ids)
          .execute();
  const byDevice = new Map(switches.map((row) => [Number(row.deviceId), row]));
  return devices.map((device) => {
    const state = byDevice.get(Number(device.id));
    return {
      stationId: Number(station.id),
      deviceId: Number(device.id),
      deviceSn: String(device.sn),
      deviceName: String(device.name),
      opened: state ? Number(state.opened) !== 0 : true,
      ...(state?.changedBy ? { changedBy: String(state.changedBy) } : {}),
      ...(state?.changeTime ? { changeTime: String(state.changeTime) } : {}),
    };
  });
}

/** `GET alarm_switcher?stationSn=`. */
export const alarmSwitches: Handler = async (call) => switchStates(call, await stationBySn(call, String(call.query.stationSn)));

/**
 * Opens or closes the alarm switches of devices of a station (all of them without `deviceSns`);
 * a serial number that is not a device of the station refuses the whole call with 400.
 */
function setSwitches(opened: boolean): Handler {
  return async (call) => {
    const scope = call.scope();
    const { stationSn, deviceSns } = call.query as { stationSn: string; deviceSns?: string };
    const station = await stationBySn(call, stationSn);
    const devices = await listAll(call, 'device', [{ field: 'stationId', op: 'eq', value: station.id }]);
    const bySn = new Map(devices.map((device) => [String(device.sn), device]));
    const wanted = deviceSns ? [...new Set(deviceSns.split(','))] : [...bySn.keys()];
    const unknown = wanted.find((sn) => !bySn.has(sn));
    if (unknown !== undefined) throw new ApiError('validation', { message: 'alarms.errors.notStationDevice', sn: unknown });
    const ids = wanted.map((sn) => Number(bySn.get(sn)?.id));
    const values = { stationId: Number(station.id), opened: opened ? 1 : 0, changedBy: scope.userName, changeTime: now() };
    const db = call.data();
    await db.transaction().execute(async (trx) => {
      const existing = new Set<number>();
      for (let i = 0; i < ids.length; i += 1000) {
        const part = ids.slice(i, i + 1000);
        const rows = await trx
          .selectFrom('alarmSwitch')
          .select('deviceId')
          .where('tenantId', '=', scope.tenantId)
          .where('deviceId', 'in', part)
          .execute();
        for (const row of rows) existing.add(Number(row.deviceId));
        const known = part.filter((id) => existing.has(id));
        if (known.length > 0) {
          await trx
            .updateTable('alarmSwitch')
            .set(values)
            .where('tenantId', '=', scope.tenantId)
            .where('deviceId', 'in', known)
            .execute();
        }
        const fresh = part.filter((id) => !existing.has(id));
        if (fresh.length > 0) {
          await trx
            .insertInto('alarmSwitch')
            .values(fresh.map((deviceId) => ({ ...values, tenantId: scope.tenantId, deviceId })))
            .execute();
        }
      }
    });
    call.services.alarms.invalidate('alarmSwitch', scope.tenantId);
    return switchStates(call, station);
  };
}

/** The named handlers of the alarm calls, by their `x-handler` name. */
export const alarmHandlers: Record<string, Handler> = {
  alarmLevels,
  alarmSources,
  alarmComparisons,
  getAlarm,
  updateAlarm,
  confirmAlarm,
  confirmStation,
  clearStation,
  alarmSummaries,
  periodAlarms,
  energyAlarms,
  warningTrendValues,
  listGenerators,
  addGenerator,
  updateGenerator,
  deleteGenerator,
  enableAll,
  enableOne,
  alarmSwitches,
  openSwitches: setSwitches(true),
  closeSwitches: setSwitches(false),
};
