import { ApiError } from '../errors';
import type { CallContext, Handler } from '../http/services';
import type { EntityRecord } from '../resources/repository';
import { formatLocal, parseLocal, timedPoints, type PeriodType } from './calendar';
import { deviceVariableOptions } from './variableOptions';
import { catalogOf, deviceAnswer, lastSeen, stationOf, stationsOf, variableAnswer, variablesOf, zoneOf } from './lookup';
import type { CalcMethod, Resolution } from './store';

/** The devices of a station, in the order they were made. */
async function devicesOf(call: CallContext, station: EntityRecord): Promise<EntityRecord[]> {
  const page = await call.services.repository.list(call.scope(), 'device', {
    filters: [{ field: 'stationId', op: 'eq', value: station.id }],
    sortField: 'id',
    sortOrder: 'asc',
    current: 1,
    size: 10_000,
  });
  return page.records;
}

/** `get_station_by_sn/{stationSn}`: the station, its days in operation counted when not given. */
export const stationBySn: Handler = async (call) => stationAnswer(await stationOf(call, String(call.params.stationSn)));

/** `device/station/list`: the tenant's stations. */
export const stationList: Handler = async (call) => {
  return (await stationsOf(call)).map((station) => stationAnswer(station));
};

function stationAnswer(station: EntityRecord, now = Date.now()) {
  const zone = zoneOf(station);
  const { createTime: _created, updateTime: _updated, ...fields } = station;
  const counted =
    typeof station.initialTime === 'string'
      ? Math.max(0, Math.floor((now - parseLocal(station.initialTime, zone)) / 86_400_000))
      : 0;
  return {
    ...fields,
    timeZone: zone,
    operatingDays: typeof station.operatingDays === 'number' ? station.operatingDays : counted,
  };
}

/** `get_all_devices`: every device of the tenant, or of one station. */
export const allDevices: Handler = async (call) => {
  const stationSn = call.query.stationSn as string | undefined;
  const stations = stationSn ? [await stationOf(call, stationSn)] : await stationsOf(call);
  const result = [];
  for (const station of stations) result.push(...(await devicesWithStatus(call, station)));
  return result;
};

async function devicesWithStatus(call: CallContext, station: EntityRecord) {
  const catalog = await catalogOf(call);
  const seen = await lastSeen(call, catalog.byStation.get(String(station.sn)) ?? []);
  const zone = zoneOf(station);
  return (await devicesOf(call, station)).map((device) =>
    deviceAnswer(device, String(station.sn), zone, seen.get(Number(device.id))),
  );
}

/** `get_devices_by_station/{stationSn}`. */
export const devicesOfStation: Handler = async (call) =>
  devicesWithStatus(call, await stationOf(call, String(call.params.stationSn)));

/** `get_station_status_detail/{stationSn}`: open alarms and tasks, and whether each device communicates. */
export const stationStatusDetail: Handler = async (call) => {
  const station = await stationOf(call, String(call.params.stationSn));
  const devices = await devicesWithStatus(call, station);
  return {
    stationSn: String(station.sn),
    unclosedAlarmAmount: await call.services.alarms.openCount(call.scope(), Number(station.id)),
    // Work orders arrive with site operations; until then a station has none open.
    unclosedTaskAmount: 0,
    communicationStatusDetail: devices.map((d) => ({
      deviceSn: d.sn,
      deviceName: d.name,
      status: d.status,
      ...(d.lastTime ? { lastTime: d.lastTime } : {}),
    })),
    communicationStatus: devices.length > 0 && devices.every((d) => d.status === 1) ? 1 : 0,
  };
};

/** `detailsWithStatus`: devices with their status and the latest value of each variable. */
export const detailsWithStatus: Handler = async (call) => {
  const station = await stationOf(call, String(call.query.stationSn));
  const catalog = await catalogOf(call);
  const variables = catalog.byStation.get(String(station.sn)) ?? [];
  const latest = new Map(
    (
      await call.services.telemetry.store.latest(
        call.scope().tenantId,
        variables.map((v) => v.id),
      )
    ).map((s) => [s.varId, s]),
  );
  const zone = zoneOf(station);
  return (await devicesWithStatus(call, station)).map((device) => ({
    device,
    variables: variables
      .filter((variable) => variable.deviceSn === device.sn)
      .map((variable) => realtimeAnswer(variable.sn, variable.unit, latest.get(variable.id), zone)),
  }));
};

function realtimeAnswer(sn: string, unit: string, state: { ts: number; value: number } | undefined, zone: string) {
  return { sn, data: state ? state.value : null, unit, ...(state ? { time: formatLocal(Number(state.ts), zone) } : {}) };
}

/** `devices/devicevars`: the variables of a comma list of devices, not grouped. */
export const deviceVars: Handler = async (call) => {
  const catalog = await catalogOf(call);
  const sns = new Set(
    String((call.body as { deviceSns: string }).deviceSns)
      .split(',')
      .map((sn) => sn.trim())
      .filter(Boolean),
  );
  const variables = [...catalog.byId.values()].filter((variable) => sns.has(variable.deviceSn));
  const found = new Set(variables.map((variable) => variable.deviceSn));
  if ([...sns].some((sn) => !found.has(sn))) throw new ApiError('notFound');
  return variables.map(variableAnswer);
};

/** `getDeviceVarCodes`: the distinct codes of the variables of devices. */
export const deviceVarCodes: Handler = async (call) => {
  const variables = (await deviceVars(call)) as ReturnType<typeof variableAnswer>[];
  const codes = new Map<string, { code: string; name: string; unit: string }>();
  for (const variable of variables)
    if (variable.code && !codes.has(variable.code))
      codes.set(variable.code, { code: variable.code, name: variable.name, unit: variable.unit });
  return [...codes.values()];
};

