import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, signIn } from '../support/api';
import { launchBrowser, signInAsAdmin, tap } from '../support/browser';
import { url } from '../support/records';
import { startServer, type TestServer } from '../support/server';
import { chartFigure } from '../../runtime/charts/pageChart';
import { viewOf } from '../../pages/site/views';
import type { ChartBoard } from '../../generated/meta';
import { text } from '../support/english';
import { choose, drawnChart, expectedChart } from '../support/ui';

type Station = { id: number; sn: string; name: string; stationType: string; capacity: number };

/** The figure a panel or widget shows under a caption (its text as laid out: caption, then value). */
const figureAfter = async (page: Page, region: string, caption: string) => {
  const text = await page.getByRole('region', { name: region, exact: true }).innerText();
  const match = new RegExp(`${caption}\\s*\\n\\s*([\\d,.]+)`).exec(text);
  return match?.[1]?.replace(/,/g, '');
};

/** Waits for what the screen shows (its calls and charts take a few seconds on a busy machine). */
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });

describe('site monitoring, energy and photovoltaic screens', () => {
  let server: TestServer;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let admin: string;
  let page: Page;
  let stations: Station[];

  const get = async <T>(path: string, query: Record<string, string> = {}, method: 'GET' | 'POST' = 'GET') => {
    const answer = await call<T>(server.app, admin, { method, url: path, query });
    expect(answer.status).toBe(200);
    return answer.body.data;
  };
  const open = async (path: string) => {
    await page.goto(`${server.url}${path}${path.includes('?') ? '&' : '?'}lng=en`);
  };

  beforeAll(async () => {
    server = await startServer({ listen: true, sqliteDemo: true, simulator: true, historyDays: 2 });
    await server.app.simulator?.ready;
    admin = await signIn(server.app, 'admin', 'admin123');
    stations = await get<Station[]>(url('listStations'));
    browser = await launchBrowser();
    page = await browser.context.newPage();
    await signInAsAdmin(page, server.url);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test.each<['en' | 'zh', string, string]>([
    ['en', 'EmsPhotovoltaicFigures', '/main/ems/map/photovoltaic/photovoltaic-figures'],
    ['zh', 'EmsPhotovoltaicFigures', '/main/ems/map/photovoltaic/photovoltaic-figures'],
    ['en', 'EmsMapStationFigures', '/main/ems/map/station-figures'],
    ['zh', 'EmsMapStationFigures', '/main/ems/map/station-figures'],
  ])(
    '%s: the board %s shows what each of its calls answers about the station picked, on the day picked',
    async (language, route, path) => {
      const view = viewOf<ChartBoard>(route, ['chartBoard']);
      const station = stations.find((entry) => entry.stationType === view.stationTypes?.[0]) as Station;
      // The day picked by default: today, as the browser on this machine counts it.
      const now = new Date();
      const day = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
      // Each panel's call as the screen sends it (station, day, month), and the answer it gets: live
      // figures move between two calls, so the screen is held to the answer it was given.
      const answers = view.panels.map((panel) => {
        const values: Record<string, string> = {};
        if (panel.station) values[panel.station] = station.sn;
        if (panel.day) values[panel.day] = day;
        if (panel.month) values[panel.month] = day.slice(0, 7);
        const pathname = url(panel.call, values);
        return page.waitForResponse((response) => {
          const asked = new URL(response.url());
          return (
            asked.pathname === pathname &&
            Object.entries(values).every(([name, value]) => pathname.includes(value) || asked.searchParams.get(name) === value)
          );
        });
      });
      await page.goto(`${server.url}${path}?lng=${language}&station=${station.sn}`);
      for (const [index, panel] of view.panels.entries()) {
        const response = await answers[index];
        expect(response?.status()).toBe(200);
        const answer = ((await response?.json()) as { data: Record<string, unknown> }).data;
        const title = text(`charts.${panel.call}.title`, {}, language);
        const region = page.getByRole('region', { name: title, exact: true });
        if (panel.type === 'figures') {
          for (const field of panel.values) {
            const figure = region
              .locator('.ant-statistic')
              .filter({ has: page.getByText(text(`charts.${panel.call}.${field}`, {}, language), { exact: true }) });
            await poll(() => figure.locator('.ant-statistic-content').innerText()).toBe(chartFigure(panel, field, answer[field]));
          }
        } else {
          const expected = expectedChart(panel, answer, language);
          expect(expected.categories.length, `${panel.call} has something to draw`).toBeGreaterThan(0);
          expect(await drawnChart(region.getByRole('img', { name: title }))).toEqual(expected);
        }
      }
    },
  );

  test('site overview: the station fields as the server has them; another station picked keeps to the address', async () => {
    const [first, other] = stations as [Station, Station];
    await open('/main/ems/map/info');
    await poll(() => figureAfter(page, 'Station', 'Capacity \\(kW\\)')).toBe(String(first.capacity));
    await choose(page, 'Station', other.name);
    await page.waitForURL(`**station=${other.sn}`);
    await poll(() => figureAfter(page, 'Station', 'Capacity \\(kW\\)')).toBe(String(other.capacity));
  });

  test('storage view: only storage and EMS stations are offered; the board shows the station capacity', async () => {
    await open('/main/ems/map/storageOverview/storageView');
    const box = page.getByRole('combobox', { name: 'Station', exact: true });
    await tap(box);
    // Each station looked for by its name, as a user would in a long list (the list shows a few options at a time).
    for (const station of stations) {
      await box.fill(station.name);
      const option = page.getByRole('option', { name: station.name, exact: true });
      if (station.stationType === 'photovoltaic') {
        await page.getByText('No data', { exact: true }).filter({ visible: true }).first().waitFor();
        expect(await option.count()).toBe(0);
      } else await poll(() => option.count()).toBe(1);
    }
    await page.keyboard.press('Escape');
    await poll(() => figureAfter(page, 'Installed capacity', 'kW')).toBe(String(stations[0]?.capacity));
  });

  test('video surveillance: one camera widget for each camera of the station', async () => {
    const station = stations.find((entry) => entry.stationType === 'ems') as Station;
    const cameras = await get<{ name: string }[]>(url('listIpcByStationSn'), { stationSn: station.sn });
    expect(cameras.length).toBeGreaterThan(1);
    await open(`/main/ems/map/monitor/video?station=${station.sn}`);
    for (const camera of cameras) await poll(() => page.getByRole('region', { name: camera.name, exact: true }).count()).toBe(1);
    expect(await page.locator('.dashboard-grid-item').count()).toBe(cameras.length);
  });

  test('equipment monitoring: every device of the station with its communication; a device opens its history curves', async () => {
    const station = stations[0] as Station;
    const details = await get<{ device: { sn: string; name: string; status: number } }[]>(url('getDeviceDetailsWithStatus'), {
      stationSn: station.sn,
    });
    await open(`/main/ems/map/monitor/equipment?station=${station.sn}`);
    await poll(() => page.getByRole('row').count()).toBe(details.length + 1);
    const pcs = details.find(({ device }) => device.name === '1# PCS')?.device as { sn: string; status: number };
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: '1# PCS', exact: true }) });
    await poll(() => row.innerText()).toContain(pcs.status === 1 ? 'online' : 'offline');
    // The curves' figures are the server's: the points of the variable drawn, for today's samples.
    const variables = await get<{ sn: string; name: string; kind: string }[]>(url('getVarsOfDevice', { deviceSn: pcs.sn }));
    const drawn = variables.find((variable) => variable.kind === 'gauge') as { sn: string; name: string };
    const serverPoints = async (day: string) => {
      const trend = await get<{ datas: unknown[] }[]>(url('getHistoryTrend'), {
        sns: drawn.sn,
        calcmethod: 'AVG',
        queryPeriod: 'RAW',
        startTime: `${day} 00:00`,
        endTime: `${day} 23:59`,
        points: '1000',
      });
      return trend[0]?.datas.length ?? 0;
    };
    const shownPoints = async () => {
      const cells = await page.getByRole('row').filter({ hasText: drawn.name }).getByRole('cell').allInnerTexts();
      return cells.at(-1);
    };
    // The simulator stores a sample every 5 s and the screen reads once: what it shows lies between
    // the server's counts before and after it loads. Its period is the browser's today.
    const day = await page.evaluate(() => new Date().toLocaleDateString('en-CA'));
    const before = await serverPoints(day);
    await tap(row.getByRole('link', { name: '1# PCS', exact: true }));
    await page.waitForURL(`**/monitor/dataLine?station=${station.sn}&device=${pcs.sn}`);
    await poll(() => page.getByRole('combobox', { name: 'Device' }).locator('..').innerText()).toContain('1# PCS');
    expect((await page.getByRole('textbox', { name: 'Period' }).first().inputValue()).slice(0, 10)).toBe(day);
    await poll(shownPoints).toMatch(/^\d+$/);
    const shown = Number(await shownPoints());
    const after = await serverPoints(day);
    expect(shown).toBeGreaterThanOrEqual(before);
    expect(shown).toBeLessThanOrEqual(after);
    expect(shown).toBeGreaterThan(0);
  });

  test.each(['en', 'zh'] as const)(
    'in %s, history curves of a report group: its variables drawn by its method over the period, as the server draws them',
    async (lng) => {
      type Group = { id: number; name: string; calcMethod: string };
      type Trend = { series: { name: string; points: unknown[] }[] };
      const station = stations[0] as Station;
      const groups = await get<Group[]>(url('getStationReportGroups', { id: String(station.id) }));
      const group = groups.find((entry) => entry.calcMethod === 'AVG') as Group;
      // The period the screen opens with: the browser's today.
      const day = await page.evaluate(() => new Date().toLocaleDateString('en-CA'));
      const trend = () =>
        get<Trend>(url('getReportGroupTrend', { id: String(group.id) }), { startTime: `${day} 00:00`, endTime: `${day} 23:59` });
      await page.goto(`${server.url}/main/ems/map/monitor/dataLine?station=${station.sn}&lng=${lng}`);
      const resolution = page.getByRole('combobox', { name: text('siteViews.resolution', {}, lng), exact: true });
      await resolution.waitFor();
      const before = await trend();
      expect(before.series.length).toBeGreaterThan(1);
      await tap(page.getByRole('combobox', { name: text('siteViews.reportGroup', {}, lng), exact: true }));
      await tap(page.locator('.ant-select-item-option').filter({ hasText: group.name }));
      // A row per variable of the group under its curves, and no resolution to choose: the span decides.
      const rows = page.getByRole('row');
      const names = async () => (await rows.allInnerTexts()).slice(1).map((row) => row.split('\t')[0]);
      await poll(names).toEqual(before.series.map((series) => series.name));
      expect(await resolution.count()).toBe(0);
      const after = await trend();
      // The samples keep coming while the screen loads: each curve's points lie between the server's counts.
      for (const [index, series] of before.series.entries()) {
        const points = Number(
          (
            await rows
              .nth(index + 1)
              .getByRole('cell')
              .allInnerTexts()
          )[5],
        );
        expect(points).toBeGreaterThanOrEqual(series.points.length);
        expect(points).toBeLessThanOrEqual(after.series[index]?.points.length ?? 0);
        expect(points).toBeGreaterThan(0);
      }
    },
  );

  test.each(['en', 'zh'] as const)(
    "in %s, history curves: each variable's lowest and highest are its stored extremes of the period; the period's samples download as CSV",
    async (lng) => {
      const station = stations[0] as Station;
      const devices = await get<{ sn: string; name: string }[]>(url('getDevicesByStation', { stationSn: station.sn }));
      const pcs = devices.find((device) => device.name === '1# PCS') as { sn: string };
      const variables = await get<{ sn: string; name: string }[]>(url('getVarsOfDevice', { deviceSn: pcs.sn }));
      // The period the screen opens with: the browser's today.
      const day = await page.evaluate(() => new Date().toLocaleDateString('en-CA'));
      const period = { startTime: `${day} 00:00`, endTime: `${day} 23:59` };
      const sns = variables.map((variable) => variable.sn).join(',');
      const extremes = async () =>
        Object.fromEntries(
          await Promise.all(
            (['MIN', 'MAX'] as const).map(async (calcmethod) => [
              calcmethod,
              await get<{ sn: string; value: number | null }[]>(url('getAccuSummarized'), { sns, calcmethod, ...period }),
            ]),
          ),
        ) as Record<'MIN' | 'MAX', { sn: string; value: number | null }[]>;
      const samples = async (sn: string) =>
        (
          JSON.parse(
            await get<string>(url('getOneTimeDatas'), {
              sns: sn,
              querytimes: `${period.startTime},${period.endTime}`,
              points: '5000',
            }),
          ) as { values: unknown[] }[]
        )[0]?.values.length ?? 0;
      const round = (value: number | null | undefined) => Math.round((value ?? NaN) * 100) / 100;

      // The simulator stores a sample every 5 s: the lowest can only fall and the highest only rise
      // while the screen loads, so what it shows lies between the server's answers before and after.
      const before = await extremes();
      await page.goto(`${server.url}/main/ems/map/monitor/dataLine?station=${station.sn}&device=${pcs.sn}&lng=${lng}`);
      const row = page.getByRole('row').nth(1);
      await poll(async () => (await row.getByRole('cell').allInnerTexts())[3]).toMatch(/^-?[\d.]+$/);
      const [name = '', , lowest, highest] = await row.getByRole('cell').allInnerTexts();
      const after = await extremes();
      const variable = variables.find((entry) => entry.name === name) as { sn: string };
      const of = (answer: typeof before, method: 'MIN' | 'MAX') =>
        round(answer[method].find((entry) => entry.sn === variable.sn)?.value);
      expect(Number(lowest)).toBeLessThanOrEqual(of(before, 'MIN'));
      expect(Number(lowest)).toBeGreaterThanOrEqual(of(after, 'MIN'));
      expect(Number(highest)).toBeGreaterThanOrEqual(of(before, 'MAX'));
      expect(Number(highest)).toBeLessThanOrEqual(of(after, 'MAX'));

      const stored = await samples(variable.sn);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        tap(page.getByRole('button', { name: text('siteViews.exportSamples', {}, lng), exact: true })),
      ]);
      const lines = readFileSync(await download.path(), 'utf8')
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(download.suggestedFilename()).toBe(`${text('siteViews.samples', {}, lng)} ${day} 00_00 ${day} 23_59.csv`);
      expect(lines[0]).toBe(
        ['time', 'name', 'sn', 'value', 'unit'].map((key) => text(`siteViews.curve.${key}`, {}, lng)).join(','),
      );
      const exported = lines.filter((line) => line.split(',')[2] === variable.sn).length;
      expect(exported).toBeGreaterThanOrEqual(stored);
      expect(exported).toBeLessThanOrEqual(await samples(variable.sn));
      expect(exported).toBeGreaterThan(0);
    },
  );

  test.each([
    ['consumption statistics', 'energy', 'management', 'getLabelTrendDatas', 'value'],
    ['electricity costs', 'cost', 'electricCost', 'getElectricalDegreeAndChargeTrend', 'charge'],
  ] as const)('%s: each energy label %s of the month as the server has it', async (_screen, _what, path, operationId, field) => {
    const station = stations[0] as Station;
    const month = new Date().toISOString().slice(0, 7);
    const totals = async () => {
      const answer = await call<({ name: string } & Record<typeof field, number | null>)[]>(server.app, admin, {
        method: 'POST',
        url: url(operationId),
        payload: { stationSn: station.sn, type: 'MONTH', querytime: month },
      });
      return answer.body.data;
    };
    // The station's energy grows while the screen loads: what it shows lies between the server's answers before and after.
    const before = (await totals()).find((entry) => (entry[field] ?? 0) > 0) as { name: string } & Record<typeof field, number>;
    await open(`/main/ems/map/energy/${path}?station=${station.sn}`);
    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: before.name, exact: true }) });
    await poll(() => row.count()).toBeGreaterThan(0);
    const shown = Number((await row.first().getByRole('cell').allInnerTexts())[1]);
    const after = (await totals()).find((entry) => entry.name === before.name)?.[field] as number;
    expect(shown).toBeGreaterThanOrEqual(Math.round(before[field] * 100) / 100);
    expect(shown).toBeLessThanOrEqual(Math.round(after * 100) / 100);
  });

  test.each<['en' | 'zh']>([['en'], ['zh']])(
    "%s: consumption statistics show the station's labels one energy type at a time, of the types the server lists",
    async (language) => {
      type Label = { id: number; name: string; stationId: number; energyType: string; variables: { variableId: number }[] };
      const station = stations[0] as Station;
      const labels = await get<Label[]>(url('getEnergyLabelTree', { stationSn: station.sn }));
      const electric = labels.find((label) => label.energyType === 'electricity') as Label;
      // A water label of the station, counted by a variable the station has.
      const added = await call<Label>(server.app, admin, {
        method: 'POST',
        url: url('addEnergyLabel'),
        payload: {
          name: `Water main ${language}`,
          stationId: electric.stationId,
          energyType: 'water',
          labelType: 'flow',
          variables: [{ variableId: electric.variables[0]?.variableId, sign: 1 }],
        },
      });
      expect(added.status).toBe(200);
      const water = added.body.data;
      try {
        const types = await get<{ code: string }[]>(url('getEnergyTypes', { stationSn: station.sn }));
        expect(types.map((type) => type.code)).toEqual(['electricity', 'water']);
        const named = (code: string) => text(`enums.energyType.${code}`, {}, language);
        const picker = text('siteViews.energyType', {}, language);
        const row = (name: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
        await page.goto(`${server.url}/main/ems/map/energy/management?station=${station.sn}&lng=${language}`);
        // The first type the server lists is shown first: its labels, not the water label.
        await poll(() => row(electric.name).count()).toBeGreaterThan(0);
        expect(await row(water.name).count()).toBe(0);
        const box = page.getByRole('combobox', { name: picker, exact: true });
        await tap(box);
        // Every type the server lists is offered, in its order.
        const options = page.locator('.ant-select-item-option');
        await options.first().waitFor();
        expect(await options.allInnerTexts()).toEqual(types.map((type) => named(type.code)));
        await tap(options.filter({ hasText: named('water') }));
        await poll(() => row(water.name).count()).toBe(1);
        expect(await row(electric.name).count()).toBe(0);
      } finally {
        expect(
          (await call(server.app, admin, { method: 'DELETE', url: url('deleteEnergyLabel', { id: String(water.id) }) })).status,
        ).toBe(200);
      }
    },
  );

  test.each<['en' | 'zh']>([['en'], ['zh']])(
    "%s: history reports take a report group's variables by its method in place of those picked, as the server figures them",
    async (language) => {
      type Group = { id: number; name: string; calcMethod: string };
      type Figures = { labels: string[]; variables: { name: string; unit: string; value: number | null }[] };
      const station = stations[0] as Station;
      const groups = await get<Group[]>(url('getStationReportGroups', { id: String(station.id) }));
      // The demo's group of energies (DIFF): its figures only grow while the screen loads.
      const group = groups.find((entry) => entry.calcMethod === 'DIFF') as Group;
      let querytime = '';
      const figures = () => get<Figures>(url('getReportGroupDataInfo', { id: String(group.id) }), { type: 'MONTH', querytime });
      const picker = text('siteViews.reportGroup', {}, language);
      const method = page.getByRole('combobox', { name: text('siteViews.method', {}, language), exact: true });
      await page.goto(`${server.url}/main/ems/map/monitor/dataReport?station=${station.sn}&lng=${language}`);
      await method.waitFor();
      // The month the screen opens on: the browser's.
      querytime = await page.evaluate<string>(
        "(() => { const now = new Date(); return now.getFullYear() + '-' + String(now.getMonth() + 1).padStart(2, '0'); })()",
      );
      const before = await figures();
      expect(before.variables.length).toBeGreaterThan(1);
      const box = page.getByRole('combobox', { name: picker, exact: true });
      await tap(box);
      const options = page.locator('.ant-select-item-option');
      // The variables picked, then the station's groups in their order.
      await options.first().waitFor();
      expect(await options.allInnerTexts()).toEqual([
        text('siteViews.pickedVariables', {}, language),
        ...groups.map((entry) => entry.name),
      ]);
      await tap(options.filter({ hasText: group.name }));
      // A column per variable of the group, and no picking of variables or method.
      const headers = page.getByRole('columnheader');
      await poll(() => headers.allInnerTexts()).toEqual([
        text('siteViews.report.time', {}, language),
        ...before.variables.map((variable) => `${variable.name} (${variable.unit})`),
      ]);
      expect(await method.count()).toBe(0);
      const total = page.getByRole('row').filter({ hasText: text('siteViews.report.total', {}, language) });
      const shown = (await total.getByRole('cell').allInnerTexts()).slice(1).map(Number);
      expect(shown.some((value) => value > 0)).toBe(true);
      const after = await figures();
      expect(await page.getByRole('row').count()).toBe(after.labels.length + 2);
      shown.forEach((value, index) => {
        expect(value).toBeGreaterThanOrEqual(Math.round((before.variables[index]?.value ?? 0) * 100) / 100);
        expect(value).toBeLessThanOrEqual(Math.round((after.variables[index]?.value ?? 0) * 100) / 100);
      });
      // Back to the variables picked: their method is offered again.
      await tap(box);
      await tap(options.filter({ hasText: text('siteViews.pickedVariables', {}, language) }));
      await method.waitFor();
    },
  );

  test('PV generation comparison: an inverter yield of the month against the server, and the month before', async () => {
    const station = stations.find((entry) => entry.stationType === 'photovoltaic') as Station;
    const devices = await get<{ sn: string; name: string; kind: string }[]>(
      url('getDevicesByStation', { stationSn: station.sn }),
    );
    const inverter = devices.find((device) => device.kind === 'pvInverter') as { sn: string; name: string };
    const figure = async (querytime: string) => {
      const [answer] = await get<{ value: number | null }[]>(url('getStatisticalValue'), {
        sns: `${inverter.sn}.totalYield`,
        calcmethod: 'DIFF',
        querytime,
        type: 'MONTH',
      });
      return answer?.value ?? null;
    };
    const written = (value: number | null) => (value === null ? '--' : (Math.round(value * 100) / 100).toLocaleString('en'));
    const now = new Date();
    const month = now.toISOString().slice(0, 7);
    const before = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
    // The inverter yields while the screen loads: this month's figure lies between the server's answers before and after.
    const first = (await figure(month)) ?? 0;
    await open(`/main/ems/map/photovoltaicManagement/photovoltaic-comparison?station=${station.sn}`);
    const figures = () => page.getByRole('region', { name: 'Compared figures' }).innerText();
    await poll(figures).toContain(inverter.name);
    const text = await figures();
    const shown = Number(/This period\s*\n\s*([\d,.]+)/.exec(text)?.[1]?.replace(/,/g, ''));
    expect(shown).toBeGreaterThanOrEqual(Math.round(first * 100) / 100);
    expect(shown).toBeLessThanOrEqual(Math.round(((await figure(month)) ?? 0) * 100) / 100);
    expect(text).toMatch(new RegExp(`Period before\\s*\\n\\s*${written(await figure(before)).replace(/[.]/g, '\\.')}`));
  });

  test('history reports: the export holds the figures of the table, from the server for the variable picked', async () => {
    const station = stations[0] as Station;
    const devices = await get<{ sn: string; kind: string }[]>(url('getDevicesByStation', { stationSn: station.sn }));
    const bms = devices.find((device) => device.kind === 'bms') as { sn: string };
    await open(`/main/ems/map/monitor/dataReport?station=${station.sn}&device=${bms.sn}`);
    const variables = await get<{ sn: string; kind: string }[]>(url('getVarsOfDevice', { deviceSn: bms.sn }));
    const drawn = variables.find((variable) => variable.kind === 'gauge') as { sn: string };
    const [server] = await get<{ value: number | null }[]>(url('getStatisticalValue'), {
      sns: drawn.sn,
      calcmethod: 'AVG',
      querytime: new Date().toISOString().slice(0, 7),
      type: 'MONTH',
    });
    const total = page.getByRole('row').filter({ hasText: 'Whole period' });
    await poll(() => total.count()).toBe(1);
    const [download] = await Promise.all([page.waitForEvent('download'), tap(page.getByRole('button', { name: 'Export CSV' }))]);
    const csv = readFileSync((await download.path()) as string, 'utf8');
    const lastLine = csv.trim().split('\r\n').at(-1) as string;
    const [, value] = lastLine.split(',');
    expect(Math.abs(Number(value) - (server?.value ?? Number.NaN))).toBeLessThan(0.5);
    expect((await total.getByRole('cell').allInnerTexts())[1]).toBe(value);
  });

  test('site summary: the tenant stations, capacity and energy charged this year as the server has them', async () => {
    const summary = await get<{ stationCount: number; stationCapacity: number }>(url('getSynthesizeInfo'), {}, 'POST');
    const year = await get<{ charge: number | null }>(url('getYearlyChargeSum'));
    await open('/main/ems/map/summary');
    await poll(() => figureAfter(page, 'Summary', 'Stations')).toBe(String(summary.stationCount));
    await poll(() => figureAfter(page, 'Summary', 'Installed capacity')).toBe(String(summary.stationCapacity));
    await poll(() => figureAfter(page, 'This year', 'Charged \\(kWh\\)')).toMatch(/^\d/);
    const shown = Number(await figureAfter(page, 'This year', 'Charged \\(kWh\\)'));
    const after = await get<{ charge: number | null }>(url('getYearlyChargeSum'));
    expect(shown).toBeGreaterThanOrEqual(Math.floor(year.charge ?? 0));
    expect(shown).toBeLessThanOrEqual(Math.ceil(after.charge ?? 0));
  });

  test('data hub: the tenant figures from the server; the orders follow the year picked', async () => {
    const summary = await get<{ stationCount: number; siteCount: number }>(url('getSynthesizeInfo'), {}, 'POST');
    const lastYear = String(new Date().getFullYear() - 1);
    const orders = await get<{ count: number }>(url('getOrderYearStat'), { year: lastYear });
    await open('/main/appliance/alluser-center');
    await poll(() => figureAfter(page, 'Summary', 'Stations')).toBe(String(summary.stationCount));
    await poll(() => figureAfter(page, 'Summary', 'Execution sites')).toBe(String(summary.siteCount));
    await page.getByRole('region', { name: 'Customers by state' }).locator('canvas').waitFor();
    const year = page.getByRole('textbox', { name: 'Year' });
    await year.click();
    await year.fill(lastYear);
    await year.press('Enter');
    await poll(() => figureAfter(page, 'Orders of the year', 'Orders signed')).toBe(String(orders.count));
  });
});
