import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { JsonSchema } from '../contract';
import { ApiError } from '../errors';
import type { CallContext } from '../http/services';
import { formatLocal, isTimeZone, wallClock } from '../telemetry/calendar';
import { pdfOfTable } from './pdf';
import type { EntityRecord, Filter } from './repository';

/** What a cell holds: text, a number, or a date (the wall clock of the caller's zone in its UTC parts). */
type Cell = string | number | Date | null;

/** How dates and times are written: a workbook's number formats, and the text of a PDF cell (of a date's UTC parts). */
const DATE_FORMATS = {
  date: { numFmt: 'yyyy-mm-dd', text: (d: Date) => d.toISOString().slice(0, 10) },
  'date-time': { numFmt: 'yyyy-mm-dd hh:mm:ss', text: (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ') },
} as const;

type DateFormat = keyof typeof DATE_FORMATS;

const dateFormatOf = (property: JsonSchema | undefined): DateFormat | undefined =>
  property?.format === 'date' || property?.format === 'date-time' ? property.format : undefined;

/**
 * The content of a cell: a code's label, yes or no, a date or time as a date (a time as the wall
 * clock of `zone`, as the list shows it), else the value as it is.
 */
function cellOf(call: CallContext, property: JsonSchema | undefined, value: unknown, zone: string): Cell {
  if (value === undefined || value === null) return null;
  const list = property?.['x-enum'] ?? property?.items?.['x-enum'];
  if (list && Array.isArray(value)) return value.map((code) => call.t(`enums.${list}.${String(code)}`)).join(', ');
  if (list) return call.t(`enums.${list}.${String(value)}`);
  if (typeof value === 'boolean') return call.t(value ? 'common.yes' : 'common.no');
  const format = dateFormatOf(property);
  if (typeof value === 'string' && format === 'date-time' && !Number.isNaN(Date.parse(value)))
    return wallClock(Date.parse(value), zone);
  if (typeof value === 'string' && format === 'date' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return new Date(`${value}T00:00:00Z`);
  if (typeof value === 'number' || typeof value === 'string') return value;
  return JSON.stringify(value);
}

export interface ExportQuery {
  filters: Filter[];
  ownedBy?: number;
  sortField: string;
  sortOrder: 'asc' | 'desc';
}

/** The page schema an export lays out, its entity schema, its title in the caller's language and the caller's zone. */
function layoutOf(call: CallContext, entity: string, pageName: string) {
  const { contract } = call.services;
  const page = contract.pages[pageName];
  const schema = contract.entities[entity];
  if (!page || !schema) throw new Error(`export of ${entity}: no page ${pageName}`);
  const zone = String(call.query.timeZone ?? 'UTC');
  if (!isTimeZone(zone)) throw new ApiError('validation', { detail: call.t('errors.unknownTimeZone', { zone }) });
  const properties = page.columns.map(({ field }) => schema.properties?.[field]);
  return {
    page,
    zone,
    title: call.t(`pages.${pageName}.title`),
    headers: page.columns.map(({ field }) => call.t(`entities.${entity}.fields.${field}`)),
    /** How each column's dates are written, if it holds dates. */
    dateFormats: properties.map(dateFormatOf),
    /** The cells of the records the list's conditions select, a batch at a time, no cap. */
    async *rows(query: ExportQuery): AsyncIterable<Cell[][]> {
      for await (const records of call.services.repository.each(call.scope(), entity, query)) {
        yield (records as EntityRecord[]).map((record) =>
          page.columns.map(({ field }, index) => cellOf(call, properties[index], record[field], zone)),
        );
      }
    },
  };
}

/** The `content-disposition` of a file answer: a download named `name` (UTF-8, as RFC 6266 writes it). */
export const attachment = (name: string) => `attachment; filename*=UTF-8''${encodeURIComponent(name)}`;

/**
 * Streams the records a list's conditions select as an Excel workbook: one sheet, the page's
 * columns labelled in the caller's language, every row (read a batch at a time, no cap).
 */
export function streamWorkbook(call: CallContext, entity: string, pageName: string, query: ExportQuery): unknown {
  const layout = layoutOf(call, entity, pageName);
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useSharedStrings: false, useStyles: true });
  const sheet = workbook.addWorksheet(layout.title.slice(0, 31));
  sheet.columns = layout.page.columns.map(({ field }, index) => {
    const format = layout.dateFormats[index];
    return {
      header: layout.headers[index],
      key: field,
      width: 20,
      ...(format ? { style: { numFmt: DATE_FORMATS[format].numFmt } } : {}),
    };
  });
  sheet.getRow(1).font = { bold: true };
  const write = async () => {
    for await (const rows of layout.rows(query)) for (const cells of rows) sheet.addRow(cells).commit();
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => stream.destroy(error instanceof Error ? error : new Error(String(error))));
  return call.reply
    .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', attachment(`${layout.title}-${formatLocal(Date.now(), layout.zone, 'YYYY-MM-DD')}.xlsx`))
    .send(stream);
}

/** The same records as a PDF document: a table on A4 pages, the page's columns labelled in the caller's language. */
export async function sendPdf(call: CallContext, entity: string, pageName: string, query: ExportQuery): Promise<unknown> {
  const layout = layoutOf(call, entity, pageName);
  const text = async function* () {
    for await (const rows of layout.rows(query))
      yield rows.map((cells) =>
        cells.map((cell, index) => {
          if (cell === null) return '';
          if (cell instanceof Date) return DATE_FORMATS[layout.dateFormats[index] ?? 'date-time'].text(cell);
          return String(cell);
        }),
      );
  };
  const document = await pdfOfTable({
    title: layout.title,
    subtitle: formatLocal(Date.now(), layout.zone),
    columns: layout.headers,
    rows: text(),
    pageLabel: (page, pages) => call.t('common.pageOf', { page: String(page), pages: String(pages) }),
  });
  return call.reply
    .type('application/pdf')
    .header('content-disposition', attachment(`${layout.title}-${formatLocal(Date.now(), layout.zone, 'YYYY-MM-DD')}.pdf`))
    .send(document);
}
