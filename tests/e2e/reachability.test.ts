import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { raiseOpenAlarm } from '../support/alarms';
import { call, signIn } from '../support/api';
import { launchBrowser, signInAs, signInAsAdmin, tap } from '../support/browser';
import { choose, drawnChart, expectedChart, rowAction, rowActionCount, rowWith, suggestionsOf } from '../support/ui';
import { startServer, type TestServer } from '../support/server';
import { entities, operation, pages } from '../support/contract';
import { callOn, createRecord, methodOf, openingList, openingQuery, url, type Row } from '../support/records';
import { chartFigure } from '../../runtime/charts/pageChart';
import { formatMoney, withDecimals } from '../../runtime/format/money';
import { text } from '../support/english';
import type { PageSchema } from '../../generated/meta';
import { energyFigures, nowFigures, type StationDetail } from '../../pages/site/stationDetail';

const energyLabels = pages.find((schema) => schema.page === 'emsEnergyLabel') as PageSchema;
const siteManage = pages.find((schema) => schema.page === 'emsSiteManage') as PageSchema;

type Language = 'en' | 'zh';

/**
 * Waits until the server holds the record in `state` (the field of its entity's state machine) and
 * its row shows that state in `language`: the row's actions are then the state's.
 */
async function reachesState(
  row: Locator,
  entity: string,
  read: () => Promise<Row>,
  state: string,
  language: Language = 'en',
): Promise<void> {
  const field = (entities[entity]?.['x-states'] as { field: string }).field;
  const codes = String(entities[entity]?.properties?.[field]?.['x-enum']);
  await expect.poll(async () => (await read())[field]).toBe(state);
  await row
    .getByText(text(`enums.${codes}.${state}`, {}, language), { exact: true })
    .first()
    .waitFor();
}

type ChartAction = Extract<NonNullable<PageSchema['rowActions']>[number], { action: 'chart' }>;

/** A page and its row action drawing a chart of `chartCall`. */
function rowChartOf(name: string, chartCall: string): { schema: PageSchema; action: ChartAction } {
  const schema = pages.find((candidate) => candidate.page === name) as PageSchema;
  const action = schema.rowActions?.find((a) => a.action === 'chart' && a.chart.call === chartCall);
  if (action?.action !== 'chart') throw new Error(`${name} has no chart of ${chartCall}`);
  return { schema, action };
}

/**
 * What the server answers a row's chart, asked as its dialog asks: each of the row's values in the
 * call's path or query, or in the body of a read taking one.
 */
async function rowChartAnswer(app: TestServer['app'], token: string, action: ChartAction, row: Row): Promise<unknown> {
  const id = action.chart.call;
  const values = Object.fromEntries(Object.entries(action.params).map(([param, field]) => [param, row[field]]));
  const inPath = (param: string) => operation(id).path.includes(`{${param}}`);
  const query = Object.fromEntries(
    Object.entries(values).flatMap(([param, value]) => (inPath(param) ? [] : [[param, String(value)]])),
  );
  const answer = await call<unknown>(app, token, {
    method: methodOf(id),
    url: url(id, values),
    ...(operation(id).body ? { payload: values } : { query }),
  });
  expect(answer.status).toBe(200);
  return answer.body.data;
}

/** Signs out from the shell's button, in `language`, and waits for the sign-in page. */
async function signOut(page: Page, language: Language): Promise<void> {
  await tap(page.getByRole('button', { name: text('common.logout', {}, language), exact: true }));
  await page.waitForURL('**/login**');
}

/** One of the lists a page offers, in its choice of lists, by its name. */
const listChoice = (page: Page, language: Language, name: string) =>
  page.getByRole('radiogroup', { name: text('common.lists', {}, language) }).getByText(name, { exact: true });

/**
 * Calls the server answers that a screen now makes, in both languages: the role list that the
 * user form offers, the fixed lists other forms and a list's filter offer (\`x-options\`), an alarm
 * rule switched off and on from its row, and the specification's ten-thousand unit on the
 * leaderboard's amounts.
 */
