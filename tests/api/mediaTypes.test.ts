import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { databases, emsTokenOf, signIn } from '../support/api';
import { contract } from '../support/contract';
import { methodOf, url } from '../support/records';
import type { TestServer } from '../support/server';

/** Every workbook and PDF export of the contract, called as the screens call it (no filter). */
const EXPORTS = contract.operations.filter((op) => op.binary && !op.mediaTypes?.includes('application/octet-stream'));

describe.each(databases())('exports answer the media type they declare, on $name', ({ start }) => {
  let server: TestServer;
  let admin: string;
  beforeAll(async () => {
    server = await start();
    admin = await signIn(server.app, 'admin', 'admin123');
  });
  afterAll(() => server?.stop());

  test('21 exports: 20 workbooks and a PDF', () => {
    expect(EXPORTS.map((op) => op.mediaTypes?.join()).sort()).toEqual([
      'application/pdf',
      ...Array<string>(20).fill('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
    ]);
  });

  test.each(EXPORTS.map((op) => [op.operationId, op] as const))('%s', async (operationId, op) => {
    const path = url(operationId);
    const token = path.startsWith('/ems/api/') ? await emsTokenOf(server.app, admin) : admin;
    const answer = await server.app.inject({
      method: methodOf(operationId),
      url: path,
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' },
      ...(op.body ? { payload: {} } : {}),
    });
    expect(answer.statusCode).toBe(200);
    expect(op.mediaTypes).toEqual([answer.headers['content-type']]);
    // A workbook is a zip archive; a PDF starts with its signature.
    expect(answer.rawPayload.subarray(0, 4).toString('latin1')).toBe(
      op.mediaTypes?.[0] === 'application/pdf' ? '%PDF' : 'PK\u0003\u0004',
    );
  });
});
