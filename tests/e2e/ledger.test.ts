import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { LedgerFleet, LedgerRecomputes, LedgerStation } from '../../generated/types';
import { formatMoney } from '../../runtime/format/money';
import { call, signIn } from '../support/api';
import { seriousFindings } from '../support/axe';
import { launchBrowser, settled, signInAsAdmin, tap } from '../support/browser';
import { clickMenuEntry, menuLeaves, userMenu } from '../support/menu';
import { startServer, type TestServer } from '../support/server';
import { text } from '../support/english';

const MONEY_PAGE = '/main/ems/map/ledger/station';
const FLEET_PAGE = '/main/ems/map/ledger/fleet';
const PRICE_PAGE = '/main/ems/map/configuration/electricityPrice';
const STATION = 'T2-ST1';
const HOUR = 3_600_000;
/** The demo's stations are in Shanghai (UTC+8 all year): last month there. */
const localMonth = (ms: number) => new Date(ms + 8 * HOUR).toISOString().slice(0, 7);
const thisMonth = localMonth(Date.now());
const lastMonth = localMonth(Date.parse(`${thisMonth}-01T00:00:00+08:00`) - HOUR);

/** Each figure of the money page by its English name, as the call answers it, written as the specification writes money. */
const FIGURES: [name: string, shown: (ledger: LedgerStation) => string][] = [
  ['Earned (yuan)', (l) => money(l.earned)],
  ['Savings (yuan)', (l) => money(l.savings)],
  ['Arbitrage (yuan)', (l) => money(l.arbitrage)],
  ['PV part (yuan)', (l) => money(l.pvValue)],
  ['Spread (yuan/MWh)', (l) => money(l.spreadPerMwh)],
  ['Cycles per day', (l) => cycles(l.cyclesPerDay)],
  ['Capacity charge (yuan)', (l) => money(l.demandCharge)],
  [
    'Coverage',
    (l) => (l.coverage === null ? '--' : `${(l.coverage * 100).toLocaleString('en-US', { maximumFractionDigits: 2 })} %`),
  ],
];
const money = (value: number | null) => (value === null ? '--' : formatMoney(value));
/** Cycles per day as the money page writes them: three decimals at most. */
const cycles = (value: number | null) => (value === null ? '--' : value.toLocaleString('en-US', { maximumFractionDigits: 3 }));

/**
 * The money pages on the demo, as an operator uses them: a station's ledger of last month shows the
 * figures the ledger call answers, in the money format and the station's zone, with the baseline
 * under the savings; editing the station's price list in the price list screen changes them and
 * leaves a recomputation record; the fleet ranking lists the stations in the call's order and links
 * each to its money page; in English and Chinese, both themes, 1440 and 390 px.
 */
