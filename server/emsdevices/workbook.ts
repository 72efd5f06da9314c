import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { ApiError } from '../errors';
import type { CallContext } from '../http/services';
import { createTranslator } from '../i18n';

/** A file an import refuses: 400 saying why (the row and the column, where the fault is in one). */
export const badWorkbook = (detail: string) => new ApiError('emsDevBadWorkbook', { detail });

/** Text of a cell, whatever ExcelJS made of it (rich text, a formula's result, a number). */
export function textOf(value: ExcelJS.CellValue): string {
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

/** A coded value by its code or its label in either language (letter case aside), to its code. */
export function codesOf(call: CallContext, enumName: string, codes: readonly unknown[]): Map<string, string> {
  const translate = createTranslator(call.services.contract);
  const found = new Map<string, string>();
  for (const code of codes) {
    found.set(String(code).toLowerCase(), String(code));
    for (const lng of ['zh', 'en'] as const)
      found.set(translate(lng)(`enums.${enumName}.${String(code)}`).toLowerCase(), String(code));
  }
  return found;
}

/** The columns an import reads: each field with the label key of its header. */
export interface SheetLayout {
  fields: readonly string[];
  labelOf(field: string): string;
  /** The fields whose column a file must have. */
  required: readonly string[];
  maxRows: number;
  /** Whether a CSV file (UTF-8, named `.csv`) is taken beside an Excel workbook. */
  csv?: boolean;
}

/** A row of an import's file that is not empty: its number in the sheet (the header is row 1) and its cells by field. */
export interface SheetRow {
  number: number;
  cells: Map<string, string>;
}

/** The first sheet of an uploaded workbook, or the table of a CSV file (named `.csv`) when the layout takes one. */
async function sheetOf(data: Buffer, fileName: string, takesCsv: boolean): Promise<ExcelJS.Worksheet | undefined> {
  const workbook = new ExcelJS.Workbook();
  if (takesCsv && /\.csv$/i.test(fileName)) {
    try {
      // Every cell as the text it is: ExcelJS would otherwise take `1-2` for a date.
      return await workbook.csv.read(Readable.from([data]), { map: (value: string) => value });
    } catch {
      throw badWorkbook('not a CSV file');
    }
  }
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw badWorkbook(takesCsv ? 'not an Excel workbook (.xlsx) or a CSV file (.csv)' : 'not an Excel workbook (.xlsx)');
  }
  return workbook.worksheets[0];
}

/**
 * The rows of the file uploaded in the multipart field `file`: a header row of the layout's labels
 * in Chinese or English (as an export writes them) or of field names, then one record a row; empty
 * rows are passed over. A file that cannot be read, has no rows or too many, or lacks a required
 * column is refused (400) before anything is looked at.
 */
export async function uploadedRows(call: CallContext, layout: SheetLayout): Promise<SheetRow[]> {
  const file = await call.request.file();
  if (!file) throw badWorkbook('file');
  const sheet = await sheetOf(await file.toBuffer(), file.filename, layout.csv === true);
  if (!sheet || sheet.actualRowCount < 2) throw badWorkbook('no rows under the header row');
  if (sheet.actualRowCount - 1 > layout.maxRows) throw badWorkbook(`more than ${layout.maxRows} rows`);
  const translate = createTranslator(call.services.contract);
  const names = new Map<string, string>();
  for (const field of layout.fields) {
    names.set(field.toLowerCase(), field);
    for (const lng of ['zh', 'en'] as const) names.set(translate(lng)(layout.labelOf(field)).toLowerCase(), field);
  }
  const columns = new Map<number, string>();
  sheet.getRow(1).eachCell((cell, column) => {
    const field = names.get(textOf(cell.value).toLowerCase());
    if (field) columns.set(column, field);
  });
  const present = new Set(columns.values());
  const missing = layout.required.filter((field) => !present.has(field));
  if (missing.length) throw badWorkbook(`missing column ${missing.map((field) => call.t(layout.labelOf(field))).join(', ')}`);
  const rows: SheetRow[] = [];
  for (let number = 2; number <= sheet.rowCount; number += 1) {
    const row = sheet.getRow(number);
    const cells = new Map([...columns].map(([column, field]) => [field, textOf(row.getCell(column).value)]));
    if ([...cells.values()].some((text) => text !== '')) rows.push({ number, cells });
  }
  if (rows.length === 0) throw badWorkbook('no rows under the header row');
  return rows;
}
