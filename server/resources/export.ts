import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { JsonSchema } from '../contract';
import type { CallContext } from '../http/services';
import type { EntityRecord, Filter } from './repository';

/** The text of a value in a cell: a code's label, yes or no, else the value as it is. */
function cellOf(call: CallContext, property: JsonSchema | undefined, value: unknown): string | number | null {
  if (value === undefined || value === null) return null;
  const list = property?.['x-enum'] ?? property?.items?.['x-enum'];
  if (list && Array.isArray(value)) return value.map((code) => call.t(`enums.${list}.${String(code)}`)).join(', ');
  if (list) return call.t(`enums.${list}.${String(value)}`);
  if (typeof value === 'boolean') return call.t(value ? 'common.yes' : 'common.no');
  if (typeof value === 'number' || typeof value === 'string') return value;
  return JSON.stringify(value);
}

/**
 * Streams the records a list's conditions select as an Excel workbook: one sheet, the page's
 * columns labelled in the caller's language, every row (read a batch at a time, no cap).
 */
export function streamWorkbook(
  call: CallContext,
  entity: string,
  pageName: string,
  query: { filters: Filter[]; ownedBy?: number; sortField: string; sortOrder: 'asc' | 'desc' },
): unknown {
  const { contract, repository } = call.services;
  const page = contract.pages[pageName];
  const schema = contract.entities[entity];
  if (!page || !schema) throw new Error(`export of ${entity}: no page ${pageName}`);
  const scope = call.scope();
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useSharedStrings: false, useStyles: true });
  const title = call.t(`pages.${pageName}.title`);
  const sheet = workbook.addWorksheet(title.slice(0, 31));
  sheet.columns = page.columns.map(({ field }) => ({
    header: call.t(`entities.${entity}.fields.${field}`),
    key: field,
    width: 20,
  }));
  sheet.getRow(1).font = { bold: true };
  const write = async () => {
    for await (const records of repository.each(scope, entity, query)) {
      for (const record of records as EntityRecord[]) {
        sheet.addRow(page.columns.map(({ field }) => cellOf(call, schema.properties?.[field], record[field]))).commit();
      }
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => stream.destroy(error instanceof Error ? error : new Error(String(error))));
  const file = `${title}-${new Date().toISOString().slice(0, 10)}.xlsx`;
  return call.reply
    .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file)}`)
    .send(stream);
}