describe('the money pages', () => {
  let server: TestServer;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;
  let admin: string;

  const get = async <T>(url: string, query: Record<string, string>) => {
    const answer = await call<T>(server.app, admin, { method: 'GET', url, query });
    expect([answer.status, answer.body.code]).toEqual([200, 0]);
    return answer.body.data;
  };
  const ledgerOf = (stationSn: string, time = lastMonth) =>
    get<LedgerStation>('/ems/api/ledger/station', { stationSn, type: 'MONTH', time });
  const figure = (name: string) =>
    page.getByRole('region', { name: /^(Figures of the period|本期数据)$/ }).getByRole('group', { name, exact: true });
  const figureText = (name: string) => figure(name).locator('.ant-statistic-content').innerText();
  /** The figures the page shows, by name, once the earned figure reads `earned`. */
  async function figuresShown(ledger: LedgerStation): Promise<string[]> {
    await expect.poll(() => figureText('Earned (yuan)'), { timeout: 20_000 }).toBe(money(ledger.earned));
    return Promise.all(FIGURES.map(([name]) => figureText(name)));
  }

  beforeAll(async () => {
    // The demo's history as the simulator back-fills it on a first start, from before last month on.
    server = await startServer({ listen: true, sqliteDemo: true, simulator: true, historyDays: 62, rawRetentionDays: 1 });
    await server.app.simulator?.ready;
    admin = await signIn(server.app, 'admin', 'admin123');
    browser = await launchBrowser();
    page = await browser.context.newPage();
    page.setDefaultTimeout(20_000);
    await signInAsAdmin(page, server.url);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test("opened from the menu, a station's month shows the figures the ledger call answers, in its zone, against the stated baseline", async () => {
    const chain = menuLeaves(await userMenu(server.app, admin)).get(MONEY_PAGE);
    expect(chain, 'the money page is in the menu').toBeDefined();
    await page.goto(`${server.url}/main/appliance/customer?lng=en`);
    await clickMenuEntry(page, chain ?? []);
    await page.getByRole('heading', { name: 'Station money' }).waitFor();

    await page.goto(`${server.url}${MONEY_PAGE}?station=${STATION}&type=MONTH&time=${lastMonth}&lng=en`);
    const ledger = await ledgerOf(STATION);
    // The demo's storage station charges and discharges every day: last month earned something.
    expect(ledger.dischargeKwh).toBeGreaterThan(0);
    expect(ledger.earned).not.toBe(0);
    expect(await figuresShown(ledger)).toEqual(FIGURES.map(([, shown]) => shown(ledger)));
    await page.getByText(`Days, months and times in the station's zone: ${ledger.timeZone}`, { exact: false }).waitFor();
    expect(ledger.timeZone).toBe('Asia/Shanghai');
    await figure('Savings (yuan)').getByText('Against the baseline: the same load with no battery and no PV').waitFor();
    await page
      .getByText(
        ledger.coverage !== null && ledger.coverage < 1
          ? `From partial data: ${ledger.completeIntervals} of ${ledger.closedIntervals} intervals have complete readings`
          : 'Complete data: every closed interval has complete readings.',
        { exact: false },
      )
      .waitFor();

    // The days behind the month, each with its intervals; a day opens as a span of its own, down to its intervals.
    const days = page.getByRole('table', { name: 'Days of the month' });
    const [first] = ledger.parts;
    const row = days.getByRole('row').filter({ has: page.getByRole('button', { name: `Open ${String(first?.label)}` }) });
    const cells = await row.getByRole('cell').allInnerTexts();
    expect(cells.slice(0, 4)).toEqual([
      first?.label,
      `${first?.from} – ${first?.to}`,
      `${first?.completeIntervals} / ${first?.closedIntervals}`,
      money(first?.earned ?? null),
    ]);
    await tap(row.getByRole('button', { name: `Open ${String(first?.label)}` }));
    const day = await get<LedgerStation>('/ems/api/ledger/station', {
      stationSn: STATION,
      type: 'DAY',
      time: String(first?.label),
    });
    await expect.poll(() => figureText('Earned (yuan)')).toBe(money(day.earned));
    await tap(page.getByRole('tab', { name: 'Intervals', exact: true }));
    const intervals = page.getByRole('table', { name: 'Intervals', exact: true });
    const firstInterval = day.intervals?.[0];
    const shown = await intervals.getByRole('row').nth(1).getByRole('cell').allInnerTexts();
    expect(shown.slice(0, 3)).toEqual([
      firstInterval?.time,
      expect.stringMatching(/^(Sharp peak|Peak|Flat|Valley)$/),
      firstInterval?.purchasePrice.toFixed(4),
    ]);
  });

  test("editing the station's price list in the price list screen changes last month's figures on the page, with a record of why", async () => {
    const before = await ledgerOf(STATION);
    await page.goto(`${server.url}${MONEY_PAGE}?station=${STATION}&type=MONTH&time=${lastMonth}&lng=en`);
    const shownBefore = await figuresShown(before);

    // As the operator does it: the price list screen, the station's list in force last month, Edit.
    const stations = await get<{ records: { id: number; sn: string; name: string }[] }>('/ems/api/device/station/page', {
      size: '50',
    });
    const station = stations.records.find((s) => s.sn === STATION);
    const lists = await get<{ records: { id: number; effectiveMonth: string; valleyPrice: number }[] }>(
      '/ems/api/device/electricityprice/page',
      { stationId: String(station?.id), size: '50' },
    );
    const inForce = lists.records
      .filter((list) => list.effectiveMonth <= lastMonth)
      .sort((a, b) => b.effectiveMonth.localeCompare(a.effectiveMonth))[0];
    expect(inForce).toBeDefined();
    await page.goto(`${server.url}${PRICE_PAGE}?lng=en`);
    await page.getByRole('heading', { name: 'Electricity prices' }).waitFor();
    const row = page
      .getByRole('row')
      .filter({ hasText: String(station?.name) })
      .filter({ hasText: String(inForce?.effectiveMonth) });
    await tap(row.getByRole('button', { name: 'Edit', exact: true }));
    const dialog = page.getByRole('dialog');
    const valley = dialog.getByLabel('Valley price', { exact: true });
    await valley.fill('0.05');
    await tap(dialog.getByRole('button', { name: 'Save', exact: true }));
    await dialog.waitFor({ state: 'hidden' });

    const after = await ledgerOf(STATION);
    expect(after.arbitrage).not.toBe(before.arbitrage);
    await page.goto(`${server.url}${MONEY_PAGE}?station=${STATION}&type=MONTH&time=${lastMonth}&lng=en`);
    const shownAfter = await figuresShown(after);
    expect(shownAfter).toEqual(FIGURES.map(([, shown]) => shown(after)));
    expect(shownAfter).not.toEqual(shownBefore);

    // The recomputation says why: the price list edited, last month's intervals among those recomputed.
    const records = await get<LedgerRecomputes>('/ems/api/ledger/recomputes', { stationSn: STATION });
    const edited = records.find((r) => r.detail.cause === 'price list edited' && r.detail.listId === inForce?.id);
    expect(edited).toBeDefined();
    expect(edited && edited.from <= `${lastMonth}-01 00:00:00` && edited.to >= `${lastMonth}-28`).toBe(true);
    await tap(page.getByRole('tab', { name: 'Recomputations' }));
    const recomputes = page.getByRole('table', { name: 'Recomputations' });
    await recomputes
      .getByRole('row')
      .filter({ hasText: `Price list ${String(inForce?.id)} edited` })
      .first()
      .waitFor();
  });

  test("the fleet's stations are ranked in the ledger call's order, each linked to its money page", async () => {
    const fleet = await get<LedgerFleet>('/ems/api/ledger/fleet', { type: 'MONTH', time: lastMonth });
    expect(fleet.stations.length).toBeGreaterThanOrEqual(3);
    await page.goto(`${server.url}${FLEET_PAGE}?type=MONTH&time=${lastMonth}&lng=en`);
    await page.getByRole('heading', { name: 'Fleet earnings' }).waitFor();
    const table = page.getByRole('table', { name: 'Stations ranked by what they earned' });
    const rows = table.getByRole('row');
    await rows.nth(fleet.stations.length).waitFor();
    const shown = await Promise.all(
      fleet.stations.map((_, i) =>
        rows
          .nth(i + 1)
          .getByRole('cell')
          .allInnerTexts(),
      ),
    );
    expect(shown.map((cells) => cells.slice(0, 4))).toEqual(
      fleet.stations.map((s) => [String(s.rank), s.stationName, s.timeZone, money(s.earned)]),
    );
    const top = fleet.stations[0] as LedgerFleet['stations'][number];
    await tap(table.getByRole('link', { name: top.stationName, exact: true }));
    await page.waitForURL((url) => url.pathname === MONEY_PAGE && url.searchParams.get('station') === top.stationSn);
    await expect.poll(() => figureText('Earned (yuan)')).toBe(money(top.earned));
  });

  test('in Chinese, the same figures in Chinese words', async () => {
    const ledger = await ledgerOf(STATION);
    await page.goto(`${server.url}${MONEY_PAGE}?station=${STATION}&type=MONTH&time=${lastMonth}&lng=zh`);
    await page.getByRole('heading', { name: '电站收益' }).waitFor();
    await expect.poll(() => figure('收益(元)').locator('.ant-statistic-content').innerText()).toBe(money(ledger.earned));
    await figure('节省(元)').getByText('对比基准：同样的负荷，无储能、无光伏').waitFor();
    await page.getByRole('table', { name: '当月各日' }).waitFor();
  });

  test.each(['en', 'zh'] as const)(
    "%s: a day's stored readings of the ledger's meters, newest first; one corrected from its row is stored, its intervals recomputed and recorded with why",
    async (language) => {
      const say = (key: string, values: Record<string, string | number> = {}) => text(key, values, language);
      // Yesterday in the station's zone: its readings are kept, and its intervals are closed.
      const yesterday = new Date(Date.now() + 8 * HOUR - 24 * HOUR).toISOString().slice(0, 10);
      await page.goto(`${server.url}${MONEY_PAGE}?station=${STATION}&type=DAY&time=${yesterday}&lng=${language}`);
      await tap(page.getByRole('tab', { name: say('ledger.tabs.readings'), exact: true }));
      const readings = page.getByRole('table', { name: say('ledger.tabs.readings') });
      const row = readings.locator('tbody tr').first();
      await row.waitFor();
      const [time = '', name = '', sn = '', shown = ''] = await row.getByRole('cell').allInnerTexts();
      expect(time.startsWith(yesterday)).toBe(true);
      // The page's first reading is the newest the server has of that day.
      const [newest] = (
        await get<{ records: { varSn: string; time: string; value: number; ts: number }[] }>('/ems/api/ledger/readings', {
          stationSn: STATION,
          time: yesterday,
          size: '1',
        })
      ).records;
      expect([newest?.time, newest?.varSn]).toEqual([time, sn]);
      const stored = Number(newest?.value);
      expect(Number(shown.split(' ')[0])).toBe(stored);
      expect(await seriousFindings(page)).toEqual([]);

      await tap(row.getByRole('button', { name: say('ledger.correct'), exact: true }));
      const dialog = page.getByRole('dialog', { name: `${say('forms.ledgerCorrection.title')} · ${name} · ${time}` });
      const reason = `meter read back (${language})`;
      await dialog.getByLabel(say('forms.ledgerCorrection.fields.value'), { exact: true }).fill(String(stored + 1));
      await dialog.getByLabel(say('forms.ledgerCorrection.fields.reason'), { exact: true }).fill(reason);
      await tap(dialog.getByRole('button', { name: say('common.save'), exact: true }));
      await dialog.waitFor({ state: 'hidden' });

      // Stored, and recorded with why: the newest recomputation names the reading and its value now.
      const [record] = await get<LedgerRecomputes>('/ems/api/ledger/recomputes', { stationSn: STATION });
      expect(record?.detail).toMatchObject({ cause: 'sample corrected', varSn: sn, ts: newest?.ts, value: stored + 1, reason });
      await readings
        .locator('tbody tr')
        .first()
        .getByText(new RegExp(`^${String(stored + 1)}( |$)`))
        .waitFor();
      await tap(page.getByRole('tab', { name: say('ledger.tabs.recomputes'), exact: true }));
      await page
        .getByRole('table', { name: say('ledger.tabs.recomputes') })
        .getByRole('row')
        .filter({ hasText: say('ledger.causes.sampleCorrected', { sn, reason }) })
        .first()
        .waitFor();
    },
  );

  test('in the light and dark themes, at 1440 and 390 px: no sideways scroll of the page, no serious accessibility finding', async () => {
    for (const theme of ['default', 'dark']) {
      await page.evaluate((value) => localStorage.setItem('theme', value), theme);
      for (const [width, height] of [
        [1440, 900],
        [390, 844],
      ] as const) {
        await page.setViewportSize({ width, height });
        for (const [address, table] of [
          [`${MONEY_PAGE}?station=${STATION}&type=MONTH&time=${lastMonth}`, 'Days of the month'],
          [`${FLEET_PAGE}?type=MONTH&time=${lastMonth}`, 'Stations ranked by what they earned'],
        ] as const) {
          await page.goto(`${server.url}${address}&lng=en`);
          await page.getByRole('table', { name: table }).getByRole('row').nth(1).waitFor();
          await settled(page);
          const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          expect([theme, width, address, sideways]).toEqual([theme, width, address, 0]);
          expect(await seriousFindings(page), `${theme} at ${String(width)} px: ${address}`).toEqual([]);
        }
      }
    }
    await page.evaluate(() => localStorage.removeItem('theme'));
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  // Last: the simulator stops, so that today's figures stand still while the widget and the call are compared.
  test("the station's dashboard: the earnings widget shows today's and this month's figures as the ledger call answers them, against the stated baseline", async () => {
    await server.app.simulator?.stop();
    const today = new Date(Date.now() + 8 * HOUR).toISOString().slice(0, 10);
    const [day, month] = await Promise.all([
      get<LedgerStation>('/ems/api/ledger/station', { stationSn: STATION, type: 'DAY', time: today }),
      ledgerOf(STATION, thisMonth),
    ]);
    // The demo's batteries discharge every day: a month a day old has, so that the figures compared
    // are not all nought. (In its first hours, nothing may have discharged yet.)
    if (Date.now() - Date.parse(`${thisMonth}-01T00:00:00+08:00`) > 24 * HOUR) expect(month.dischargeKwh).toBeGreaterThan(0);
    const expected = [
      money(day.earned),
      money(month.earned),
      money(month.savings),
      money(month.spreadPerMwh),
      cycles(month.cyclesPerDay),
    ];
    const widget = page.getByRole('region', { name: '收益', exact: true });
    const shown = (names: string[]) =>
      Promise.all(
        names.map((name) =>
          widget
            .getByRole('region', { name, exact: true })
            .getByLabel(/^(Value|数值)$/)
            .innerText(),
        ),
      );

    await page.goto(`${server.url}/main/ems/map/monitor/dashboard?lng=en&station=${STATION}`);
    const english = [
      'Earned today (yuan)',
      'Earned this month (yuan)',
      'Savings this month (yuan)',
      'Spread this month (yuan/MWh)',
      'Cycles per day this month',
    ];
    await expect.poll(() => shown(english), { timeout: 30_000 }).toEqual(expected);
    await widget.getByText('Against the baseline: the same load with no battery and no PV').waitFor();

    await page.goto(`${server.url}/main/ems/map/monitor/dashboard?lng=zh&station=${STATION}`);
    const chinese = ['今日收益(元)', '本月收益(元)', '本月节省(元)', '本月价差(元/MWh)', '本月日均循环次数'];
    await expect.poll(() => shown(chinese), { timeout: 30_000 }).toEqual(expected);
    await widget.getByText('对比基准：同样的负荷，无储能、无光伏').waitFor();
  });
});