/** `devices/{deviceSn}/devicevars`. */
export const varsOfDevice: Handler = async (call) => {
  const catalog = await catalogOf(call);
  const sn = String(call.params.deviceSn);
  await call.services.repository.findBy(call.scope(), 'device', 'sn', sn);
  return [...catalog.byId.values()].filter((variable) => variable.deviceSn === sn).map(variableAnswer);
};

async function latestOf(call: CallContext, sns: string) {
  const catalog = await catalogOf(call);
  const variables = variablesOf(catalog, sns);
  const latest = new Map(
    (
      await call.services.telemetry.store.latest(
        call.scope().tenantId,
        variables.map((v) => v.id),
      )
    ).map((s) => [s.varId, s]),
  );
  return variables.map((variable) => realtimeAnswer(variable.sn, variable.unit, latest.get(variable.id), variable.zone));
}

/** `main/devices/data/realtime`: the latest value of each variable, in the order asked. */
export const realtime: Handler = (call) => latestOf(call, (call.body as { sns: string }).sns);

/** `main/devices/data/realtime/page`: `{ sn, data }`, one page of the variables asked. */
export const realtimePage: Handler = async (call) => {
  const { current, size } = call.query as { current: number; size: number };
  const all = await latestOf(call, (call.body as { sns: string }).sns);
  const records = all.slice((current - 1) * size, current * size).map(({ sn, data }) => ({ sn, data }));
  return { records, total: all.length, current, size };
};

/** `onetimedatas`: the samples between two times, answered as a JSON string. */
export const oneTimeDatas: Handler = async (call) => {
  const { sns, querytimes, points } = call.query as { sns: string; querytimes: string; points: number };
  const catalog = await catalogOf(call);
  const variables = variablesOf(catalog, sns);
  const [from = '', to = ''] = querytimes.split(',');
  const entries = [];
  for (const variable of variables) {
    const series = await call.services.telemetry.store.trend(
      call.scope().tenantId,
      [variable],
      'AVG',
      'RAW',
      parseLocal(from, variable.zone),
      parseLocal(to, variable.zone),
      points,
    );
    entries.push({
      sn: variable.sn,
      unit: variable.unit,
      values: timedPoints(series.get(variable.id), variable.zone),
    });
  }
  return JSON.stringify(entries);
};

/** `statisticalvalue`: a figure over the DAY, MONTH or YEAR containing querytime, with its series. */
export const statisticalValue: Handler = async (call) => {
  const { sns, calcmethod, querytime, type } = call.query as {
    sns: string;
    calcmethod: CalcMethod;
    querytime: string;
    type: PeriodType;
  };
  const catalog = await catalogOf(call);
  const variables = variablesOf(catalog, sns);
  const statistics = await call.services.telemetry.store.statistic(call.scope().tenantId, variables, calcmethod, type, querytime);
  return variables.map((variable) => {
    const statistic = statistics.get(variable.id);
    return {
      sn: variable.sn,
      datas: statistic?.series ?? [],
      unit: variable.unit,
      value: statistic?.value ?? null,
      time_keys: statistic?.labels ?? [],
    };
  });
};

/** `accusummarized`: the highest or lowest value between two times (whole hours that overlap them). */
export const accuSummarized: Handler = async (call) => {
  const { sns, calcmethod, startTime, endTime } = call.query as {
    sns: string;
    calcmethod: 'MAX' | 'MIN';
    startTime: string;
    endTime: string;
  };
  const catalog = await catalogOf(call);
  const variables = variablesOf(catalog, sns);
  const answers = [];
  for (const variable of variables) {
    const hours = await call.services.telemetry.store.trend(
      call.scope().tenantId,
      [variable],
      calcmethod,
      'HOUR',
      parseLocal(startTime, variable.zone),
      parseLocal(endTime, variable.zone),
      100_000,
    );
    const values = (hours.get(variable.id) ?? []).map((p) => p.value);
    answers.push({
      sn: variable.sn,
      value: values.length ? (calcmethod === 'MAX' ? Math.max(...values) : Math.min(...values)) : null,
      unit: variable.unit,
    });
  }
  return answers;
};

/** `historytrend`: values between two times, raw or per hour, day or month, at most `points` each. */
export const historyTrend: Handler = async (call) => {
  const { sns, calcmethod, queryPeriod, startTime, endTime, points } = call.query as {
    sns: string;
    calcmethod: CalcMethod;
    queryPeriod: Resolution;
    startTime: string;
    endTime: string;
    points: number;
  };
  const catalog = await catalogOf(call);
  const variables = variablesOf(catalog, sns);
  const answers = [];
  for (const variable of variables) {
    const series = await call.services.telemetry.store.trend(
      call.scope().tenantId,
      [variable],
      calcmethod,
      queryPeriod,
      parseLocal(startTime, variable.zone),
      parseLocal(endTime, variable.zone),
      points,
    );
    const format = queryPeriod === 'MONTH' ? 'YYYY-MM' : queryPeriod === 'DAY' ? 'YYYY-MM-DD' : 'YYYY-MM-DD HH:mm:ss';
    answers.push({
      sn: variable.sn,
      name: variable.name,
      unit: variable.unit,
      datas: timedPoints(series.get(variable.id), variable.zone, format),
    });
  }
  return answers;
};

/** The named handlers of the data calls, by their `x-handler` name. */
export const dataHandlers: Record<string, Handler> = {
  deviceVariableOptions,
  stationBySn,
  stationList,
  allDevices,
  devicesOfStation,
  stationStatusDetail,
  detailsWithStatus,
  deviceVars,
  deviceVarCodes,
  varsOfDevice,
  realtime,
  realtimePage,
  oneTimeDatas,
  statisticalValue,
  accuSummarized,
  historyTrend,
};
