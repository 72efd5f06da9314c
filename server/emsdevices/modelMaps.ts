import type { ErrorObject } from 'ajv';
import ExcelJS from 'exceljs';
import modelValidators from '../../generated/entities/emsDeviceModel.validator.js';
import type { JsonSchema } from '../contract';
import { describeValidation } from '../http/errors';
import type { CallContext, Handler } from '../http/services';
import { createTranslator } from '../i18n';
import { attachment } from '../resources/export';
import type { EntityRecord } from '../resources/repository';
import { modelRefusal, type ModelVariable } from './modelMap';
import { badWorkbook, codesOf, uploadedRows } from './workbook';

/** The columns of a register map file, in the order the export writes them: the fields of a model's variable. */
const COLUMNS = [
  'code',
  'name',
  'unit',
  'kind',
  'controllable',
  'functionCode',
  'register',
  'dataType',
  'byteOrder',
  'ratio',
  'offset',
] as const;

const owner = { labels: 'entities.emsDeviceModel' };
const labelOf = (field: string) => `entities.emsDeviceModel.itemFields.variables.${field}`;

/** The schema of a model's variables (a model takes at most `maxItems` of them). */
function variablesOf(call: CallContext): { item: Record<string, JsonSchema>; maxItems: number } {
  const variables = call.services.contract.entities.emsDeviceModel?.properties?.variables;
  return { item: variables?.items?.properties ?? {}, maxItems: Number(variables?.maxItems) };
}

/** The file of a model's register map: a header of labels in the caller's language, a variable a row, codes by their labels. */
async function sendModelMap(call: CallContext, format: 'xlsx' | 'csv'): Promise<unknown> {
  const model = await call.services.repository.get(call.scope(), 'emsDeviceModel', Number(call.params.id));
  const { item } = variablesOf(call);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(call.t('entities.emsDeviceModel.fields.variables').slice(0, 31));
  sheet.columns = COLUMNS.map((field) => ({ header: call.t(labelOf(field)), key: field, width: field === 'name' ? 24 : 14 }));
  sheet.getRow(1).font = { bold: true };
  for (const variable of (model.variables as ModelVariable[] | undefined) ?? []) {
    sheet.addRow(
      COLUMNS.map((field) => {
        const value = variable[field];
        const list = item[field]?.['x-enum'];
        if (value === undefined) return null;
        if (list) return call.t(`enums.${list}.${String(value)}`);
        if (typeof value === 'boolean') return call.t(value ? 'common.yes' : 'common.no');
        return value;
      }),
    );
  }
  const name = `${call.t('emsDevices.registerMapFile', { name: String(model.name) })}.${format}`;
  // The byte order mark tells Excel the CSV is UTF-8 (its Chinese labels and names would be garbled otherwise).
  const file =
    format === 'xlsx'
      ? await workbook.xlsx.writeBuffer()
      : await workbook.csv.writeBuffer({ formatterOptions: { writeBOM: true } });
  return call.reply
    .type(format === 'xlsx' ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'text/csv; charset=utf-8')
    .header('content-disposition', attachment(name))
    .send(Buffer.from(file));
}

/** `GET emsDeviceModel/{id}/map/export`: the model's register map as an Excel workbook. */
export const emsExportModelMap: Handler = (call) => sendModelMap(call, 'xlsx');

/** `GET emsDeviceModel/{id}/map/export/csv`: the same as a CSV file. */
export const emsExportModelMapCsv: Handler = (call) => sendModelMap(call, 'csv');

/** Yes or no as a cell says it: the labels in either language, true and false, 1 and 0. */
function truthOf(call: CallContext): Map<string, boolean> {
  const translate = createTranslator(call.services.contract);
  const truth = new Map([
    ['true', true],
    ['1', true],
    ['false', false],
    ['0', false],
  ]);
  for (const lng of ['zh', 'en'] as const) {
    truth.set(translate(lng)('common.yes').toLowerCase(), true);
    truth.set(translate(lng)('common.no').toLowerCase(), false);
  }
  return truth;
}

/**
 * `POST emsDeviceModel/{id}/map/import`: replaces the model's variables by a register map file (an
 * Excel workbook or a UTF-8 CSV file with the export's columns, headers in either language or
 * field names, codes by code or label). Every row is read and checked first (the model's schema,
 * then the rules a collector's map keeps); a bad one is refused (400 naming its row and column)
 * and the model stays as it was. Its devices keep their variables until the model is applied again.
 */
export const emsImportModelMap: Handler = async (call) => {
  const scope = call.scope();
  const { repository } = call.services;
  // Another tenant's model is not found, before its file is read.
  const model = await repository.get(scope, 'emsDeviceModel', Number(call.params.id));
  const { item, maxItems } = variablesOf(call);
  const rows = await uploadedRows(call, {
    fields: COLUMNS,
    labelOf,
    required: ['code', 'name', 'kind'],
    maxRows: maxItems,
    csv: true,
  });
  const codes = new Map<string, Map<string, string>>(
    COLUMNS.flatMap((field) => {
      const { enum: values, 'x-enum': list } = item[field] ?? {};
      return list && values ? [[field, codesOf(call, list, values)] as const] : [];
    }),
  );
  const truth = truthOf(call);
  const variables: EntityRecord[] = [];
  for (const { number, cells } of rows) {
    const variable: EntityRecord = {};
    for (const [field, text] of cells) {
      if (text === '') continue;
      const at = `row ${number}, ${call.t(labelOf(field))}`;
      const type = item[field]?.type;
      const coded = codes.get(field);
      if (coded) variable[field] = coded.get(text.toLowerCase()) ?? text;
      else if (type === 'boolean') {
        variable[field] = truth.get(text.toLowerCase());
        if (variable[field] === undefined) throw badWorkbook(`${at}: ${text} is neither yes nor no`);
      } else if (type === 'integer' || type === 'number') {
        variable[field] = Number(text);
        if (!Number.isFinite(variable[field])) throw badWorkbook(`${at}: ${text} is not a number`);
      } else variable[field] = text;
    }
    variables.push(variable);
  }
  const validate = Object.values(modelValidators)[0];
  if (validate && !validate({ name: model.name, kind: model.kind, variables })) {
    const errors = (validate.errors ?? []) as ErrorObject[];
    const index = Number(/^\/variables\/(\d+)/.exec(errors[0]?.instancePath ?? '')?.[1] ?? 0);
    const at = `/variables/${index}`;
    const ofRow = errors.filter((error) => error.instancePath === at || error.instancePath.startsWith(`${at}/`));
    throw badWorkbook(`row ${rows[index]?.number ?? ''}: ${describeValidation(ofRow, call.t, owner)}`);
  }
  const refusal = modelRefusal(variables as ModelVariable[]);
  if (refusal)
    throw badWorkbook(
      `row ${rows[refusal.index]?.number ?? ''}, ${call.t(labelOf(refusal.path))}: ${call.t(refusal.key, refusal.params)}`,
    );
  return repository.patch(scope, 'emsDeviceModel', Number(model.id), { variables });
};
