import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadContract } from '../../server/contract';
import { call, databases, emsTokenOf, signIn } from '../support/api';
import { entities, operation, pages } from '../support/contract';
import { readPdf } from '../support/pdf';
import { createRecord, methodOf, url, type Row } from '../support/records';
import type { TestServer } from '../support/server';

/**
 * Every page that exports its rows, from its page schema: the Excel workbook parsed back holds the
 * list's rows under the page's column labels, and the PDF document lays the same rows out on A4
 * pages with the column heads on each page and a page number at the foot.
 */

const A4 = { short: 595, long: 842 };
const translations = loadContract().translations.en ?? {};

/** A label as an English reader sees it. */
function english(key: string): string {
  const value = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], translations);
  if (typeof value !== 'string') throw new Error(`no English label ${key}`);
  return value;
}
const exporting = pages.filter((page) => page.export || page.exportPdf).map((page) => ({ ...page, name: page.page }));

describe.each(databases())('exports on $name', ({ start }) => {
  let server: TestServer;
  let app: FastifyInstance;
  let admin: string;
  beforeAll(async () => {
    server = await start();
    app = server.app;
    admin = await signIn(app, 'admin', 'admin123');
  });
  afterAll(() => server.stop());

  const download = async (operationId: string, query: Record<string, string> = {}) => {
    const answer = await app.inject({
      method: methodOf(operationId),
      url: url(operationId),
      query,
      // The EMS calls take the EMS token of the user.
      headers: {
        authorization: `Bearer ${url(operationId).startsWith('/ems/api/') ? await emsTokenOf(app, admin) : admin}`,
        'accept-language': 'en',
      },
    });
    expect(answer.statusCode).toBe(200);
    return answer;
  };
  const listed = async (list: string): Promise<{ records: Row[]; total: number }> =>
    (await call<{ records: Row[]; total: number }>(app, admin, { method: methodOf(list), url: url(list), query: { size: '50' } }))
      .body.data;

  describe.each(exporting)('page $name', (page) => {
    const labels = page.columns.map(({ field }) => english(`entities.${page.entity}.fields.${field}`));

    beforeAll(async () => {
      // Enough rows to fill more than one A4 page (a workbook takes the rows the list has, records made by the system included).
      if (!page.exportPdf) return;
      const { total } = await listed(page.resource.list);
      for (let n = total; n < 45; n += 1) await createRecord(app, admin, page.entity);
    });

    test.runIf(page.export)('the workbook holds the rows of the list, under the column labels', async () => {
      const answer = await download(page.export ?? '', { timeZone: 'Asia/Shanghai' });
      // The media type the contract declares for the export, exactly.
      expect([answer.headers['content-type']]).toEqual(operation(page.export ?? '').mediaTypes);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(answer.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0];
      const { total, records } = await listed(page.resource.list);
      expect((sheet?.actualRowCount ?? 0) - 1).toBe(total);
      expect((sheet?.getRow(1).values as unknown[]).slice(1)).toEqual(labels);
      // Text cells of the first rows read back as the list shows them (the newest first on both).
      const texts = new Set<string>();
      // Dates and times are date cells: a time as the wall clock of the zone asked for (Shanghai, UTC+8), written as its UTC parts.
      const dates = new Set<number>();
      sheet?.eachRow((row, number) => {
        if (number <= 1) return;
        for (const value of (row.values as unknown[]).slice(1)) {
          if (typeof value === 'string') texts.add(value);
          if (value instanceof Date) dates.add(value.getTime());
        }
      });
      let checkedDates = 0;
      for (const record of records.slice(0, 5)) {
        for (const { field } of page.columns) {
          const value = record[field];
          const property = entities[page.entity]?.properties?.[field];
          if (typeof value === 'string' && !property?.enum && !property?.format) expect(texts).toContain(value);
          if (typeof value !== 'string') continue;
          if (property?.format === 'date-time') expect(dates).toContain(Date.parse(value) + 8 * 3_600_000);
          if (property?.format === 'date') expect(dates).toContain(Date.parse(`${value}T00:00:00Z`));
          if (property?.format === 'date' || property?.format === 'date-time') {
            expect(texts).not.toContain(value);
            checkedDates += 1;
          }
        }
      }
      const dateColumns = page.columns.filter(({ field }) =>
        ['date', 'date-time'].includes(String(entities[page.entity]?.properties?.[field]?.format)),
      );
      if (dateColumns.length > 0 && records.some((record) => dateColumns.some(({ field }) => record[field])))
        expect(checkedDates).toBeGreaterThan(0);
    });

    test.runIf(page.export)('a time zone the server does not know is refused with 400', async () => {
      const answer = await app.inject({
        method: methodOf(page.export ?? ''),
        url: url(page.export ?? ''),
        query: { timeZone: 'Mars/Olympus' },
        headers: {
          authorization: `Bearer ${url(page.export ?? '').startsWith('/ems/api/') ? await emsTokenOf(app, admin) : admin}`,
          'accept-language': 'en',
        },
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ msg: expect.stringContaining('Mars/Olympus is not a time zone') });
    });

    test.runIf(page.exportPdf)('the PDF lays the rows out on A4 pages, heads on each page, numbered', async () => {
      const answer = await download(page.exportPdf ?? '');
      expect([answer.headers['content-type']]).toEqual(operation(page.exportPdf ?? '').mediaTypes);
      const document = await readPdf(answer.rawPayload);
      expect(document.length).toBeGreaterThan(1);
      const { records } = await listed(page.resource.list);
      const text = document.map((p) => p.text).join(' ');
      document.forEach((p, index) => {
        expect([Math.round(p.width), Math.round(p.height)].sort((a, b) => a - b)).toEqual([A4.short, A4.long]);
        expect(p.text).toContain(`Page ${index + 1} of ${document.length}`);
        expect(p.text.replace(/\s+/g, '')).toContain((labels[0] ?? '').replace(/\s+/g, ''));
      });
      for (const record of records.slice(0, 5)) {
        for (const { field } of page.columns) {
          const value = record[field];
          const property = entities[page.entity]?.properties?.[field];
          if (typeof value === 'string' && value.length < 20 && !property?.enum && !property?.format)
            expect(text.replace(/\s+/g, '')).toContain(value.replace(/\s+/g, ''));
        }
      }
    });
  });
});
