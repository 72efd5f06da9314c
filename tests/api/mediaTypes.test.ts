import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, databases, emsTokenOf, signIn } from '../support/api';
import { contract } from '../support/contract';
import { createRecord, methodOf, operationFor, url } from '../support/records';
import type { TestServer } from '../support/server';

/**
 * Every workbook, PDF and CSV export of the contract, called as the screens call it (no filter;
 * the record a path names, such as a device model's register map, the first its list answers).
 */
const EXPORTS = contract.operations.filter((op) => op.binary && !op.mediaTypes?.includes('application/octet-stream'));

/** A report's run made now, whose files its downloads answer. */
async function reportRun(app: FastifyInstance, admin: string): Promise<Record<string, unknown>> {
  const definition = await createRecord(app, admin, 'reportDefinition');
  const run = await call<{ id: number }>(app, admin, { method: 'POST', url: url('runReportNow', { id: definition.id }) });
  return { id: run.body.data.id };
}

/** The path parameters of the exports about a record no list call names by reference (a report's run). */
const PARAMS: Record<string, (app: FastifyInstance, admin: string) => Promise<Record<string, unknown>>> = {
  downloadReportPdf: reportRun,
  downloadReportWorkbook: reportRun,
};
/** The query of the exports of one station's figures. */
const QUERIES: Record<string, Record<string, string>> = { exportStationLedger: { stationSn: 'T2-ST1' } };

describe.each(databases())('exports answer the media type they declare, on $name', ({ start }) => {
  let server: TestServer;
  let admin: string;
  beforeAll(async () => {
    server = await start();
    admin = await signIn(server.app, 'admin', 'admin123');
  });
  afterAll(() => server?.stop());

  test('26 exports: 23 workbooks, 2 PDFs and a CSV table', () => {
    expect(EXPORTS.map((op) => op.mediaTypes?.join()).sort()).toEqual([
      ...Array<string>(2).fill('application/pdf'),
      ...Array<string>(23).fill('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
      'text/csv',
    ]);
  });

  test.each(EXPORTS.map((op) => [op.operationId, op] as const))('%s', async (operationId, op) => {
    const token = op.path.startsWith('/ems/api/') ? await emsTokenOf(server.app, admin) : admin;
    const params: Record<string, unknown> = (await PARAMS[operationId]?.(server.app, admin)) ?? {};
    for (const [name, schema] of Object.entries(op.params?.properties ?? {})) {
      if (name in params) continue;
      const list = operationFor(String(schema['x-ref']), 'list') ?? '';
      const records = await server.app.inject({
        method: methodOf(list),
        url: url(list),
        headers: { authorization: `Bearer ${token}` },
      });
      params[name] = records.json<{ data: { records: { id: number }[] } }>().data.records[0]?.id;
    }
    const query = new URLSearchParams(QUERIES[operationId]).toString();
    const path = `${url(operationId, params)}${query ? `?${query}` : ''}`;
    const answer = await server.app.inject({
      method: methodOf(operationId),
      url: path,
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' },
      ...(op.body ? { payload: {} } : {}),
    });
    expect(answer.statusCode).toBe(200);
    // A CSV table says its character set beside its media type.
    expect(op.mediaTypes).toEqual([String(answer.headers['content-type']).replace('; charset=utf-8', '')]);
    // A workbook is a zip archive; a PDF starts with its signature, a CSV table with UTF-8's byte order mark.
    const signature =
      { 'application/pdf': '%PDF', 'text/csv': '\u00EF\u00BB\u00BF' }[op.mediaTypes?.[0] ?? ''] ?? 'PK\u0003\u0004';
    expect(answer.rawPayload.subarray(0, signature.length).toString('latin1')).toBe(signature);
  });
});
