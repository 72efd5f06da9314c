import ExcelJS from 'exceljs';
import type { ErrorObject } from 'ajv';
import { ApiError } from '../errors';
import { describeValidation } from '../http/errors';
import type { CallContext, Handler } from '../http/services';
import type { EntityRecord, Filter } from '../resources/repository';

/** The columns of an imported workbook, in order (the first row holds their titles and is skipped). */
export const BOM_COLUMNS = ['productName', 'materialCode', 'materialName', 'spec', 'unit', 'quantity', 'remark'] as const;

/** At most this many lines in one workbook. */
const MAX_ROWS = 5000;

const round2 = (value: number) => Math.round(value * 100) / 100;

/** Every record of an entity matching the conditions, in id order. */
async function all(call: CallContext, entity: string, filters: Filter[]): Promise<EntityRecord[]> {
  const records: EntityRecord[] = [];
  for await (const batch of call.services.repository.each(call.scope(), entity, { filters, sortField: 'id', sortOrder: 'asc' })) {
    records.push(...batch);
  }
  return records;
}

/**
 * `POST /manager/materialbom/matchData`: each line of the product's bill of materials with the
 * material of the store it names (by code, else by exact name), what the sets need, the stock
 * and the shortage.
 */
export const materialBomMatchData: Handler = async (call) => {
  const { productName, sets = 1 } = call.body as { productName: string; sets?: number };
  const lines = (await all(call, 'materialBom', [{ field: 'productName', op: 'eq', value: productName }])).sort(
    (a, b) => Number(a.id) - Number(b.id),
  );
  const materials = await all(call, 'material', []);
  const byCode = new Map(materials.map((m) => [String(m.code), m]));
  const byName = new Map(materials.map((m) => [String(m.name), m]));
  return lines.map((line) => {
    const material =
      (line.materialCode !== undefined ? byCode.get(String(line.materialCode)) : undefined) ??
      byName.get(String(line.materialName));
    const needed = round2(Number(line.quantity) * sets);
    const stock = typeof material?.stock === 'number' ? material.stock : 0;
    return {
      bomId: line.id,
      ...(line.materialCode !== undefined ? { materialCode: line.materialCode } : {}),
      materialName: line.materialName,
      matched: material !== undefined,
      ...(material ? { materialId: material.id, ...(material.unit !== undefined ? { unit: material.unit } : {}) } : {}),
      needed,
      stock,
      shortage: Math.max(0, round2(needed - stock)),
    };
  });
};

/** The value of a cell as the record takes it: text trimmed, numbers as numbers, empty as absent. */
function valueOf(cell: ExcelJS.Cell, column: (typeof BOM_COLUMNS)[number]): unknown {
  const raw = cell.value;
  if (raw === null || raw === undefined || raw === '') return undefined;
  const plain =
    typeof raw === 'object' && 'result' in raw
      ? raw.result
      : typeof raw === 'object' && 'richText' in raw
        ? raw.richText.map((part) => part.text).join('')
        : typeof raw === 'object' && 'text' in raw
          ? raw.text
          : raw;
  if (column === 'quantity') {
    const number = typeof plain === 'number' ? plain : Number(String(plain).trim());
    return Number.isFinite(number) && String(plain).trim() !== '' ? number : String(plain);
  }
  if (plain instanceof Date) return plain.toISOString().slice(0, 10);
  const text = String(plain).trim();
  return text === '' ? undefined : text;
}

/** The uploaded workbook's first sheet, or 400 when the file is not a readable Excel workbook. */
async function sheetOf(call: CallContext): Promise<ExcelJS.Worksheet> {
  const file = await call.request.file();
  if (!file) throw new ApiError('badWorkbook', { detail: 'file' });
  let data: Buffer;
  try {
    data = await file.toBuffer();
  } catch {
    throw new ApiError('badUpload', { message: 'upload.tooLarge', max: String(call.services.config.uploadMaxMb) });
  }
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw new ApiError('badWorkbook', { detail: call.t('tender.import.notWorkbook') });
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new ApiError('badWorkbook', { detail: call.t('tender.import.noSheet') });
  return sheet;
}

/**
 * `POST /manager/materialbom/import`: every line of the workbook, checked by the same rules as a
 * line saved by hand, then stored in one transaction. The first bad row refuses the whole
 * workbook (400 naming the row) and nothing is stored.
 */
export const materialBomImport: Handler = async (call) => {
  const sheet = await sheetOf(call);
  const validate = call.services.contract.validator('saveMaterialBom', 'body');
  const records: EntityRecord[] = [];
  for (let number = 2; number <= sheet.rowCount; number += 1) {
    const row = sheet.getRow(number);
    const record: EntityRecord = {};
    BOM_COLUMNS.forEach((column, index) => {
      const value = valueOf(row.getCell(index + 1), column);
      if (value !== undefined) record[column] = value;
    });
    if (Object.keys(record).length === 0) continue;
    if (!validate(record)) {
      const detail = describeValidation((validate.errors ?? []) as ErrorObject[], call.t, { labels: 'entities.materialBom' });
      throw new ApiError('badWorkbook', { detail: `${call.t('tender.import.row', { row: String(number) })}: ${detail}` });
    }
    records.push(record);
    if (records.length > MAX_ROWS)
      throw new ApiError('badWorkbook', { detail: call.t('tender.import.tooMany', { max: String(MAX_ROWS) }) });
  }
  if (records.length === 0) throw new ApiError('badWorkbook', { detail: call.t('tender.import.empty') });
  const scope = call.scope();
  const db = call.data();
  await db.transaction().execute(async (trx) => {
    for (const record of records) await call.services.repository.create(scope, 'materialBom', record, { db: trx });
  });
  return { imported: records.length };
};
