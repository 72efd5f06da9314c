import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { JsonSchema } from '../contract';
import type { CallContext } from '../http/services';
import { pdfOfTable } from './pdf';
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

export interface ExportQuery {
  filters: Filter[];
  ownedBy?: number;
  sortField: string;
  sortOrder: 'asc' | 'desc';
}

/** The page schema an export lays out, its entity schema and its title in the caller's language. */
function layoutOf(call: CallContext, entity: string, pageName: string) {
  const { contract } = call.services;
  const page = contract.pages[pageName];
  const schema = contract.entities[entity];
  if (!page || !schema) throw new Error(`export of ${entity}: no page ${pageName}`);
  return {
    page,
    title: call.t(`pages.${pageName}.title`),
    headers: page.columns.map(({ field }) => call.t(`entities.${entity}.fields.${field}`)),
    /** The cells of the records the list's conditions select, a batch at a time, no cap. */
    async *rows(query: ExportQuery): AsyncIterable<(string | number | null)[][]> {
      for await (const records of call.services.repository.each(call.scope(), entity, query)) {
        yield (records as EntityRecord[]).map((record) =>
          page.columns.map(({ field }) => cellOf(call, schema.properties?.[field], record[field])),
        );
      }
    },
  };
}

const attachment = (name: string) => `attachment; filename*=UTF-8''${encodeURIComponent(name)}`;

/**
 * Streams the records a list's conditions select as an Excel workbook: one sheet, the page's
 * columns labelled in the caller's language, every row (read a batch at a time, no cap).
 */
export function streamWorkbook(call: CallContext, entity: string, pageName: string, query: ExportQuery): unknown {
  const layout = layoutOf(call, entity, pageName);
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useSharedStrings: false, useStyles: true });
  const sheet = workbook.addWorksheet(layout.title.slice(0, 31));
  sheet.columns = layout.page.columns.map(({ field }, index) => ({ header: layout.headers[index], key: field, width: 20 }));
  sheet.getRow(1).font = { bold: true };
  const write = async () => {
    for await (const rows of layout.rows(query)) for (const cells of rows) sheet.addRow(cells).commit();
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => stream.destroy(error instanceof Error ? error : new Error(String(error))));
  return call.reply
    .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', attachment(`${layout.title}-${new Date().toISOString().slice(0, 10)}.xlsx`))
    .send(stream);
}

/** The same records as a PDF document: a table on A4 pages, the page's columns labelled in the caller's language. */
export async function sendPdf(call: CallContext, entity: string, pageName: string, query: ExportQuery): Promise<unknown> {
  const layout = layoutOf(call, entity, pageName);
  const text = async function* () {
    for await (const rows of layout.rows(query))
      yield rows.map((cells) => cells.map((cell) => (cell === null ? '' : String(cell))));
  };
  const document = await pdfOfTable({
    title: layout.title,
    subtitle: new Date().toISOString().slice(0, 19).replace('T', ' '),
    columns: layout.headers,
    rows: text(),
    pageLabel: (page, pages) => call.t('common.pageOf', { page: String(page), pages: String(pages) }),
  });
  return call.reply
    .type('application/pdf')
    .header('content-disposition', attachment(`${layout.title}-${new Date().toISOString().slice(0, 10)}.pdf`))
    .send(document);
}
