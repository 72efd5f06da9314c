import type { ErrorObject } from 'ajv';
import deviceValidators from '../../generated/entities/device.validator.js';
import { ApiError } from '../errors';
import { describeValidation } from '../http/errors';
import type { Handler } from '../http/services';
import type { EntityRecord } from '../resources/repository';
import { ykControl } from '../site/control';
import { catalogOf } from '../telemetry/lookup';
import { allOf } from './records';
import { badWorkbook, codesOf, uploadedRows } from './workbook';

/** `emsDevice/tree`: each station (or the one named) with its devices as children. */
export const emsDeviceTree: Handler = async (call) => {
  const stationSn = call.query.stationSn as string | undefined;
  const stations = (await allOf(call, 'station', [], 'id')).filter((s) => stationSn === undefined || s.sn === stationSn);
  if (stationSn !== undefined && stations.length === 0) throw new ApiError('notFound');
  const devices = await allOf(call, 'device', [], 'id');
  return stations.map((station) => ({
    key: `station-${String(station.id)}`,
    id: station.id,
    sn: station.sn,
    name: station.name,
    type: 'station',
    children: devices
      .filter((device) => device.stationId === station.id)
      .map((device) => ({
        key: `device-${String(device.id)}`,
        id: device.id,
        sn: device.sn,
        name: device.name,
        type: 'device',
        kind: device.kind,
      })),
  }));
};

/** Rows an import takes at most. */
const MAX_ROWS = 5000;

/** The columns of the import: the device page's, each with the field it fills. */
const LAYOUT = {
  fields: ['sn', 'name', 'kind', 'model', 'ratedPower', 'stationName', 'channelName', 'slaveAddress', 'modelName'],
  labelOf: (field: string) => `entities.device.fields.${field}`,
  required: ['sn', 'name', 'kind', 'stationName'],
  maxRows: MAX_ROWS,
};

/** A name or serial number of a record, to its id. */
function lookup(records: EntityRecord[]): Map<string, unknown> {
  const ids = new Map<string, unknown>();
  for (const record of records) {
    ids.set(String(record.name), record.id);
    if (record.sn !== undefined) ids.set(String(record.sn), record.id);
  }
  return ids;
}

/**
 * `monitordevice/import`: reads the first sheet of an Excel workbook, one device a row, with the
 * columns of the export (a header row of labels in either language or field names). A device
 * whose serial number exists is updated, else created. A workbook that cannot be read, lacks a
 * required column or has a bad row is refused (400 naming the row and the field) and nothing is
 * imported: the rows are checked first, then written in one transaction.
 */
export const emsImportDevices: Handler = async (call) => {
  const scope = call.scope();
  const sheetRows = await uploadedRows(call, LAYOUT);
  const stations = lookup(await allOf(call, 'station'));
  const channels = lookup(await allOf(call, 'monitorChannel'));
  const models = lookup(await allOf(call, 'emsDeviceModel'));
  const existing = new Map((await allOf(call, 'device')).map((device) => [String(device.sn), device.id]));
  const kinds = codesOf(call, 'deviceKind', call.services.repository.model('device').field('kind')?.values ?? []);
  const validate = Object.values(deviceValidators)[0];
  const rows: { id?: unknown; input: EntityRecord }[] = [];
  const seen = new Set<string>();
  for (const { number, cells } of sheetRows) {
    const at = (field: string) => `row ${number}, ${call.t(LAYOUT.labelOf(field))}`;
    const input: EntityRecord = {};
    for (const [field, text] of cells) {
      if (text === '') continue;
      if (field === 'kind') {
        input.kind = kinds.get(text.toLowerCase());
        if (!input.kind) throw badWorkbook(`${at(field)}: no kind ${text}`);
      } else if (field === 'ratedPower' || field === 'slaveAddress') {
        input[field] = Number(text);
        if (!Number.isFinite(input[field])) throw badWorkbook(`${at(field)}: ${text} is not a number`);
      } else if (field === 'stationName' || field === 'channelName' || field === 'modelName') {
        const [target, ids] =
          field === 'stationName'
            ? ['stationId', stations]
            : field === 'channelName'
              ? ['channelId', channels]
              : ['modelId', models];
        input[target] = ids.get(text);
        if (input[target] === undefined) throw badWorkbook(`${at(field)}: ${text} does not exist`);
      } else input[field] = text;
    }
    if (validate && !validate(input)) {
      throw badWorkbook(
        `row ${number}: ${describeValidation((validate.errors ?? []) as ErrorObject[], call.t, { labels: 'entities.device' })}`,
      );
    }
    const sn = String(input.sn);
    if (seen.has(sn)) throw badWorkbook(`${at('sn')}: ${sn} is on an earlier row too`);
    seen.add(sn);
    rows.push({ id: existing.get(sn), input });
  }
  const { repository } = call.services;
  const db = call.data();
  return db.transaction().execute(async (trx) => {
    const saved: EntityRecord[] = [];
    for (const { id, input } of rows) {
      saved.push(
        id === undefined
          ? await repository.create(scope, 'device', input, { db: trx })
          : await repository.patch(scope, 'device', Number(id), input, { db: trx }),
      );
    }
    return saved;
  });
};

/** Switches an air conditioner by its controllable run state, recorded as remote control (yk) records its commands. */
function switchAirConditioner(value: 0 | 1): Handler {
  return async (call) => {
    const device = await call.services.repository.findBy(call.scope(), 'device', 'sn', String(call.query.deviceSn));
    if (device.kind !== 'airConditioner')
      throw new ApiError('validation', { detail: `deviceSn: ${String(device.sn)} is no air conditioner` });
    const variable = [...(await catalogOf(call)).byId.values()].find(
      (v) => v.deviceId === device.id && v.controllable && v.code === 'runState',
    );
    if (!variable) throw new ApiError('notControllable');
    return ykControl({ ...call, body: { sn: variable.sn, value } });
  };
}

export const emsAirOpen = switchAirConditioner(1);
export const emsAirClose = switchAirConditioner(0);
