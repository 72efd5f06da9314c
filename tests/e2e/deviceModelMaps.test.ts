import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, signIn } from '../support/api';
import { launchBrowser, signInAsAdmin, tap } from '../support/browser';
import { rowAction, rowWith } from '../support/ui';
import { startServer, type TestServer } from '../support/server';

/**
 * A device model's register map from the function management page: exported as a CSV file from
 * one model's row, imported from another's, as an engineer moves a vendor's point table.
 */

type Row = Record<string, unknown>;

const MAP: Row[] = [
  {
    code: 'activePower',
    name: '有功功率',
    unit: 'kW',
    kind: 'gauge',
    controllable: false,
    functionCode: 3,
    register: 0,
    dataType: 'int32',
    byteOrder: 'ABCD',
    ratio: 0.001,
    offset: 0,
  },
  {
    code: 'runState',
    name: '运行状态',
    kind: 'signal',
    controllable: true,
    functionCode: 3,
    register: 2,
    dataType: 'uint16',
    byteOrder: 'ABCD',
    ratio: 1,
    offset: 0,
  },
];

describe('a device model’s register map in the browser', () => {
  let server: TestServer;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;
  let admin: string;

  beforeAll(async () => {
    server = await startServer({ listen: true, sqliteDemo: true });
    browser = await launchBrowser();
    page = await browser.context.newPage();
    admin = await signIn(server.app, 'admin', 'admin123');
    await signInAsAdmin(page, server.url);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const model = async (name: string, variables: Row[]) =>
    (
      await call<Row>(server.app, admin, {
        method: 'POST',
        url: '/ems/api/device/emsDeviceModel',
        payload: { name, kind: 'pcs', variables },
      })
    ).body.data;
  /** The model page narrowed to the model of `name`, its row. */
  const rowOf = async (name: string) => {
    await page.goto(`${server.url}/main/ems/setting/deviceModel?lng=en`);
    const search = page.getByRole('search');
    await search.getByLabel('Model name', { exact: true }).fill(name);
    await tap(search.getByRole('button', { name: 'Search', exact: true }));
    const row = rowWith(page, name);
    await row.waitFor();
    return row;
  };

  test('exported as CSV from one model’s row and imported from another’s, the server has the same map', async () => {
    await model('Vendor PCS', MAP);
    const target = await model('Site PCS', []);
    const downloading = page.waitForEvent('download');
    await rowAction(await rowOf('Vendor PCS'), 'Export map (CSV)');
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('Vendor PCS register map.csv');
    const csv = await readFile(await download.path());
    expect(csv.toString('utf8')).toContain('runState,运行状态,,Signal,Yes,3,2,uint16,ABCD,1,0');

    const choosing = page.waitForEvent('filechooser');
    await rowAction(await rowOf('Site PCS'), 'Import map');
    await (await choosing).setFiles({ name: download.suggestedFilename(), mimeType: 'text/csv', buffer: csv });
    await page.getByText('Done', { exact: true }).waitFor();
    const stored = await call<Row>(server.app, admin, {
      method: 'GET',
      url: `/ems/api/device/emsDeviceModel/${String(target.id)}`,
    });
    expect(stored.body.data.variables).toEqual(MAP);
  });
});