describe('calls within a user’s reach', () => {
  let server: TestServer;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;
  let admin: string;

  beforeAll(async () => {
    server = await startServer({ listen: true, sqliteDemo: true });
    admin = await signIn(server.app, 'admin', 'admin123');
    browser = await launchBrowser();
    page = await browser.context.newPage();
    await signInAsAdmin(page, server.url);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test.each<[Language, string, string, string]>([
    ['en', 'New', 'Role', 'Cancel'],
    ['zh', '新增', '角色', '取消'],
  ])('the user form offers the roles the server lists, by their names in %s', async (language, create, role, cancel) => {
    const asked = page.waitForResponse((response) => new URL(response.url()).pathname === '/admin/role/list');
    await page.goto(`${server.url}/main/operation/user?lng=${language}`);
    await tap(page.getByRole('button', { name: create, exact: true }));
    const answer = (await (await asked).json()) as { data: { code: string; name: string }[] };
    const dialog = page.getByRole('dialog');
    await tap(dialog.getByRole('combobox', { name: role }));
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await options.first().waitFor();
    const offered = await options.allInnerTexts();
    expect(answer.data.map((entry) => entry.name)).toEqual(offered);
    expect(offered).toEqual(language === 'en' ? ['Administrator', 'Staff'] : ['管理员', '员工']);
    await page.keyboard.press('Escape');
    await tap(dialog.getByRole('button', { name: cancel, exact: true }));
  });

  test.each<[string, string, string, string]>([
    [
      'factory test',
      '/main/ems/map/storeEnergy/factoryTest',
      '/ems/api/device/factoryTestRecord/getFactoryTestEnum',
      '* Factory test',
    ],
    [
      'charge-discharge test',
      '/main/ems/map/storeEnergy/testRecord',
      '/ems/api/device/testChargeDischargeRecord/getTestStep',
      'Step',
    ],
    ['alarm rule', '/main/ems/map/warning/rule', '/ems/api/device/alarmlevel/get_alarm_levels', 'Alarm level'],
  ])('the %s form offers the codes the server lists, by their names', async (_form, route, path, field) => {
    await expectOffered('en', route, path, field);
  });

  test.each<[Language, string]>([
    ['en', '* Data type'],
    ['zh', '* 数据类型'],
  ])('in %s, the register map form offers the data types the server lists, by their names', async (language, field) => {
    await expectOffered(language, '/main/ems/map/configuration/variableMap', '/ems/api/device/variablemap/datatypes', field);
  });

  /** Opens the form of a new record on `route` and expects its drop-down `field` to offer what `path` answers, in that order. */
  async function expectOffered(language: Language, route: string, path: string, field: string): Promise<void> {
    const asked = page.waitForResponse((response) => new URL(response.url()).pathname === path);
    await page.goto(`${server.url}${route}?lng=${language}`);
    await tap(page.getByRole('button', { name: text('common.new', {}, language), exact: true }));
    const answer = (await (await asked).json()) as { data: { code: string; name: string }[] };
    const dialog = page.getByRole('dialog');
    await tap(dialog.getByRole('combobox', { name: field, exact: true }));
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await options.first().waitFor();
    expect(await options.allInnerTexts()).toEqual(answer.data.map((entry) => entry.name));
    await page.keyboard.press('Escape');
    await tap(dialog.getByRole('button', { name: text('common.cancel', {}, language), exact: true }));
  }

  test.each<[Language]>([['en'], ['zh']])(
    'in %s, a screen shows its enabled banners one at a time, each chosen by its button, a disabled one never; another screen its own',
    async (language) => {
      type Banner = { id: number; title: string; imageUrl: string };
      const enabled = async (position: string) =>
        (await call<{ records: Banner[] }>(server.app, admin, { method: 'GET', url: url('getBannerList'), query: { position } }))
          .body.data.records;
      const [demo] = await enabled('mall');
      if (!demo) throw new Error('the demo has no banner of the points mall');
      const stamp = `${language}${Date.now() % 100_000}`;
      await createRecord(server.app, admin, 'banner', {
        title: `Autumn goods ${stamp}`,
        imageUrl: demo.imageUrl,
        position: 'mall',
        sort: 90,
        enabled: true,
      });
      await createRecord(server.app, admin, 'banner', {
        title: `Withdrawn ${stamp}`,
        imageUrl: demo.imageUrl,
        position: 'mall',
        sort: 91,
        enabled: false,
      });
      const shown = await enabled('mall');
      expect(shown.map((banner) => banner.title)).toContain(`Autumn goods ${stamp}`);
      expect(shown.map((banner) => banner.title)).not.toContain(`Withdrawn ${stamp}`);

      await page.goto(`${server.url}/main/operation/mall-goods?lng=${language}`);
      const banners = page.getByRole('region', { name: text('common.banners', {}, language), exact: true });
      const first = shown[0] as Banner;
      await banners.getByText(first.title, { exact: true }).waitFor();
      // The picture has come and is drawn.
      await expect
        .poll(() => banners.locator('img').evaluate((img) => (img as HTMLImageElement).naturalWidth))
        .toBeGreaterThan(0);
      // One banner at a time; the next one, then a banner chosen by its own button.
      for (const banner of shown.slice(1)) expect(await banners.getByText(banner.title, { exact: true }).count()).toBe(0);
      await tap(banners.getByRole('button', { name: text('common.nextBanner', {}, language), exact: true }));
      await banners.getByText((shown[1] as Banner).title, { exact: true }).waitFor();
      const last = shown[shown.length - 1] as Banner;
      await tap(banners.getByRole('button', { name: last.title, exact: true }));
      await banners.getByText(last.title, { exact: true }).waitFor();
      expect(await banners.getByRole('button', { name: last.title, exact: true }).getAttribute('aria-current')).toBe('true');
      expect(await page.getByText(`Withdrawn ${stamp}`).count()).toBe(0);

      const [learning] = await enabled('learning');
      await page.goto(`${server.url}/main/appliance/learning-platform/videos?lng=${language}`);
      await banners.getByText(learning?.title ?? '', { exact: true }).waitFor();
      expect(await banners.getByText(first.title, { exact: true }).count()).toBe(0);
    },
  );

  test.each<[Language]>([['en'], ['zh']])(
    "in %s, a visit's subject is offered the enabled entries of the visit-purpose dictionary, in its order; an entry added is offered",
    async (language) => {
      const stamp = `${language}${Date.now() % 100_000}`;
      await createRecord(server.app, admin, 'dictItem', {
        dictType: 'visit_purpose',
        label: `Site training ${stamp}`,
        value: `training_${stamp}`,
        sort: 50,
        enabled: true,
      });
      await createRecord(server.app, admin, 'dictItem', {
        dictType: 'visit_purpose',
        label: `Retired ${stamp}`,
        value: `retired_${stamp}`,
        sort: 51,
        enabled: false,
      });
      const entries = (
        await call<{ records: { label: string }[] }>(server.app, admin, {
          method: 'GET',
          url: url('getDictByType'),
          query: { dictType: 'visit_purpose' },
        })
      ).body.data.records.map((entry) => entry.label);
      expect(entries).toContain(`Site training ${stamp}`);
      expect(entries).not.toContain(`Retired ${stamp}`);
      const customers = await call<{ records: Row[] }>(server.app, admin, {
        method: 'GET',
        url: url('getCustomerList'),
        query: { current: '1', size: '1' },
      });
      const customer = customers.body.data.records[0] as Row;

      await page.goto(`${server.url}/main/appliance/customer/visits?customerId=${String(customer.id)}&lng=${language}`);
      await tap(page.getByRole('button', { name: text('common.new', {}, language), exact: true }));
      const subject = page
        .getByRole('dialog')
        .getByLabel(text('entities.customerVisit.fields.subject', {}, language), { exact: true });
      const list = await subject.getAttribute('list');
      expect(list).toBeTruthy();
      await expect
        .poll(() =>
          page
            .locator(`datalist[id="${String(list)}"] option`)
            .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value)),
        )
        .toEqual(entries);
      await page.keyboard.press('Escape');
    },
  );

  test.each<[Language]>([['en'], ['zh']])(
    'in %s, the site overview shows what the station does now and its energy of each period, as the server has them',
    async (language) => {
      // Readings of now: the storage charging, the batteries' state of charge, and the converter's
      // energy counters (its charge and discharge in all). Not the meter's: a transformer's figures
      // are its meter's, which another test of this file compares.
      const ts = Date.now();
      const sent = await call<{ accepted: number }>(server.app, admin, {
        method: 'POST',
        url: '/ems/api/collector/samples',
        payload: {
          samples: [
            { sn: 'T2-ST1-PCS1.activePower', ts, value: -120.5 },
            { sn: 'T2-ST1-BMS.soc', ts, value: 63.5 },
            { sn: 'T2-ST1-PCS1.chargeEnergy', ts, value: 1500 },
            { sn: 'T2-ST1-PCS1.dischargeEnergy', ts, value: 1200 },
          ],
        },
      });
      expect(sent.body.data.accepted).toBe(4);
      const detail = (
        await call<StationDetail>(server.app, admin, { method: 'GET', url: url('getStationDetail', { stationSn: 'T2-ST1' }) })
      ).body.data;
      const words = (key: string) => text(`siteViews.detail.${key}`, {}, language);
      await page.goto(`${server.url}/main/ems/map/info?station=T2-ST1&lng=${language}`);
      const now = page.getByRole('region', { name: words('now'), exact: true });
      const shownNow = nowFigures(detail);
      expect(shownNow).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ key: 'pcsPower', direction: 'charging' }),
          expect.objectContaining({ key: 'soc' }),
        ]),
      );
      for (const figure of shownNow) {
        const group = now.getByRole('group', { name: words(figure.key), exact: true });
        await group.getByText(new RegExp(`^${figure.value} (kW|%)$`)).waitFor();
        if (figure.direction) await group.getByText(words(figure.direction), { exact: true }).waitFor();
      }
      const energy = page.getByRole('region', { name: words('energy'), exact: true });
      const { energies, periods } = energyFigures(detail);
      expect(energies).toEqual(expect.arrayContaining(['charge', 'discharge']));
      for (const period of ['today', 'month', 'year', 'total'] as const) {
        // Each period's energies, in order, by their names (the period's list: "Charged", "800 kWh").
        const items = energy
          .locator('.ant-descriptions')
          .filter({ hasText: words(period) })
          .locator('.ant-descriptions-item');
        await expect
          .poll(() =>
            items.evaluateAll((cells) =>
              cells.map((cell) => [
                cell.querySelector('.ant-descriptions-item-label')?.textContent,
                cell.querySelector('.ant-descriptions-item-content')?.textContent,
              ]),
            ),
          )
          .toEqual(
            energies.map((key, index) => {
              const value = periods[period][index];
              return [words(key), value === null || value === undefined ? '--' : `${value} kWh`];
            }),
          );
      }
    },
  );

  test.each<[Language, string, string, string, string, string]>([
    ['en', 'salesOrder', 'getQuoteForOrder', 'orderNo', 'quote', 'quoteNo'],
    // The stations an EMS department owns (its own list of them), and those a department of the company runs.
    ['zh', 'emsDept', 'listDeptStations', 'name', 'station', 'sn'],
    ['en', 'emsDept', 'listDeptStations', 'name', 'station', 'sn'],
    ['en', 'department', 'getStationByDept', 'name', 'station', 'sn'],
    ['zh', 'department', 'getStationByDept', 'name', 'station', 'sn'],
    // The company's devices of a device model's kind, by the kind in the query.
    ['en', 'emsDeviceModel', 'getCompanyDevice', 'name', 'device', 'sn'],
    ['zh', 'emsDeviceModel', 'getCompanyDevice', 'name', 'device', 'sn'],
    // The server in the call's path.
    ['en', 'emsServer', 'getCollectorStation', 'name', 'station', 'sn'],
    ['zh', 'emsServer', 'getCollectorStation', 'name', 'station', 'sn'],
    // A station's report groups, by the station's id in the call's path.
    ['en', 'emsSiteManage', 'getStationReportGroups', 'name', 'reportGroup', 'name'],
    ['zh', 'emsSiteManage', 'getStationReportGroups', 'name', 'reportGroup', 'name'],
    // One record, or none: the price list in force (by the station's serial number), the limits it is judged by.
    ['en', 'emsSiteManage', 'getElectricityPriceConfig', 'name', 'electricityPrice', 'effectiveMonth'],
    ['zh', 'emsSiteManage', 'getElectricityPriceConfig', 'name', 'electricityPrice', 'effectiveMonth'],
    ['en', 'emsSiteManage', 'getQualityThresholdSetting', 'name', 'qualityThreshold', 'powerFactor'],
    ['zh', 'emsSiteManage', 'getQualityThresholdSetting', 'name', 'qualityThreshold', 'powerFactor'],
    // A column the listed entity lacks (whether the variable adds or subtracts), labelled by the view.
    ['en', 'emsEnergyLabel', 'getLabelLinkedVariables', 'name', 'deviceVariable', 'sn'],
    ['zh', 'emsEnergyLabel', 'getLabelLinkedVariables', 'name', 'deviceVariable', 'sn'],
  ])(
    'in %s, a row of %s lists what %s answers about it, in the columns of its own records',
    async (language, pageName, operation, key, entity, listedKey) => {
      const schema = pages.find((candidate) => candidate.page === pageName) as PageSchema;
      const action = schema.rowActions?.find((candidate) => candidate.action === 'view' && candidate.operation === operation);
      if (action?.action !== 'view') throw new Error(`${pageName} has no view of ${operation}`);
      // Each value in the path or the query, as the call takes it (and as the screen sends it).
      const get = async <T>(id: string, query: Record<string, string>) =>
        (await call<T>(server.app, admin, { method: methodOf(id), url: url(id, query), query })).body.data;
      // The first row of the list whose call answers something: the demo's orders with quotations, departments with stations.
      const rows = (await get<{ records: Row[] }>(schema.resource.list ?? '', { size: '50' })).records;
      let row: Row | undefined;
      let listed: Row[] = [];
      // One the search finds alone (energy labels of several stations share their names).
      const alone = (candidate: Row) => rows.filter((other) => String(other[key]).includes(String(candidate[key]))).length === 1;
      for (const candidate of rows.filter(alone)) {
        const query = Object.fromEntries(
          Object.entries(action.params).map(([param, field]) => [param, String(candidate[field])]),
        );
        // A list, or one record or none.
        const answer = await get<Row[] | Row | null>(operation, query);
        listed = Array.isArray(answer) ? answer : answer ? [answer] : [];
        row = candidate;
        if (listed.length > 0) break;
      }
      expect(listed.length, `a ${pageName} with something to list`).toBeGreaterThan(0);
      await page.goto(`${server.url}${schema.route}?lng=${language}`);
      const search = page.getByRole('search');
      await search
        .getByLabel(text(`entities.${schema.entity}.fields.${key}`, {}, language), { exact: true })
        .fill(String(row?.[key]));
      await tap(search.getByRole('button', { name: text('common.search', {}, language), exact: true }));
      const title = text(`actions.${operation}`, {}, language);
      await rowAction(rowWith(page, String(row?.[key])), title);
      const dialog = page.getByRole('dialog', { name: title });
      // The columns of the entity, and those of the call's own records it lacks, labelled by the view.
      const ownColumns = action.columns.filter((field) => !entities[entity]?.properties?.[field]);
      for (const record of listed) {
        const shown = dialog.getByRole('row').filter({ hasText: String(record[listedKey]) });
        await shown.waitFor();
        for (const field of ownColumns) expect(await shown.innerText()).toContain(String(record[field]));
      }
      expect(await dialog.locator('tbody tr').count()).toBe(listed.length);
      expect(await dialog.getByRole('columnheader').allInnerTexts()).toEqual(
        action.columns.map((field) =>
          text(ownColumns.includes(field) ? `views.${operation}.${field}` : `entities.${entity}.fields.${field}`, {}, language),
        ),
      );
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
    },
  );

  test.each<[Language]>([['en'], ['zh']])(
    "%s: a guard event's row shows its guarding camera, with its stream address, and the platform it is reached through, as the server has them",
    async (language) => {
      const schema = pages.find((candidate) => candidate.page === 'emsGuardEvent') as PageSchema;
      const listed = page.waitForResponse((response) => new URL(response.url()).pathname === url(schema.resource.list ?? ''));
      await page.goto(`${server.url}${schema.route}?lng=${language}`);
      // The first event as the screen lists it.
      const event = ((await (await listed).json()) as { data: { records: Row[] } }).data.records[0] as Row;
      const views = [
        ['getGuardCamera', 'camera', 'streamUrl'],
        ['getGuardPlatform', 'ipcGroup', 'host'],
      ] as const;
      for (const [operation, entity, key] of views) {
        const action = schema.rowActions?.find((candidate) => candidate.action === 'view' && candidate.operation === operation);
        if (action?.action !== 'view') throw new Error(`the guard events have no view of ${operation}`);
        const answer = await call<Row>(server.app, admin, { method: 'GET', url: url(operation, { id: String(event.cameraId) }) });
        expect(answer.status).toBe(200);
        const title = text(`actions.${operation}`, {}, language);
        await rowAction(rowWith(page, String(event.description)).first(), title);
        const dialog = page.getByRole('dialog', { name: title });
        await dialog
          .getByRole('row')
          .filter({ hasText: String(answer.body.data[key]) })
          .waitFor();
        expect(await dialog.locator('tbody tr').count()).toBe(1);
        expect(await dialog.getByRole('columnheader').allInnerTexts()).toEqual(
          action.columns.map((field) => text(`entities.${entity}.fields.${field}`, {}, language)),
        );
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'hidden' });
      }
    },
  );

  test.each<[Language, string]>([
    ['en', 'emsCamera'],
    ['zh', 'emsCamera'],
    ['en', 'emsDept'],
    ['zh', 'emsDept'],
    // Stations grouped by department, the station also a filter of the search form.
    ['en', 'emsAlarmPhone'],
    ['zh', 'emsAlarmPhone'],
    // Devices grouped by station.
    ['en', 'emsDeviceVar'],
    ['zh', 'emsDeviceVar'],
  ])(
    '%s: the %s page lists the records of the node picked in its tree, as the server has them, then all again',
    async (language, name) => {
      const schema = pages.find((candidate) => candidate.page === name) as PageSchema;
      const { tree } = schema;
      if (!tree) throw new Error(`${name} has no tree`);
      const list = schema.resource.list ?? '';
      const listed = async (query: Record<string, string>) =>
        (
          await call<{ total: number; records: Row[] }>(server.app, admin, {
            method: methodOf(list),
            url: url(list),
            query: { ...openingQuery(schema), ...query },
          })
        ).body.data;
      const nodes = (await call<Row[]>(server.app, admin, { method: methodOf(tree.call), url: url(tree.call), query: {} })).body
        .data;
      const under = (node: Row, property: string | undefined) => (property ? ((node[property] as Row[] | undefined) ?? []) : []);
      // Every node, those under a node after it, then its leaves, as the open tree shows them.
      const flat = (list: Row[]): Row[] =>
        list.flatMap((node) => [node, ...flat(under(node, tree.children)), ...under(node, tree.leaves)]);
      // What is picked: the leaves when the nodes group them, else every node.
      const pickable = (list: Row[]): Row[] =>
        tree.leaves ? list.flatMap((node) => [...pickable(under(node, tree.children)), ...under(node, tree.leaves)]) : flat(list);
      const all = await listed({});
      // A node with some of the records, not all: what it lists tells that it was picked.
      let node: Row | undefined;
      let some = all;
      // One the tree names once (devices of two stations may share a name).
      const named = (candidate: Row) => flat(nodes).filter((entry) => entry.name === candidate.name).length === 1;
      for (const candidate of pickable(nodes).filter(named)) {
        some = await listed({ [tree.filter]: String(candidate.id) });
        node = candidate;
        if (some.total > 0 && some.total < all.total) break;
      }
      expect(some.total, `a node of ${name} with some of its records`).toBeGreaterThan(0);
      expect(some.total).toBeLessThan(all.total);
      const shows = async ({ total, records }: { total: number; records: Row[] }) => {
        await page
          .getByText(text('common.total', { count: total }, language), { exact: true })
          .filter({ visible: true })
          .waitFor();
        await expect
          .poll(() => page.getByRole('row').nth(1).innerText())
          .toContain(String(records[0]?.[schema.columns[0]?.field ?? 'id']));
      };
      await page.goto(`${server.url}${schema.route}?lng=${language}`);
      const title = text(`entities.${schema.entity}.fields.${tree.filter}`, {}, language);
      const drawn = page.getByRole('tree', { name: title });
      await drawn.waitFor();
      await expect
        .poll(() => drawn.locator('.ant-tree-title').allInnerTexts())
        .toEqual(flat(nodes).map((entry) => String(entry.name)));
      await shows(all);
      await tap(drawn.locator('.ant-tree-title').filter({ hasText: new RegExp(`^${String(node?.name)}$`) }));
      await shows(some);
      // A filter of the search form too: the form shows the node picked, and none once all are listed.
      const inForm = (schema.filters ?? []).some((filter) => filter.field === tree.filter);
      const chosen = page.getByRole('search').getByText(String(node?.name), { exact: true });
      if (inForm) await chosen.waitFor();
      await tap(page.getByRole('button', { name: text('common.all', {}, language), exact: true }));
      await shows(all);
      if (inForm) await chosen.waitFor({ state: 'hidden' });
    },
  );

  test("a camera's PTZ commands are listed from its row a page at a time: the newest ten first, then the page picked", async () => {
    const schema = pages.find((candidate) => candidate.page === 'emsCamera') as PageSchema;
    const cameras = (
      await call<{ records: Row[] }>(server.app, admin, { method: 'GET', url: url('getIpcPage', {}), query: { size: '50' } })
    ).body.data.records;
    const camera = cameras.find((candidate) => candidate.ptz === true);
    if (!camera) throw new Error('no PTZ camera in the demo');
    // Twelve movements, one in each direction, each started and stopped: twelve commands, direction 11 the newest.
    for (let direction = 0; direction < 12; direction += 1)
      for (const step of ['ptzStart', 'ptzStop'])
        expect(
          (await call(server.app, admin, { method: 'POST', url: url(step, { id: camera.id, x: direction }) })).body,
        ).toMatchObject({ code: 0 });
    const listed = async (current: number) =>
      (
        await call<{ records: Row[]; total: number }>(server.app, admin, {
          method: 'GET',
          url: url('listPtzCommands', { id: camera.id }),
          query: { current: String(current) },
        })
      ).body.data;
    const [first, second] = [await listed(1), await listed(2)];
    expect(first.total).toBeGreaterThanOrEqual(12);
    const directionOf = (record: Row) => text(`enums.emsAssetPtzDirection.${String(record.direction)}`);
    expect(first.records.slice(0, 3).map(directionOf)).toEqual(['Focus far', 'Focus near', 'Zoom out']);

    await page.goto(`${server.url}${schema.route}?lng=en`);
    const search = page.getByRole('search');
    await search.getByLabel(text('entities.camera.fields.name'), { exact: true }).fill(String(camera.name));
    await tap(search.getByRole('button', { name: text('common.search'), exact: true }));
    const title = text('actions.listPtzCommands');
    await rowAction(rowWith(page, String(camera.name)), title);
    const dialog = page.getByRole('dialog', { name: title });
    const shown = async () => (await dialog.locator('tbody tr').allInnerTexts()).map((row) => row.split('\t')[0]?.trim());
    await expect.poll(shown).toEqual(first.records.map(directionOf));
    expect(await dialog.getByRole('columnheader').allInnerTexts()).toEqual(
      ['direction', 'speed', 'userName', 'startTime', 'stopTime', 'stoppedBy'].map((field) =>
        text(`entities.ptzCommand.fields.${field}`),
      ),
    );
    // The second page, as the server answers it when asked for it.
    const asked = page.waitForRequest((request) => new URL(request.url()).pathname.endsWith('/ptc/records'));
    await tap(dialog.getByTitle('2', { exact: true }));
    expect(new URL((await asked).url()).searchParams.get('current')).toBe('2');
    await expect.poll(shown).toEqual(second.records.map(directionOf));
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  test("the factory tests' state filter offers the states the server lists, and filters by the one picked", async () => {
    const asked = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/ems/api/device/factoryTestRecord/getStatusEnum',
    );
    await page.goto(`${server.url}/main/ems/map/storeEnergy/factoryTest?lng=en`);
    const answer = (await (await asked).json()) as { data: { code: string; name: string }[] };
    await tap(page.getByRole('search').getByRole('combobox', { name: 'Status', exact: true }));
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await options.first().waitFor();
    expect(await options.allInnerTexts()).toEqual(answer.data.map((entry) => entry.name));
    const [first] = answer.data;
    if (!first) throw new Error('the server lists no state');
    const listed = page.waitForResponse((response) => new URL(response.url()).searchParams.get('status') === first.code);
    await tap(options.filter({ hasText: first.name }).first());
    await tap(page.getByRole('search').getByRole('button', { name: 'Search' }));
    expect((await listed).status()).toBe(200);
  });

  test.each<[Language, string]>([
    ['en', 'Contract value (10,000 RM)'],
    ['zh', '合同金额（万 RM）'],
  ])('the leaderboard shows its amounts in ten-thousands, the unit in the header (%s)', async (language, header) => {
    const ranking = await call<{ records: { customerName: string; contractAmount: number }[] }>(server.app, admin, {
      method: 'GET',
      url: '/manager/ranking/contractTop',
    });
    const first = ranking.body.data.records[0];
    if (!first) throw new Error('the demo has no ranked client');
    await page.goto(`${server.url}/main/ranking?lng=${language}`);
    await page.getByRole('columnheader', { name: header }).waitFor();
    const row = page.getByRole('row').filter({ hasText: first.customerName }).first();
    const expected = (first.contractAmount / 10000).toLocaleString('en-US', {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    expect(await row.innerText()).toContain(expected);
    expect(first.contractAmount).toBeGreaterThan(10000);
  });

  test.each<Language>(['en', 'zh'])(
    "%s: a quotation's price inquiry person is offered the tenant's inquiry people as the server lists them, and kept as chosen",
    async (language) => {
      const say = (key: string) => text(key, {}, language);
      const schema = pages.find((candidate) => candidate.page === 'quote') as PageSchema;
      const people = (await call<{ name: string }[]>(server.app, admin, { method: 'GET', url: url('getInquiryPeople') })).body
        .data;
      expect(people.length).toBeGreaterThan(1);
      const [quote] = (await openingList(server.app, admin, schema)).records;
      if (!quote) throw new Error('the demo has no quotation');
      const chosen = String(people[language === 'en' ? 0 : people.length - 1]?.name);

      await page.goto(`${server.url}${schema.route}?lng=${language}`);
      await rowAction(rowWith(page, String(quote[schema.columns[0]?.field ?? 'id'])).first(), say('common.edit'));
      const dialog = page.getByRole('dialog');
      const field = dialog.getByLabel(say('entities.quote.fields.inquiryPerson'), { exact: true });
      await expect.poll(() => suggestionsOf(field)).toEqual(people.map((person) => person.name));
      await field.fill(chosen);
      await tap(dialog.getByRole('button', { name: say('common.save'), exact: true }));
      await dialog.waitFor({ state: 'hidden' });
      const saved = await call<Row>(server.app, admin, {
        method: 'GET',
        url: url('getQuoteById'),
        query: { id: String(quote.id) },
      });
      expect(saved.body.data).toMatchObject({ id: quote.id, name: quote.name, inquiryPerson: chosen });
    },
  );

  test.each<Language>(['en', 'zh'])(
    '%s: several variables are added at once beside New: a serial number taken is shown at its field and adds none, then all are added',
    async (language) => {
      const say = (key: string) => text(key, {}, language);
      const item = (field: string) => say(`forms.deviceVariableBatch.itemFields.variables.${field}`);
      const schema = pages.find((candidate) => candidate.page === 'emsDeviceVar') as PageSchema;
      const list = async (query: Record<string, string>) =>
        (
          await call<{ records: Row[] }>(server.app, admin, {
            method: 'GET',
            url: url(schema.resource.list ?? ''),
            query: { size: '500', ...query },
          })
        ).body.data.records;
      // A device the picker names once, and a serial number another variable holds.
      const devices = (
        await call<{ records: Row[] }>(server.app, admin, {
          method: 'GET',
          url: url('getMonitorDevicePage'),
          query: { size: '500' },
        })
      ).body.data.records;
      const device = devices.find((candidate) => devices.filter((other) => other.name === candidate.name).length === 1);
      if (!device) throw new Error('every device shares its name');
      const taken = String((await list({}))[0]?.sn);
      const name = (n: number) => `Batch ${language} ${n}`;
      const sn = (n: number) => `VAR-BATCH-${language}-${n}`;

      await page.goto(`${server.url}${schema.route}?lng=${language}`);
      const title = say('forms.deviceVariableBatch.title');
      await tap(page.getByRole('button', { name: title, exact: true }));
      const dialog = page.getByRole('dialog', { name: title });
      // The form starts with one variable to fill in, and asks nothing the server fills in.
      await dialog.getByLabel(item('sn'), { exact: true }).waitFor();
      expect(await dialog.getByLabel(item('sn'), { exact: true }).count()).toBe(1);
      expect(await dialog.getByLabel(item('createTime'), { exact: true }).count()).toBe(0);
      await tap(dialog.getByRole('button', { name: say('forms.rjsf.AddItemButton'), exact: true }));
      for (const n of [0, 1]) {
        await dialog
          .getByLabel(item('sn'), { exact: true })
          .nth(n)
          .fill(n === 1 ? taken : sn(n));
        await dialog.getByLabel(item('name'), { exact: true }).nth(n).fill(name(n));
        await tap(dialog.getByLabel(item('kind'), { exact: true }).nth(n));
        await tap(
          page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: say('enums.variableKind.gauge') }),
        );
        const picker = dialog.getByLabel(item('deviceId'), { exact: true }).nth(n);
        await tap(picker);
        await picker.fill(String(device.name));
        await page
          .getByRole('option', { name: String(device.name), exact: true })
          .first()
          .waitFor({ state: 'attached' });
        await picker.press('Enter');
      }
      const save = dialog.getByRole('button', { name: say('common.save'), exact: true });
      await tap(save);
      // The second serial number is refused beside its field, by the field's label; the first is not added either.
      const refused = text('errors.duplicate', { field: say('entities.deviceVariable.fields.sn') }, language);
      await dialog.getByText(refused, { exact: true }).waitFor();
      expect(await list({ name: name(0) })).toEqual([]);

      await dialog.getByLabel(item('sn'), { exact: true }).nth(1).fill(sn(1));
      await tap(save);
      await dialog.waitFor({ state: 'hidden' });
      for (const n of [0, 1])
        expect(await list({ name: name(n) })).toEqual([
          expect.objectContaining({ sn: sn(n), name: name(n), kind: 'gauge', deviceId: device.id }),
        ]);
      // The list shows them.
      await rowWith(page, sn(0)).first().waitFor();
    },
  );

  test.each<Language>(['en', 'zh'])(
    "%s: the device variables list shows each listed variable's latest value with its unit, as the server answers them for the device picked",
    async (language) => {
      const schema = pages.find((candidate) => candidate.page === 'emsDeviceVar') as PageSchema;
      const latest = schema.lookupColumn;
      if (!latest) throw new Error('the device variables page shows no latest values');
      const get = async <T>(id: string, query: Record<string, string>) =>
        (await call<T>(server.app, admin, { method: 'GET', url: url(id), query })).body.data;
      /** What the server answers for the latest values of these variables, by serial number. */
      const latestOf = async (records: Row[]) => {
        const answer = await call<{ records: Row[] }>(server.app, admin, {
          method: 'POST',
          url: url(latest.call),
          query: { current: '1', size: String(records.length) },
          payload: { sns: records.map((record) => String(record[latest.key])).join(',') },
        });
        return new Map(answer.body.data.records.map((record) => [String(record[latest.key]), record[latest.value]]));
      };
      // A device the tree names once, with several variables: its first page of them.
      const devices = (await get<{ records: Row[] }>('getMonitorDevicePage', { size: '500' })).records;
      let device: Row | undefined;
      let records: Row[] = [];
      for (const candidate of devices.filter((one) => devices.filter((other) => other.name === one.name).length === 1)) {
        const query = { ...openingQuery(schema), [schema.tree?.filter ?? '']: String(candidate.id) };
        records = (await get<{ records: Row[] }>(schema.resource.list ?? '', query)).records;
        device = candidate;
        if (records.length > 2) break;
      }
      expect(records.length).toBeGreaterThan(2);
      // Readings of two of them, as a collector stores them; the others have none.
      const stored = await call(server.app, admin, {
        method: 'POST',
        url: '/ems/api/collector/samples',
        payload: {
          samples: records.slice(0, 2).map((record, index) => ({ sn: record.sn, ts: Date.now(), value: 12.5 + index })),
        },
      });
      expect(stored.status).toBe(200);
      const values = await latestOf(records);
      expect([...values.values()].filter((value) => typeof value === 'number')).toHaveLength(2);

      await page.goto(`${server.url}${schema.route}?lng=${language}`);
      // One call for the variables shown: those of the device picked.
      const sns = records.map((record) => String(record[latest.key])).join(',');
      const asked = page.waitForRequest(
        (request) =>
          new URL(request.url()).pathname === url(latest.call) && (request.postDataJSON() as { sns?: string }).sns === sns,
      );
      await tap(page.getByRole('tree').getByText(String(device?.name), { exact: true }));
      await asked;
      const headers = page.getByRole('columnheader');
      const title = text('pages.emsDeviceVar.lookupColumn', {}, language);
      await headers.filter({ hasText: title }).waitFor();
      const column = (await headers.allInnerTexts()).indexOf(title);
      for (const record of records) {
        const value = values.get(String(record[latest.key]));
        const unit = latest.unit ? record[latest.unit] : undefined;
        // A variable without a reading yet shows the specification's text for a null value.
        const shown = typeof value !== 'number' ? '--' : unit ? `${String(value)} ${String(unit)}` : String(value);
        const cell = rowWith(page, String(record[latest.key])).first().getByRole('cell').nth(column);
        await expect.poll(() => cell.innerText()).toBe(shown);
      }
    },
  );

  test.each<Language>(['en', 'zh'])(
    '%s: the function management list says which stations have EMS screens of their own, as the server answers, and a station whose screens are saved says so at once',
    async (language) => {
      const say = (key: string) => text(key, {}, language);
      const schema = pages.find((candidate) => candidate.page === 'emsStation') as PageSchema;
      const lookup = schema.lookupColumn;
      if (!lookup) throw new Error('the function management page has no lookup column');
      const linkedOf = async () =>
        new Map(
          (await call<Row[]>(server.app, admin, { method: 'POST', url: url(lookup.call), payload: {} })).body.data.map(
            (station) => [String(station[lookup.key]), station[lookup.value]],
          ),
        );
      const before = await linkedOf();
      const { records } = await openingList(server.app, admin, schema);
      const station = records.find((record) => before.get(String(record[lookup.key])) === false);
      if (!station) throw new Error('every station listed first has screens of its own');

      await page.goto(`${server.url}${schema.route}?lng=${language}`);
      const headers = page.getByRole('columnheader');
      const title = say('pages.emsStation.lookupColumn');
      await headers.filter({ hasText: title }).waitFor();
      const column = (await headers.allInnerTexts()).indexOf(title);
      const cellOf = (record: Row) => rowWith(page, String(record[lookup.key])).first().getByRole('cell').nth(column);
      for (const record of records)
        await expect
          .poll(() => cellOf(record).innerText())
          .toBe(say(before.get(String(record[lookup.key])) ? 'common.yes' : 'common.no'));

      // Its screens saved from its row, the station has a configuration of its own, and the list says so.
      const action = say('forms.emsSiteMenu.title');
      await rowAction(rowWith(page, String(station[lookup.key])).first(), action);
      const dialog = page.getByRole('dialog', { name: action });
      await dialog.getByRole('group').first().waitFor();
      await tap(dialog.getByRole('button', { name: say('common.save'), exact: true }));
      await dialog.waitFor({ state: 'hidden' });
      expect((await linkedOf()).get(String(station[lookup.key]))).toBe(true);
      await expect.poll(() => cellOf(station).innerText()).toBe(say('common.yes'));
    },
  );

  test.each<Language>(['en', 'zh'])(
    '%s: the vehicles page maps each vehicle in service where the server last located it, named by its plate with its speed',
    async (language) => {
      const say = (key: string) => text(key, {}, language);
      const schema = pages.find((candidate) => candidate.page === 'vehicles') as PageSchema;
      const chart = schema.charts?.panels.find((panel) => panel.type === 'map');
      if (!chart) throw new Error('the vehicles page has no map');
      const vehicles = (await call<Row[]>(server.app, admin, { method: 'GET', url: url(chart.call) })).body.data;
      const located = vehicles.filter((vehicle) => typeof vehicle.longitude === 'number' && typeof vehicle.latitude === 'number');
      expect(located.length).toBeGreaterThan(1);

      await page.goto(`${server.url}${schema.route}?lng=${language}`);
      const title = say(`charts.${chart.call}.title`);
      // Drawn once the land outline is there: a marker per located vehicle, its tooltip its plate and speed.
      const drawn = await drawnChart(page.getByRole('region', { name: title }).getByRole('img', { name: title }));
      const named = (vehicle: Row) =>
        `${String(vehicle.plateNumber)} · ${say(`charts.${chart.call}.speed`)}: ${chartFigure(chart, 'speed', vehicle.speed)}`;
      expect(drawn.series.map((series) => series.data)).toEqual([
        located.map((vehicle) => expect.objectContaining({ name: named(vehicle), value: [vehicle.longitude, vehicle.latitude] })),
      ]);
    },
  );

  test.each<Language>(['en', 'zh'])(
    '%s: the leaderboard says whether the signed-in user takes part in the rankings, as the server answers for them',
    async (language) => {
      const say = (key: string) => text(key, {}, language);
      const notice = (partake: boolean) =>
        page.getByRole('alert').filter({ hasText: say(`pages.salesRanking.notice.${String(partake)}`) });
      const partakes = async (token: string) =>
        (await call<{ partake: boolean }>(server.app, token, { method: 'GET', url: url('checkRankingPartake') })).body.data
          .partake;
      expect(await partakes(admin)).toBe(true);
      await page.goto(`${server.url}/main/ranking?lng=${language}`);
      await notice(true).waitFor();
      expect(await notice(false).count()).toBe(0);

      // A colleague without the sales permission does not take part.
      const colleague = await createRecord(server.app, admin, 'user');
      const saved = await call(server.app, admin, {
        method: 'POST',
        url: url('saveUserPermissions'),
        payload: { id: colleague.id, permissions: ['customer'] },
      });
      expect(saved.status).toBe(200);
      expect(await partakes(await signIn(server.app, String(colleague.username), 'secret123'))).toBe(false);
      await signOut(page, language);
      await signInAs(page, server.url, String(colleague.username), 'secret123');
      await page.waitForURL((address) => !address.pathname.startsWith('/login'));
      await page.goto(`${server.url}/main/ranking?lng=${language}`);
      await notice(false).waitFor();
      expect(await notice(true).count()).toBe(0);
      await signOut(page, language);
      await signInAsAdmin(page, server.url);
    },
  );

  /** A record's switch turned off and on again from its row: its list call, the flag and the two actions' names by language. */
  interface Toggle {
    what: string;
    route: string;
    list: string;
    query: Record<string, string>;
    flag: string;
    names: Record<Language, [off: string, on: string]>;
  }
  const toggles: Toggle[] = [
    {
      what: 'an alarm rule is disabled and enabled again',
      route: '/main/ems/map/warning/rule',
      list: '/ems/api/device/alarmgenerater/list',
      query: { size: '50' },
      flag: 'enabled',
      names: { en: ['Disable', 'Enable'], zh: ['停用', '启用'] },
    },
    {
      what: "an energy label's alarms are closed and opened again",
      route: energyLabels.route,
      list: '/ems/api/energy/energylabel/page',
      // The labels of the list's first page, as the page asks for them.
      query: openingQuery(energyLabels),
      flag: 'alarmSwitch',
      names: { en: ['Close alarm', 'Open alarm'], zh: ['关闭告警', '开启告警'] },
    },
  ];
  test.each(toggles.flatMap((toggle) => (['en', 'zh'] as const).map((language) => ({ ...toggle, language }))))(
    '$what from its row ($language)',
    async ({ route, list, query, flag, names, language }) => {
      const [off, on] = names[language];
      const records = async () =>
        (await call<{ records: Row[] }>(server.app, admin, { method: 'GET', url: list, query })).body.data.records;
      const record = (await records()).find((candidate) => candidate[flag] === true);
      if (!record) throw new Error(`the demo has no record of ${list} with ${flag} on`);
      const switched = async () => (await records()).find((candidate) => candidate.id === record.id)?.[flag];
      await page.goto(`${server.url}${route}?lng=${language}`);
      const row = page
        .getByRole('row')
        .filter({ hasText: String(record.name) })
        .first();
      await row.waitFor();
      // Switched on, the row offers the action that turns it off and not the other; then the other way round.
      expect(await rowActionCount(row, on)).toBe(0);
      await rowAction(row, off);
      await expect.poll(switched).toBe(false);
      // The list is read again after the call: the row then offers the other action only.
      await expect.poll(() => rowActionCount(row, off)).toBe(0);
      await rowAction(row, on);
      await expect.poll(switched).toBe(true);
      await expect.poll(() => rowActionCount(row, on)).toBe(0);
    },
  );

  test('a station without devices is deleted from its row after the confirmation; one with devices is refused, saying why, and stays', async () => {
    type Station = { id: number; sn: string; name: string };
    const stations = async () =>
      (
        await call<{ records: Station[] }>(server.app, admin, {
          method: 'GET',
          url: '/ems/api/device/station/page',
          query: { size: '500' },
        })
      ).body.data.records;
    const made = (await createRecord(server.app, admin, 'station', { name: `Trial yard ${Date.now() % 100000}` })) as Station;
    await page.goto(`${server.url}${siteManage.route}?lng=en`);
    const row = page.getByRole('row').filter({ hasText: made.name }).first();
    await rowAction(row, 'Delete');
    await tap(page.getByRole('button', { name: 'OK', exact: true }));
    await row.waitFor({ state: 'detached' });
    expect((await stations()).some((station) => station.id === made.id)).toBe(false);

    // The demo's storage station has its devices: refused with the server's message, and kept.
    const kept = (await stations()).find((station) => station.sn === 'T2-ST1') as Station;
    await page.getByRole('search').getByRole('textbox', { name: 'Name', exact: true }).fill(kept.name);
    await tap(page.getByRole('search').getByRole('button', { name: 'Search' }));
    const demo = page.getByRole('row').filter({ hasText: kept.sn }).first();
    await rowAction(demo, 'Delete');
    await tap(page.getByRole('button', { name: 'OK', exact: true }));
    await page
      .getByText(/The station still has \d+ devices; delete them first/)
      .first()
      .waitFor();
    expect((await stations()).some((station) => station.id === kept.id)).toBe(true);
  });

  test.each<[Language, string, string]>([
    ['en', 'salesOrder', 'getPayInvoiceStat'],
    ['zh', 'salesOrder', 'getProjFinishCalcDtl'],
    ['en', 'salesOrder', 'getBudgetByOrderId'],
    ['en', 'quote', 'getBudgetForQuoteInfo'],
    ['zh', 'emsTransformer', 'transformerMeterMonitoring'],
    // A read taking the row in its body.
    ['en', 'executeSite', 'getSiteIndexInfo'],
    ['zh', 'executeSite', 'getSiteIndexInfo'],
  ])(
    "%s: a %s row's %s dialog shows each of its figures as the server answers it, amounts in the money format",
    async (language, name, chartCall) => {
      const { schema, action } = rowChartOf(name, chartCall);
      const { chart } = action;
      const figuresOf = async (row: Row) => (await rowChartAnswer(server.app, admin, action, row)) as Record<string, unknown>;
      // A record of the list as it opens whose figures are all there and not all zero (a transformer
      // with a meter that has reported), when there is one.
      const { records } = await openingList(server.app, admin, schema);
      const whole = (answer: Record<string, unknown>) =>
        chart.values.every((field) => typeof answer[field] === 'number') && chart.values.some((field) => answer[field] !== 0);
      let chosen = records[0] as Row;
      let figures = await figuresOf(chosen);
      for (const record of records.slice(1)) {
        if (whole(figures)) break;
        chosen = record;
        figures = await figuresOf(record);
      }
      expect(chart.values.some((field) => typeof figures[field] === 'number' && figures[field] !== 0)).toBe(true);
      const say = (key: string) => text(key, {}, language);
      const title = say(`charts.${chartCall}.title`);

      await page.goto(`${server.url}${schema.route}?lng=${language}`);
      await rowAction(rowWith(page, String(chosen[schema.columns[0]?.field ?? 'id'])).first(), title);
      const dialog = page.getByRole('dialog', { name: title });
      await dialog.waitFor();
      for (const field of chart.values) {
        const value = figures[field];
        const shown =
          typeof value !== 'number' ? '--' : chart.money?.includes(field) ? formatMoney(value) : withDecimals(value, 2);
        const figure = dialog
          .locator('.ant-statistic')
          .filter({ has: page.getByText(say(`charts.${chartCall}.${field}`), { exact: true }) });
        await expect.poll(() => figure.locator('.ant-statistic-content').innerText()).toBe(shown);
      }
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
    },
  );

  test.each<[Language]>([['en'], ['zh']])(
    'in %s, the project board shows its orders in all: the sites and their contract amount, as the server sums them',
    async (language) => {
      const schema = pages.find((candidate) => candidate.page === 'boardOrder') as PageSchema;
      const chart = schema.charts?.panels.find((panel) => panel.call === 'boardOrderTotal');
      if (!chart) throw new Error('the project board has no chart of its orders in all');
      const [total] = (await call<Row[]>(server.app, admin, { method: 'GET', url: url('boardOrderTotal') })).body.data;
      expect(Number(total?.count)).toBeGreaterThan(0);
      const say = (key: string) => text(key, {}, language);
      await page.goto(`${server.url}${schema.route}?lng=${language}`);
      const region = page.getByRole('region', { name: say('charts.boardOrderTotal.title'), exact: true });
      for (const field of chart.values) {
        const figure = region
          .locator('.ant-statistic')
          .filter({ has: page.getByText(say(`charts.boardOrderTotal.${field}`), { exact: true }) });
        await expect
          .poll(() => figure.locator('.ant-statistic-content').innerText())
          .toBe(chartFigure(chart, field, total?.[field]));
      }
    },
  );

  test.each<[Language, string, string]>([
    ['en', 'expenditure', 'getExpendProcessStatistic'],
    ['zh', 'expenditure', 'getExpendProcessStatistic'],
    ['zh', 'worksheetTask', 'getTaskRegion'],
    ['en', 'executeSite', 'listExecuteSiteRegions'],
    ['zh', 'boardOrder', 'getWorkOrderInfo'],
  ])('%s: the %s page draws %s as the server groups its records, a bar per group', async (language, name, chartCall) => {
    const schema = pages.find((candidate) => candidate.page === name) as PageSchema;
    const chart = schema.charts?.panels.find((panel) => panel.call === chartCall);
    if (!chart) throw new Error(`${name} has no chart of ${chartCall}`);
    const answer = (await call<Row[]>(server.app, admin, { method: methodOf(chartCall), url: url(chartCall, {}), query: {} }))
      .body.data;
    expect(answer.length, 'groups in the demo').toBeGreaterThan(1);
    await page.goto(`${server.url}${schema.route}?lng=${language}`);
    const title = text(`charts.${chartCall}.title`, {}, language);
    const drawn = await drawnChart(page.getByRole('region', { name: title }).getByRole('img', { name: title }));
    expect(drawn).toEqual(expectedChart(chart, answer, language));
  });

  test.each<Language>(['en', 'zh'])(
    "%s: a day's inspections wait for a day, then list those of the day at the station chosen, as the server finds them",
    async (language) => {
      const say = (key: string, params: Record<string, string | number> = {}) => text(key, params, language);
      const schema = pages.find((candidate) => candidate.page === 'inspectionTask') as PageSchema;
      const dayList = url('getInspectDayList');
      const { records } = await openingList(server.app, admin, schema);
      const chosen = records.find((record) => record.stationName && record.planDate);
      if (!chosen) throw new Error('no demo inspection with a station and a day');
      const query = { planDate: String(chosen.planDate), stationId: String(chosen.stationId) };
      const { total } = (await call<{ total: number }>(server.app, admin, { method: 'GET', url: dayList, query })).body.data;
      expect(total).toBeGreaterThan(0);

      const asked: string[] = [];
      const onRequest = (request: { url(): string }) => {
        if (new URL(request.url()).pathname === dayList) asked.push(request.url());
      };
      page.on('request', onRequest);
      await page.goto(`${server.url}${schema.route}?lng=${language}`);
      await tap(listChoice(page, language, say('pages.inspectionTask.lists.getInspectDayList')));
      const dateLabel = say('entities.inspectionTask.fields.planDate');
      await page.getByText(say('common.chooseToList', { fields: dateLabel }), { exact: true }).waitFor();
      expect(asked).toEqual([]);

      const search = page.getByRole('search');
      await choose(search, say('entities.inspectionTask.fields.stationId'), String(chosen.stationName));
      const picker = search.getByRole('textbox', { name: dateLabel, exact: true });
      const listed = page.waitForResponse((response) => new URL(response.url()).pathname === dayList);
      await tap(picker);
      await picker.fill(query.planDate);
      await picker.press('Enter');
      await tap(search.getByRole('button', { name: say('common.search') }));
      const sent = new URL((await listed).url()).searchParams;
      page.off('request', onRequest);
      expect([sent.get('planDate'), sent.get('stationId')]).toEqual([query.planDate, query.stationId]);
      await page
        .getByText(say('common.total', { count: total }), { exact: true })
        .filter({ visible: true })
        .waitFor();
      await rowWith(page, String(chosen.name)).first().waitFor();
    },
  );

  test.each<[Language, string, string]>([
    ['en', 'inspectionTask', 'getInspectDeviceList'],
    ['zh', 'inspectionTask', 'getInspectDeviceList'],
    // A list held in the answer's `teams`, the row's id in the path.
    ['en', 'executeSite', 'listSetupTeam'],
    ['zh', 'executeSite', 'listSetupTeam'],
  ])(
    "%s: on the %s page, a row's %s chart draws a category per item and a series per value, as the server answers for the row",
    async (language, name, chartCall) => {
      const { schema, action } = rowChartOf(name, chartCall);
      const { chart } = action;
      const itemsOf = (answer: unknown) => (chart.items === undefined ? answer : (answer as Row)[chart.items]) as Row[];
      // A record of the list as it opens whose chart has two items or more.
      const { records } = await openingList(server.app, admin, schema);
      let chosen: Row | undefined;
      let answer: unknown;
      for (const record of records) {
        answer = await rowChartAnswer(server.app, admin, action, record);
        chosen = record;
        if (itemsOf(answer).length > 1) break;
      }
      expect(itemsOf(answer).length, 'a row whose chart has two items').toBeGreaterThan(1);
      const title = text(`charts.${chartCall}.title`, {}, language);
      await page.goto(`${server.url}${schema.route}?lng=${language}`);
      // The page's own charts drawn first: drawn, they move the list down under the pointer.
      for (const panel of schema.charts?.panels ?? []) {
        const panelName = text(`charts.${panel.call}.title`, {}, language);
        await page.getByRole('region', { name: panelName }).getByRole('img', { name: panelName }).locator('canvas').waitFor();
      }
      await rowAction(rowWith(page, String(chosen?.[schema.columns[0]?.field ?? 'id'])).first(), title);
      const dialog = page.getByRole('dialog', { name: title });
      expect(await drawnChart(dialog.getByRole('img', { name: title }))).toEqual(expectedChart(chart, answer, language));
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
    },
  );

  /** A page's other list: the page, the list's call, and a filter its own list shows and the other does not. */
  interface OtherList {
    language: Language;
    name: string;
    other: string;
    ownFilter: string;
  }
  test.each<OtherList>([
    { language: 'en', name: 'customer', other: 'getOwnerCustomerList', ownFilter: 'Level' },
    { language: 'zh', name: 'expenditure', other: 'getMyExpendProcessPage', ownFilter: '申请人' },
    { language: 'en', name: 'vehicles', other: 'getVehicleInfoList', ownFilter: 'Plate number' },
    // Always asked for the done worksheets: no state to choose, and no type either.
    { language: 'zh', name: 'worksheet', other: 'getSiteTaskReportList', ownFilter: '工作类型' },
    // The enabled categories in the order readers browse them: neither a name to look for nor a state to choose.
    { language: 'en', name: 'headlineCategory', other: 'getHeadlineCategoryList', ownFilter: 'Name' },
  ])(
    "$name: another list, chosen, shows that list's records with the filters it takes, and back ($language)",
    async ({ language, name, other, ownFilter }) => {
      const schema = pages.find((candidate) => candidate.page === name) as PageSchema;
      const own = schema.resource.list;
      /** What a list answers as the page opens it: its total and the name of its first record. */
      const opening = async (id: string) => {
        const { total, records } = await openingList(server.app, admin, schema, {}, id);
        return { total, first: String(records[0]?.[schema.columns[0]?.field ?? 'id'] ?? '') };
      };
      const [ownList, otherList] = [await opening(own), await opening(other)];
      // The two lists differ on the demo data (in size or order), so what is shown tells which was read.
      expect(otherList).not.toEqual(ownList);
      const shows = async ({ total, first }: { total: number; first: string }) => {
        await page
          .getByText(text('common.total', { count: total }, language), { exact: true })
          .filter({ visible: true })
          .waitFor();
        await expect.poll(() => page.getByRole('row').nth(1).innerText()).toContain(first);
      };
      const filter = page.getByRole('search').getByLabel(ownFilter, { exact: true });
      const tab = (id: string) => listChoice(page, language, text(`pages.${name}.lists.${id}`, {}, language));

      await page.goto(`${server.url}${schema.route}?lng=${language}`);
      await shows(ownList);
      await filter.waitFor();
      const asked = page.waitForResponse((response) => new URL(response.url()).pathname === url(other));
      await tap(tab(other));
      const answer = await asked;
      expect(answer.status()).toBe(200);
      // What the list is always asked with (the done worksheets) is in the request the screen sends.
      const fixed = schema.lists?.find((list) => list.operation === other)?.query ?? {};
      for (const [param, value] of Object.entries(fixed))
        expect(new URL(answer.url()).searchParams.get(param)).toBe(String(value));
      await shows(otherList);
      expect(await filter.count()).toBe(0);
      await tap(tab(own));
      await shows(ownList);
      await filter.waitFor();
    },
  );

  test('alarm records: the energy alarms, chosen, show what the server lists of them, filtered by station and status only; and back', async () => {
    type AlarmPage = { total: number; records: Row[] };
    const list = async (operation: string, query: Record<string, string> = {}) =>
      (await call<AlarmPage>(server.app, admin, { method: 'GET', url: url(operation), query: { size: '20', ...query } })).body
        .data;
    // Two open alarms: one about energy (the load of a station over a limit it always exceeds), one about a device.
    const info = `Load over its limit ${Date.now() % 100000}`;
    const other = `State of health low ${Date.now() % 100000}`;
    await raiseOpenAlarm(server.app, admin, {
      deviceSn: 'T2-ST1-LOAD',
      code: 'loadPower',
      type: { name: 'Demand check', source: 'energy' },
      info,
    });
    await raiseOpenAlarm(server.app, admin, {
      deviceSn: 'T2-ST1-BMS',
      code: 'soh',
      type: { name: 'Health check', source: 'device' },
      info: other,
    });
    const infos = (answer: AlarmPage) => answer.records.map((alarm) => alarm.info);
    await expect.poll(async () => infos(await list('getAlarmPage'))).toEqual(expect.arrayContaining([info, other]));
    const [every, energy, handled] = [
      await list('getAlarmPage'),
      await list('getEngeryAlarmList'),
      await list('getEngeryAlarmList', { status: '0' }),
    ];
    expect(infos(energy)).toContain(info);
    expect(infos(energy)).not.toContain(other);
    expect(infos(handled)).not.toContain(info);
    const shows = async ({ total, records }: AlarmPage) => {
      await page
        .getByText(text('common.total', { count: total }), { exact: true })
        .filter({ visible: true })
        .waitFor();
      if (records[0]) await expect.poll(() => page.getByRole('row').nth(1).innerText()).toContain(String(records[0].info));
    };
    const search = page.getByRole('search');
    const level = search.getByLabel('Alarm level', { exact: true });
    const choice = (name: string) => listChoice(page, 'en', name);

    await page.goto(`${server.url}/main/ems/map/warning/record?lng=en`);
    await shows(every);
    await level.waitFor();
    const asked = page.waitForResponse((response) => new URL(response.url()).pathname === url('getEngeryAlarmList'));
    await tap(choice('Energy alarms'));
    expect((await asked).status()).toBe(200);
    await shows(energy);
    await rowWith(page, info).waitFor();
    expect(await rowWith(page, other).count()).toBe(0);
    // Neither a level nor days to choose: the call takes neither. Nor an export, which is of every alarm.
    expect(await level.count()).toBe(0);
    expect(await search.getByLabel('Report time', { exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Export', exact: true }).count()).toBe(0);
    const filtered = page.waitForResponse((response) => new URL(response.url()).pathname === url('getEngeryAlarmList'));
    await tap(search.getByRole('combobox', { name: 'Status', exact: true }));
    await tap(page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Handled' }));
    expect(new URL((await filtered).url()).searchParams.get('status')).toBe('0');
    await shows(handled);
    expect(await rowWith(page, info).count()).toBe(0);
    await tap(choice('All alarms'));
    await level.waitFor();
    await page.getByRole('button', { name: 'Export', exact: true }).waitFor();
  });

  test.each<[Language, string]>([
    ['en', 'Choose Planned for to list the records'],
    ['zh', '请先选择计划日期，再查询'],
  ])(
    'worksheets planned in a period wait for the period, then list those the server finds in it (%s)',
    async (language, prompt) => {
      const schema = pages.find((candidate) => candidate.page === 'worksheet') as PageSchema;
      const during = url('getSheetsDuring');
      const asked: URL[] = [];
      const record = (request: { url(): string }) => {
        const address = new URL(request.url());
        if (address.pathname === during) asked.push(address);
      };
      page.on('request', record);
      try {
        await page.goto(`${server.url}${schema.route}?lng=${language}`);
        await tap(listChoice(page, language, text('pages.worksheet.lists.getSheetsDuring', {}, language)));
        // Without its period the list does not ask: it says what to choose, and shows no rows (not the other list's).
        await page.getByText(prompt, { exact: true }).waitFor();
        await page
          .getByText(text('common.total', { count: 0 }, language), { exact: true })
          .filter({ visible: true })
          .waitFor();
        expect(asked).toEqual([]);
        const search = page.getByRole('search');
        await tap(search.getByLabel(text('entities.worksheet.fields.planDate', {}, language), { exact: true }).first());
        await tap(page.getByText(text('dateRanges.past365Days', {}, language), { exact: true }));
        const listed = page.waitForResponse((response) => new URL(response.url()).pathname === during);
        await tap(search.getByRole('button', { name: language === 'en' ? 'Search' : '查询' }));
        expect((await listed).status()).toBe(200);
        const query = Object.fromEntries(asked.at(-1)?.searchParams ?? []);
        expect(Object.keys(query)).toEqual(expect.arrayContaining(['startDate', 'endDate']));
        const { total } = (await call<{ total: number }>(server.app, admin, { method: 'GET', url: during, query })).body.data;
        expect(total).toBeGreaterThan(0);
        await page
          .getByText(text('common.total', { count: total }, language), { exact: true })
          .filter({ visible: true })
          .waitFor();
        expect(await page.getByText(prompt, { exact: true }).count()).toBe(0);
      } finally {
        page.off('request', record);
      }
    },
  );

  test("a worksheet's items, from its row: an item is added, recorded done and abnormal with a remark, and deleted, as the server holds them", async () => {
    const worksheets = pages.find((candidate) => candidate.page === 'worksheet') as PageSchema;
    const sheet = (await openingList(server.app, admin, worksheets)).records[0];
    if (!sheet) throw new Error('the demo has no worksheet');
    const items = async () =>
      (
        await call<{ records: Row[]; total: number }>(server.app, admin, {
          method: 'GET',
          url: url('getItemsBySheetId'),
          query: { sheetId: String(sheet.id), size: '50' },
        })
      ).body.data;
    const before = await items();
    const name = `Check the fire extinguishers ${Date.now() % 100000}`;

    await page.goto(`${server.url}${worksheets.route}?lng=en`);
    await rowAction(rowWith(page, String(sheet.name)).first(), 'Items');
    await page.getByRole('heading', { name: `Items of ${String(sheet.name)}` }).waitFor();
    await page
      .getByText(text('common.total', { count: before.total }), { exact: true })
      .filter({ visible: true })
      .waitFor();
    await tap(page.getByRole('button', { name: 'New', exact: true }));
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Item', { exact: true }).fill(name);
    await tap(dialog.getByRole('button', { name: 'Save', exact: true }));
    const row = page.getByRole('row').filter({ hasText: name });
    await row.waitFor();
    const added = (await items()).records.find((item) => item.name === name);
    expect(added).toMatchObject({ worksheetId: sheet.id });

    await rowAction(row, 'Edit');
    const editor = page.getByRole('dialog');
    await tap(editor.getByRole('checkbox', { name: 'Done', exact: true }));
    await tap(editor.getByRole('checkbox', { name: 'Abnormal', exact: true }));
    await editor.getByLabel('Remark', { exact: true }).fill('One is past its date: replaced');
    await tap(editor.getByRole('button', { name: 'Save', exact: true }));
    await expect
      .poll(async () => (await items()).records.find((item) => item.id === added?.id))
      .toMatchObject({ done: true, abnormal: true, remark: 'One is past its date: replaced' });
    await row.getByText('One is past its date: replaced').waitFor();

    await rowAction(row, 'Delete');
    await tap(page.getByRole('button', { name: 'OK', exact: true }));
    await row.waitFor({ state: 'detached' });
    expect((await items()).total).toBe(before.total);
  });

  test("inspections by plan date list those of the day chosen in the filter's calendar, as the server finds them", async () => {
    const schema = pages.find((candidate) => candidate.page === 'inspectionTask') as PageSchema;
    const byDay = url('getInspectTasks');
    const { records } = await openingList(server.app, admin, schema);
    const day = String(records[0]?.planDate ?? '');
    expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const { total } = (await call<{ total: number }>(server.app, admin, { method: 'GET', url: byDay, query: { planDate: day } }))
      .body.data;
    expect(total).toBeGreaterThan(0);

    await page.goto(`${server.url}${schema.route}?lng=en`);
    await tap(listChoice(page, 'en', 'By plan date'));
    const search = page.getByRole('search');
    const picker = search.getByRole('textbox', { name: 'Date', exact: true });
    // The day typed in the calendar's box and taken with Enter, which also searches (as Search does).
    const listed = page.waitForResponse(
      (response) => new URL(response.url()).pathname === byDay && new URL(response.url()).searchParams.has('planDate'),
    );
    await tap(picker);
    await picker.fill(day);
    await picker.press('Enter');
    await tap(search.getByRole('button', { name: 'Search' }));
    const answer = await listed;
    expect(new URL(answer.url()).searchParams.get('planDate')).toBe(day);
    await page
      .getByText(text('common.total', { count: total }), { exact: true })
      .filter({ visible: true })
      .waitFor();
  });

  test.each<Language>(['en', 'zh'])(
    "a support request's thread takes a reply; the messages page marks it read and unread, then deletes it ticked (%s)",
    async (language) => {
      const say = (key: string, params: Record<string, string | number> = {}) => text(key, params, language);
      const requests = (
        await call<{ records: Row[] }>(server.app, admin, { method: 'GET', url: url('getSupportList'), query: { size: '50' } })
      ).body.data.records;
      const request = requests[0];
      if (!request) throw new Error('the demo has no support request');
      const thread = async () =>
        (
          await call<{ records: Row[]; total: number }>(server.app, admin, {
            method: 'GET',
            url: url('getSupportNoticeList'),
            query: { supportRequestId: String(request.id), size: '50' },
          })
        ).body.data;
      const before = await thread();
      const content = `Checked on site (${language} ${Date.now() % 100000})`;

      // From the request's row to its thread, where the reply is written.
      const supportRequests = pages.find((candidate) => candidate.page === 'supportRequest') as PageSchema;
      await page.goto(`${server.url}${supportRequests.route}?lng=${language}`);
      await rowAction(rowWith(page, String(request.name)).first(), say('pages.supportThread.title'));
      await page.getByRole('heading', { name: new RegExp(say('pages.supportThread.title')) }).waitFor();
      await tap(page.getByRole('button', { name: say('common.new'), exact: true }));
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(say('entities.supportNotice.fields.content'), { exact: true }).fill(content);
      await tap(dialog.getByRole('button', { name: say('common.save'), exact: true }));
      await page.getByRole('row').filter({ hasText: content }).waitFor();
      const after = await thread();
      expect(after.total).toBe(before.total + 1);
      const message = after.records.find((record) => record.content === content);
      // A new message is unread (its flag not yet set).
      expect(message).toBeDefined();
      expect(message?.readFlag).not.toBe(true);

      // On the messages page: marked read, then unread, the server holding each.
      const readFlag = async () => (await thread()).records.find((record) => record.id === message?.id)?.readFlag;
      const messages = pages.find((candidate) => candidate.page === 'supportNotice') as PageSchema;
      await page.goto(`${server.url}${messages.route}?lng=${language}`);
      const row = page.getByRole('row').filter({ hasText: content }).first();
      const [read, unread] = [say('siteops.actions.markMessageRead'), say('siteops.actions.markMessageUnread')];
      expect(await rowActionCount(row, unread)).toBe(0);
      await rowAction(row, read);
      await expect.poll(readFlag).toBe(true);
      await expect.poll(() => rowActionCount(row, read)).toBe(0);
      await rowAction(row, unread);
      await expect.poll(readFlag).toBe(false);
      // The list answered again (the row offers Read again) before its row is ticked: a tick while
      // the list was still coming back was lost once on a loaded machine.
      await expect.poll(() => rowActionCount(row, unread)).toBe(0);

      // Ticked and deleted after the confirmation: gone from the screen and the server.
      await tap(row.getByRole('checkbox', { name: say('common.selectRow') }));
      await tap(page.getByRole('button', { name: `${say('common.deleteSelected')} (1)` }));
      await tap(page.getByRole('button', { name: say('common.ok'), exact: true }));
      await row.waitFor({ state: 'detached' });
      expect((await thread()).total).toBe(before.total);
    },
  );

  test.each<[Language, string, string, string]>([
    ['zh', 'oaApprovalAll', 'approval', 'title'],
    ['en', 'expenditure', 'expenditure', 'title'],
    ['zh', 'oaLeaveRecord', 'leaveApplication', 'reason'],
  ])(
    'an administrator withdraws a pending application for its applicant and submits it again from its row; an approval is also rejected and approved with an opinion (%s, %s)',
    async (language, pageName, entity, field) => {
      const say = (key: string) => text(key, {}, language);
      const schema = pages.find((candidate) => candidate.page === pageName) as PageSchema;
      const name = `For the applicant ${language} ${Date.now() % 100000}`;
      const record = await createRecord(server.app, admin, entity, { [field]: name });
      expect(record.state).toBe('pending');
      const stored = async () => (await callOn<Row>(server.app, admin, schema.resource.get as string, record.id)).body.data;
      const step = (transition: string) => say(`entities.${entity}.transitions.${transition}`);
      const reaches = (state: string) => reachesState(row, entity, stored, state, language);

      await page.goto(`${server.url}${schema.route}?lng=${language}`);
      const row = rowWith(page, name).first();
      await rowAction(row, step('withdraw'));
      await tap(page.getByRole('button', { name: say('common.ok'), exact: true }));
      await reaches('canceled');
      expect(await rowActionCount(row, step('withdraw'))).toBe(0);
      await rowAction(row, step('submit'));
      await reaches('pending');
      if (entity !== 'approval') return;

      // The opinion is asked in the step's dialog, and kept with the application.
      for (const [transition, state] of [
        ['reject', 'rejected'],
        ['submit', 'pending'],
        ['approve', 'agreed'],
      ] as const) {
        await rowAction(row, step(transition));
        if (transition !== 'submit') {
          const dialog = page.getByRole('dialog', { name: step(transition) });
          await dialog.getByLabel(say('forms.oaOpinion.fields.opinion'), { exact: true }).fill(`${transition}: ${name}`);
          await tap(dialog.getByRole('button', { name: say('common.save'), exact: true }));
        }
        await reaches(state);
      }
      const approved = await call<Row>(server.app, admin, { method: 'GET', url: url('getApprovalById', { id: record.id }) });
      expect(approved.body.data.opinion).toBe(`approve: ${name}`);
    },
  );

  test('finance rejects an invoice application with its reason, which the row shows; issued, it is applied for replacement with the reason (en)', async () => {
    const schema = pages.find((candidate) => candidate.page === 'invoiceApplication') as PageSchema;
    const name = `Invoice title ${Date.now() % 100000}`;
    const record = await createRecord(server.app, admin, 'invoiceApplication', { name });
    const stored = async () => (await callOn<Row>(server.app, admin, 'getOrderInvoiceById', record.id)).body.data;
    const step = (transition: string) => text(`entities.invoiceApplication.transitions.${transition}`);
    const reaches = (status: string) => reachesState(row, 'invoiceApplication', stored, status);
    /** Takes a step whose dialog asks the reason, typed into its field. */
    const withReason = async (transition: string, form: string, field: string, reason: string) => {
      await rowAction(row, step(transition));
      const dialog = page.getByRole('dialog', { name: step(transition) });
      await dialog.getByLabel(text(`forms.${form}.fields.${field}`), { exact: true }).fill(reason);
      await tap(dialog.getByRole('button', { name: text('common.save'), exact: true }));
    };

    await page.goto(`${server.url}${schema.route}?lng=en`);
    const row = rowWith(page, name).first();
    const rejection = `No tax number on the order ${record.id}`;
    await withReason('reject', 'salesInvoiceReject', 'rejectReason', rejection);
    await reaches('rejected');
    expect((await stored()).rejectReason).toBe(rejection);
    await row.getByText(rejection, { exact: true }).waitFor();

    await rowAction(row, step('reapply'));
    await reaches('applied');
    await rowAction(row, step('invoice'));
    await tap(page.getByRole('button', { name: text('common.ok'), exact: true }));
    await reaches('invoiced');

    const replacement = `Wrong bank account on invoice ${record.id}`;
    await withReason('applyReplace', 'salesInvoiceReplace', 'replaceReason', replacement);
    await reaches('replacementApplied');
    expect((await stored()).replaceReason).toBe(replacement);
    await row.getByText(replacement, { exact: true }).waitFor();
    expect(await rowActionCount(row, step('applyReplace'))).toBe(0);
  });

  test('an approved expenditure takes its invoices and its payback from its row; a pending one is offered neither (en)', async () => {
    const schema = pages.find((candidate) => candidate.page === 'expenditure') as PageSchema;
    const stamp = Date.now() % 100000;
    const [approved, pending] = await Promise.all(
      ['approved', 'pending'].map((state) =>
        createRecord(server.app, admin, 'expenditure', { title: `Site visit ${state} ${stamp}` }),
      ),
    );
    const agreed = await callOn(server.app, admin, 'approveExpendProcess', approved?.id, { payload: { opinion: 'Fine' } });
    expect(agreed.status).toBe(200);
    const stored = async () => (await callOn<Row>(server.app, admin, 'getExpendProcessById', approved?.id)).body.data;

    await page.goto(`${server.url}${schema.route}?lng=en`);
    const row = rowWith(page, `Site visit approved ${stamp}`).first();
    await rowAction(row, 'Record invoices');
    const invoices = page.getByRole('dialog', { name: 'Record invoices' });
    await invoices.getByLabel('Invoice numbers', { exact: true }).fill(`INV-${stamp}, INV-${stamp + 1}`);
    await invoices.getByLabel('Invoice amount', { exact: true }).fill('812.5');
    await tap(invoices.getByRole('button', { name: 'Save', exact: true }));
    await expect.poll(async () => (await stored()).invoiceNo).toBe(`INV-${stamp}, INV-${stamp + 1}`);
    expect((await stored()).invoiceAmount).toBe(812.5);
    await row.getByText(`INV-${stamp}, INV-${stamp + 1}`, { exact: true }).waitFor();

    await rowAction(row, 'Record payback');
    const payback = page.getByRole('dialog', { name: 'Record payback' });
    await payback.getByLabel('Paid back', { exact: true }).fill('300');
    const date = payback.getByLabel('Payback date', { exact: true });
    await tap(date);
    await date.fill('2026-11-20');
    await date.press('Enter');
    await tap(payback.getByRole('button', { name: 'Save', exact: true }));
    await expect.poll(async () => (await stored()).paybackAmount).toBe(300);
    expect((await stored()).paybackDate).toBe('2026-11-20');

    const waiting = rowWith(page, `Site visit pending ${stamp}`).first();
    expect(await rowActionCount(waiting, 'Record invoices')).toBe(0);
    expect(await rowActionCount(waiting, 'Record payback')).toBe(0);
    expect(pending?.state).toBe('pending');
  });

  test("a submitted quotation takes the customer's reply from its row, which the server keeps (en)", async () => {
    const schema = pages.find((candidate) => candidate.page === 'quote') as PageSchema;
    const name = `Quotation replied ${Date.now() % 100000}`;
    const record = await createRecord(server.app, admin, 'quote', { name });
    expect((await callOn(server.app, admin, 'submitQuote', record.id)).status).toBe(200);
    const stored = async () => (await callOn<Row>(server.app, admin, 'getQuoteById', record.id)).body.data;

    await page.goto(`${server.url}${schema.route}?lng=en`);
    const row = rowWith(page, name).first();
    await rowAction(row, 'Customer replied');
    const dialog = page.getByRole('dialog', { name: 'Customer replied' });
    await dialog.getByLabel("Customer's reply", { exact: true }).fill('Accepted, with delivery in March');
    await tap(dialog.getByRole('button', { name: 'Save', exact: true }));
    // The row shows the new state before its actions are counted: the list is drawn again after the save.
    await reachesState(row, 'quote', stored, 'replied');
    expect((await stored()).replyContent).toBe('Accepted, with delivery in March');
    expect(await rowActionCount(row, 'Customer replied')).toBe(0);
  });

  test("a reviewed support request's outcome is marked read from its row, which the server keeps; a submitted one is not offered it (en)", async () => {
    const schema = pages.find((candidate) => candidate.page === 'supportRequest') as PageSchema;
    const name = `Inverter support ${Date.now() % 100000}`;
    const record = await createRecord(server.app, admin, 'supportRequest', { name });
    expect((await callOn(server.app, admin, 'submitSupportNew', record.id)).status).toBe(200);
    const stored = async () => (await callOn<Row>(server.app, admin, schema.resource.get as string, record.id)).body.data;

    await page.goto(`${server.url}${schema.route}?lng=en`);
    const row = rowWith(page, name).first();
    expect(await rowActionCount(row, 'Mark outcome read')).toBe(0);
    const reviewed = await callOn(server.app, admin, 'reviewSupportDetail', record.id, { payload: { reviewResult: 'accepted' } });
    expect(reviewed.status).toBe(200);
    await page.reload();
    await rowAction(row, 'Mark outcome read');
    await expect.poll(async () => (await stored()).isRead).toBe(true);
    await page.reload();
    expect(await rowActionCount(row, 'Mark outcome read')).toBe(0);
  });

  test('the work flows page counts each state beside its tab as the server does; a draft committed from its row moves one from Draft to Pending (en)', async () => {
    const schema = pages.find((candidate) => candidate.page === 'workFlow') as PageSchema;
    const title = `Flow counted ${Date.now() % 100000}`;
    const record = await createRecord(server.app, admin, 'workFlow', { title });
    const counts = async () => {
      const answer = await call<{ key: string; count: number }[]>(server.app, admin, {
        method: 'GET',
        url: url('countWorkFlow'),
      });
      return Object.fromEntries(answer.body.data.map((group) => [group.key, group.count])) as Record<string, number>;
    };
    const before = await counts();
    const all = Object.values(before).reduce((sum, count) => sum + count, 0);
    const tab = (label: string, count: number) => page.getByRole('tab', { name: `${label} (${count})`, exact: true });

    await page.goto(`${server.url}${schema.route}?lng=en`);
    await tab('All', all).waitFor();
    await tab('Draft', before.draft ?? 0).waitFor();
    await tab('Pending approval', before.pending ?? 0).waitFor();
    await tab('Agreed', before.agreed ?? 0).waitFor();
    await rowAction(rowWith(page, title).first(), text('entities.workFlow.transitions.commit'));
    await reachesState(
      rowWith(page, title).first(),
      'workFlow',
      async () => (await callOn<Row>(server.app, admin, schema.resource.get as string, record.id)).body.data,
      'pending',
    );
    await tab('Draft', (before.draft ?? 0) - 1).waitFor();
    await tab('Pending approval', (before.pending ?? 0) + 1).waitFor();
    await tab('All', all).waitFor();
    // A tab chosen lists its state's records; the counts stay those of every state.
    await tap(tab('Pending approval', (before.pending ?? 0) + 1));
    await page.getByText(`${(before.pending ?? 0) + 1} in total`).waitFor();
    await tab('Draft', (before.draft ?? 0) - 1).waitFor();
  });

  test('a station is copied from its row under the serial number typed, with its devices; the copy is listed (en)', async () => {
    const stations = await openingList(server.app, admin, siteManage);
    const devicesOf = async (stationId: unknown) =>
      (
        await call<{ total: number }>(server.app, admin, {
          method: 'GET',
          url: url(pages.find((candidate) => candidate.page === 'emsDevice')?.resource.list as string),
          query: { stationId: String(stationId) },
        })
      ).body.data.total;
    let source: Row | undefined;
    for (const station of stations.records) {
      if ((await devicesOf(station.id)) === 0) continue;
      source = station;
      break;
    }
    expect(source, 'a station of the first page with devices').toBeDefined();
    const sn = `CP${Date.now() % 100000}`;

    await page.goto(`${server.url}${siteManage.route}?lng=en`);
    await rowAction(rowWith(page, String(source?.sn)).first(), 'Copy');
    const dialog = page.getByRole('dialog', { name: 'Copy' });
    // A serial number taken is refused in the dialog, which stays open, and nothing is made.
    await dialog.getByLabel('Serial number of the copy', { exact: true }).fill(String(source?.sn));
    await tap(dialog.getByRole('button', { name: 'Save', exact: true }));
    await dialog.getByText('Serial number is already in use', { exact: true }).waitFor();
    expect((await openingList(server.app, admin, siteManage)).total).toBe(stations.total);
    await dialog.getByLabel('Serial number of the copy', { exact: true }).fill(sn);
    await dialog.getByLabel('Name of the copy', { exact: true }).fill(`Copy of ${String(source?.name)}`);
    await tap(dialog.getByRole('button', { name: 'Save', exact: true }));
    await rowWith(page, sn).first().waitFor();
    const copies = await call<{ records: Row[] }>(server.app, admin, {
      method: 'GET',
      url: url(siteManage.resource.list),
      query: { name: `Copy of ${String(source?.name)}`, size: '50' },
    });
    const copy = copies.body.data.records.find((station) => station.sn === sn);
    expect(copy?.name).toBe(`Copy of ${String(source?.name)}`);
    expect(await devicesOf(copy?.id)).toBe(await devicesOf(source?.id));
  });

  test('a problem approved is assigned to an employee picked in its dialog, then given a temporary measure, each stored (en)', async () => {
    const schema = pages.find((candidate) => candidate.page === 'oaProblem') as PageSchema;
    const name = `Inverter fan noise ${Date.now() % 100000}`;
    const record = await createRecord(server.app, admin, 'problem', { name });
    const stored = async () => (await callOn<Row>(server.app, admin, schema.resource.get as string, record.id)).body.data;
    const users = await call<{ id: number; name: string }[]>(server.app, admin, { method: 'GET', url: url('listUserOptions') });
    const assignee = users.body.data.find((user) => users.body.data.filter((other) => other.name === user.name).length === 1) as {
      id: number;
      name: string;
    };
    const step = (transition: string) => text(`entities.problem.transitions.${transition}`);
    const reaches = (state: string) => reachesState(row, 'problem', stored, state);

    await page.goto(`${server.url}${schema.route}?lng=en`);
    const row = rowWith(page, name).first();
    await rowAction(row, step('approve'));
    const opinion = page.getByRole('dialog', { name: step('approve') });
    await opinion.getByLabel('Opinion', { exact: true }).fill('Worth a look');
    await tap(opinion.getByRole('button', { name: 'Save', exact: true }));
    await reaches('unprocessed');

    await rowAction(row, step('assign'));
    const assign = page.getByRole('dialog', { name: step('assign') });
    await choose(assign, '* Assignee', assignee.name);
    await tap(assign.getByRole('button', { name: 'Save', exact: true }));
    await reaches('processing');
    expect((await stored()).assigneeId).toBe(assignee.id);

    await rowAction(row, step('temporary'));
    const measure = page.getByRole('dialog', { name: step('temporary') });
    await measure.getByLabel('Temporary measure', { exact: true }).fill('Fan cleaned; a new one ordered');
    await tap(measure.getByRole('button', { name: 'Save', exact: true }));
    await reaches('temporary');
    expect((await stored()).temporaryMeasure).toBe('Fan cleaned; a new one ordered');
  });

  test.each<[Language, string, string, string, string, string]>([
    ['en', 'Site schemes', 'New', 'Station serial number', 'Save', 'no station of yours has the serial number NO-SUCH-1'],
    ['zh', '站点方案', '新增', '电站序列号', '保存', '本企业没有序列号为 NO-SUCH-1 的电站'],
  ])(
    "a sales order's site schemes list its entries, and a station the tenant lacks is refused beside its field (%s)",
    async (language, title, create, snLabel, save, refusal) => {
      type Entry = { sn: string; name: string };
      const orders = await call<{ records: { id: number }[] }>(server.app, admin, {
        method: 'GET',
        url: '/manager/orderinfo/page',
      });
      const entriesOf = async (orderId: number) =>
        (
          await call<{ records: Entry[]; total: number }>(server.app, admin, {
            method: 'GET',
            url: '/manager/orderinfo/siteScheme/page',
            query: { orderId: String(orderId), size: '50' },
          })
        ).body.data;
      let order: { id: number; entries: Entry[] } | undefined;
      for (const { id } of orders.body.data.records) {
        const { records } = await entriesOf(id);
        if (records.length > 0) {
          order = { id, entries: records };
          break;
        }
      }
      if (!order) throw new Error('no demo order has site-scheme entries');
      await page.goto(`${server.url}/main/appliance/sales/site-schemes?orderId=${order.id}&lng=${language}`);
      await page.getByRole('heading', { name: new RegExp(title) }).waitFor();
      for (const entry of order.entries)
        await page.getByRole('row').filter({ hasText: entry.sn }).filter({ hasText: entry.name }).waitFor();

      await tap(page.getByRole('button', { name: create, exact: true }));
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(snLabel, { exact: true }).fill('NO-SUCH-1');
      await dialog.getByLabel(language === 'en' ? 'Name' : '名称', { exact: true }).fill('Nowhere');
      await tap(dialog.getByRole('button', { name: save, exact: true }));
      // Beside the serial number's field, in the user's language; nothing stored.
      await dialog
        .locator('.ant-form-item')
        .filter({ has: page.getByLabel(snLabel, { exact: true }) })
        .getByText(refusal)
        .waitFor();
      expect((await entriesOf(order.id)).total).toBe(order.entries.length);
      await page.keyboard.press('Escape');
    },
  );

  test.each<Language>(['en', 'zh'])(
    "%s: an administrator corrects an order's figures from its row: the form holds the order's, a value too large is refused beside its field and nothing changes, the correction is kept; staff are not offered it",
    async (language) => {
      const say = (key: string) => text(key, {}, language);
      const schema = pages.find((candidate) => candidate.page === 'salesOrder') as PageSchema;
      const readOrder = async (id: unknown) =>
        (await call<Row>(server.app, admin, { method: 'GET', url: url('getOrderById'), query: { id: String(id) } })).body.data;
      const [listed] = (await openingList(server.app, admin, schema)).records;
      const order = await readOrder(listed?.id);
      const title = say('forms.salesOrderCorrection.title');
      await page.goto(`${server.url}${schema.route}?lng=${language}`);
      await rowAction(rowWith(page, String(order.orderNo)).first(), title);
      const dialog = page.getByRole('dialog', { name: title });
      const amount = dialog.getByRole('textbox', { name: say('forms.salesOrderCorrection.fields.contractAmount') });
      const save = dialog.getByRole('button', { name: say('common.save'), exact: true });
      // The order's own figures, to correct.
      await expect.poll(() => amount.inputValue()).toBe(formatMoney(Number(order.contractAmount)));
      await amount.fill('99999999999');
      await tap(save);
      // Beside the field (a locator in \`has\` is looked for inside the item).
      const amountLabel = say('forms.salesOrderCorrection.fields.contractAmount');
      await dialog
        .locator('.ant-form-item')
        .filter({ has: page.getByRole('textbox', { name: amountLabel }) })
        .getByText(say('errors.salesMoneyTooLarge'))
        .waitFor();
      expect(await readOrder(order.id)).toEqual(order);
      const corrected = language === 'en' ? 123456.78 : 234567.89;
      await amount.fill(String(corrected));
      await tap(save);
      await dialog.waitFor({ state: 'hidden' });
      expect(await readOrder(order.id)).toMatchObject({
        contractAmount: corrected,
        budgetCost: order.budgetCost,
        signDate: order.signDate,
      });

      // A member of staff sees the order's other actions, not this one.
      await signOut(page, language);
      await signInAs(page, server.url, 'operator', 'operator123');
      await page.waitForURL((address) => !address.pathname.startsWith('/login'));
      await page.goto(`${server.url}${schema.route}?lng=${language}`);
      const first = page.getByRole('row').nth(1);
      expect(await rowActionCount(first, say('forms.salesOrderTransfer.title'))).toBe(1);
      expect(await rowActionCount(first, title)).toBe(0);
      await signOut(page, language);
      await signInAsAdmin(page, server.url);
    },
  );

  test.each<Language>(['en', 'zh'])(
    "%s: a factory test's row downloads its workbook, in the page's columns and the user's language, of that test alone",
    async (language) => {
      const schema = pages.find((candidate) => candidate.page === 'factoryTestRecord') as PageSchema;
      const [test] = (await openingList(server.app, admin, schema)).records;
      if (!test) throw new Error('no demo factory test');
      await page.goto(`${server.url}${schema.route}?lng=${language}`);
      const downloading = page.waitForEvent('download');
      await rowAction(rowWith(page, String(test.name)).first(), text('actions.exportFactoryTestRecord', {}, language));
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load((await readFile(await download.path())) as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0];
      // The page's columns, headed by their labels (the first two: the test and its serial number).
      expect(sheet?.actualColumnCount).toBe(schema.columns.length);
      expect([1, 2].map((cell) => sheet?.getRow(1).getCell(cell).value)).toEqual(
        ['name', 'sn'].map((field) => text(`entities.factoryTestRecord.fields.${field}`, {}, language)),
      );
      expect(sheet?.actualRowCount).toBe(2);
      expect(sheet?.getRow(2).getCell(1).value).toBe(test.name);
      expect(sheet?.getRow(2).getCell(2).value).toBe(test.sn);
    },
  );

  test.each<[Language, string, string]>([
    ['en', 'New', 'Save'],
    ['zh', '新增', '保存'],
  ])(
    'in %s, a new tender’s form proposes the next free number of the day, which is saved; an edited tender keeps its own',
    async (language, create, save) => {
      const proposal = async () =>
        (await call<string>(server.app, admin, { method: 'GET', url: '/manager/busBiddingInfo/generateNumber' })).body.data;
      const label = (field: string) => text(`entities.tender.fields.${field}`, {}, language);
      await page.goto(`${server.url}/main/appliance/bidding/info?lng=${language}`);
      await tap(page.getByRole('button', { name: create, exact: true }));
      const dialog = page.getByRole('dialog');
      const number = dialog.getByLabel(label('tenderNo'), { exact: true });
      const expected = await proposal();
      expect(expected).toMatch(/^TB\d{11}$/);
      await expect.poll(() => number.inputValue()).toBe(expected);

      const name = `Proposed number ${language}`;
      await dialog.getByLabel(label('name'), { exact: true }).fill(name);
      const day = dialog.getByLabel(label('planBidDate'), { exact: true });
      await tap(day);
      await day.fill('2026-12-15');
      await day.press('Enter');
      await tap(dialog.getByRole('button', { name: save, exact: true }));
      await dialog.waitFor({ state: 'hidden' });
      const listed = await call<{ records: { id: number; name: string; tenderNo: string }[] }>(server.app, admin, {
        method: 'GET',
        url: `/manager/busBiddingInfo/page?name=${encodeURIComponent(name)}`,
      });
      const saved = listed.body.data.records.find((record) => record.name === name);
      expect(saved?.tenderNo).toBe(expected);
      // The next proposal is the next number of the day.
      expect(await proposal()).not.toBe(expected);

      // Its edit form keeps the number it has.
      await rowAction(rowWith(page, name), text('common.edit', {}, language));
      await expect
        .poll(() => page.getByRole('dialog').getByLabel(label('tenderNo'), { exact: true }).inputValue())
        .toBe(expected);
      await page.keyboard.press('Escape');
    },
  );
});
