import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, signIn } from '../support/api';
import { launchBrowser, signInAsAdmin, tap } from '../support/browser';
import { choose, rowAction, rowWith } from '../support/ui';
import { startServer, type TestServer } from '../support/server';

/**
 * Device models in the browser: a model's register map from the function management page,
 * exported as a CSV file from one model's row and imported from another's, as an engineer moves a
 * vendor's point table; and the device form, whose model is offered the models the collectors
 * know of the kind picked.
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

describe('device models in the browser', () => {
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

  test('the device form offers the models of the kind picked as the model is typed, every model before a kind is picked', async () => {
    const modelsOf = async (kind?: string) =>
      (
        await call<{ name: string }[]>(server.app, admin, {
          method: 'GET',
          url: `/ems/api/device/monitordevicemodel/get_all_device_models${kind ? `?kind=${kind}` : ''}`,
        })
      ).body.data.map((entry) => entry.name);
    const [every, pcs, meters] = await Promise.all([modelsOf(), modelsOf('pcs'), modelsOf('meter')]);
    expect(pcs.length).toBeGreaterThan(0);
    expect(meters.length).toBeGreaterThan(0);
    expect(pcs.filter((name) => meters.includes(name))).toEqual([]);

    await page.goto(`${server.url}/main/ems/setting/communicationEquipment?lng=en`);
    await tap(page.getByRole('button', { name: 'New', exact: true }));
    const dialog = page.getByRole('dialog');
    const model = dialog.getByLabel('Model', { exact: true });
    const offered = async () => {
      const list = await model.getAttribute('list');
      return list
        ? page
            .locator(`datalist[id="${list}"] option`)
            .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value))
        : [];
    };
    await expect.poll(offered).toEqual([...new Set(every)]);
    // A required field's combobox is named with its mark.
    await choose(dialog, '* Device kind', 'PCS');
    await expect.poll(offered).toEqual([...new Set(pcs)]);
    await choose(dialog, '* Device kind', 'Meter');
    await expect.poll(offered).toEqual([...new Set(meters)]);
    // Suggestions, not a closed choice: a model the collectors do not know may be typed.
    await model.fill('Vendor X 500');
    expect(await model.inputValue()).toBe('Vendor X 500');
  });
});
