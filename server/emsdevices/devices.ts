import type { ErrorObject } from 'ajv';
import ExcelJS from 'exceljs';
import deviceValidators from '../../generated/entities/device.validator.js';
import { ApiError } from '../errors';
import { describeValidation } from '../http/errors';
import type { CallContext, Handler } from '../http/services';
import { createTranslator } from '../i18n';
import type { EntityRecord } from '../resources/repository';
import { ykControl } from '../site/control';
import { catalogOf } from '../telemetry/lookup';
import { allOf } from './records';

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
const COLUMNS = ['sn', 'name', 'kind', 'model', 'ratedPower', 'stationName', 'channelName', 'slaveAddress', 'modelName'];
const REQUIRED = ['sn', 'name', 'kind', 'stationName'];

const bad = (detail: string) => new ApiError('emsDevBadWorkbook', { detail });

/** Text of a cell, whatever ExcelJS made of it (rich text, a formula's result, a number). */
function textOf(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object' && 'richText' in value)
    return value.richText
      .map((part) => part.text)
      .join('')
      .trim();
  if (typeof value === 'object' && 'result' in value) return String(value.result ?? '').trim();
  if (typeof value === 'object' && 'text' in value) return String(value.text).trim();
  return String(value as string | number | boolean).trim();
}

/** Which field a header names: its label in Chinese or English (as the export writes it), or the field's name. */
function headerFields(call: CallContext): Map<string, string> {
  const translate = createTranslator(call.services.contract);
  const names = new Map<string, string>();
  for (const field of COLUMNS) {
    names.set(field.toLowerCase(), field);
    for (const lng of ['zh', 'en'] as const) names.set(translate(lng)(`entities.device.fields.${field}`).toLowerCase(), field);
  }
  return names;
}

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
  const file = await call.request.file();
  if (!file) throw bad('file');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load((await file.toBuffer()) as unknown as ArrayBuffer);
  } catch {
    throw bad('not an Excel workbook (.xlsx)');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet || sheet.actualRowCount < 2) throw bad('no rows under the header row');
  if (sheet.actualRowCount - 1 > MAX_ROWS) throw bad(`more than ${MAX_ROWS} rows`);
  const names = headerFields(call);
  const columns = new Map<number, string>();
  sheet.getRow(1).eachCell((cell, column) => {
    const field = names.get(textOf(cell.value).toLowerCase());
    if (field) columns.set(column, field);
  });
  const present = new Set(columns.values());
  const missing = REQUIRED.filter((field) => !present.has(field));
  if (missing.length) throw bad(`missing column ${missing.map((f) => call.t(`entities.device.fields.${f}`)).join(', ')}`);

  const stations = lookup(await allOf(call, 'station'));
  const channels = lookup(await allOf(call, 'monitorChannel'));
  const models = lookup(await allOf(call, 'emsDeviceModel'));
  const existing = new Map((await allOf(call, 'device')).map((device) => [String(device.sn), device.id]));
  const kinds = new Map<string, string>();
  const translate = createTranslator(call.services.contract);
  for (const code of call.services.repository.model('device').field('kind')?.values ?? []) {
    kinds.set(String(code).toLowerCase(), String(code));
    for (const lng of ['zh', 'en'] as const)
      kinds.set(translate(lng)(`enums.deviceKind.${String(code)}`).toLowerCase(), String(code));
  }
  const validate = Object.values(deviceValidators)[0];
  const rows: { id?: unknown; input: EntityRecord }[] = [];
  const seen = new Set<string>();
  for (let number = 2; number <= sheet.rowCount; number += 1) {
    const cells = new Map<string, string>();
    const row = sheet.getRow(number);
    for (const [column, field] of columns) cells.set(field, textOf(row.getCell(column).value));
    if ([...cells.values()].every((text) => text === '')) continue;
    const at = (field: string) => `row ${number}, ${call.t(`entities.device.fields.${field}`)}`;
    const input: EntityRecord = {};
    for (const [field, text] of cells) {
      if (text === '') continue;
      if (field === 'kind') {
        input.kind = kinds.get(text.toLowerCase());
        if (!input.kind) throw bad(`${at(field)}: no kind ${text}`);
      } else if (field === 'ratedPower' || field === 'slaveAddress') {
        input[field] = Number(text);
        if (!Number.isFinite(input[field])) throw bad(`${at(field)}: ${text} is not a number`);
      } else if (field === 'stationName' || field === 'channelName' || field === 'modelName') {
        const [target, ids] =
          field === 'stationName'
            ? ['stationId', stations]
            : field === 'channelName'
              ? ['channelId', channels]
              : ['modelId', models];
        input[target] = ids.get(text);
        if (input[target] === undefined) throw bad(`${at(field)}: ${text} does not exist`);
      } else input[field] = text;
    }
    if (validate && !validate(input)) {
      throw bad(
        `row ${number}: ${describeValidation((validate.errors ?? []) as ErrorObject[], call.t, { labels: 'entities.device' })}`,
      );
    }
    const sn = String(input.sn);
    if (seen.has(sn)) throw bad(`${at('sn')}: ${sn} is on an earlier row too`);
    seen.add(sn);
    rows.push({ id: existing.get(sn), input });
  }
  if (rows.length === 0) throw bad('no rows under the header row');
  const { repository, database } = call.services;
  return database.db.transaction().execute(async (trx) => {
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
