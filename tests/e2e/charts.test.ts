import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import en from '../../generated/i18n/en.json';
import {
  needKey,
  widgetTitle,
  type DataNeed,
  type SlotState,
  type StationContext,
  type WidgetContext,
} from '../../runtime/dashboard';
import { widgetRegistry } from '../../widgets';
import { configuredVars, gaugeValue, scaleOf, type GaugeConfig } from '../../widgets/gauge/rules';
import { dodFigures, dodRange, type DodAnalysisConfig } from '../../widgets/dod-analysis/rules';
import { histogramSeries, type HistogramConfig } from '../../widgets/histogram/rules';
import { labelFigures } from '../../widgets/multi-energy-consumption/rules';
import { labelShares } from '../../widgets/multi-energy-proportion/rules';
import { trendLines } from '../../widgets/multi-energy-trend/rules';
import {
  answersByDay,
  dayEnergy,
  periodShares,
  sumPeriods,
  TARIFF_PERIODS,
  type PeakValleyProportionConfig,
} from '../../widgets/peak-valley-proportion/rules';
import { trendFigures, trendMonth, type PeakValleyTrendConfig } from '../../widgets/peak-valley-trend/rules';
import { configuredNodes, sharesOf, type ProportionConfig } from '../../widgets/proportion/rules';
import { stationsOf } from '../../widgets/station-map/rules';
import { trendSeries, type TrendAnswer, type TrendConfig } from '../../widgets/trend/rules';
import { WORKSHEET_STATUSES } from '../../widgets/work-order-list/rules';
import { statusBars, type WorkOrderStatisticsConfig } from '../../widgets/work-order-statistics/rules';
import { typeCounts } from '../../widgets/work-type-statistics/rules';
import { call, signIn } from '../support/api';
import { launchBrowser, signInAsAdmin } from '../support/browser';
import { startServer, type TestServer } from '../support/server';
import { choose } from '../support/ui';

const STATION = 'T2-ST1';
const BATCH = '/ems/api/main/dashboard/data';
type Widget = { id: string; type: string; config: Record<string, unknown> };
type Slots = Record<string, SlotState>;
type Series = unknown[][];

const figure = (slot: SlotState | undefined, sn: string) => {
  if (slot?.status !== 'ready' || !Array.isArray(slot.data)) return undefined;
  const entry = (slot.data as { sn: string; data?: number | null; value?: number | null }[]).find((item) => item.sn === sn);
  return entry ? (entry.data !== undefined ? entry.data : (entry.value ?? null)) : undefined;
};
const answer = (slot: SlotState | undefined): unknown => (slot?.status === 'ready' ? slot.data : undefined);

/**
 * What each chart widget draws of the answers the server gave it: the data of each series (a gauge
 * or a ring, one value per dial or slice), through the widget's own rules, which its unit tests
 * check. The charts' instances must show exactly these numbers.
 */
const DRAWN: Record<string, (config: Record<string, unknown>, slots: Slots, context: WidgetContext) => Series[]> = {
  trend: (config, slots) => [trendSeries(config as TrendConfig, (answer(slots.trend) ?? []) as TrendAnswer).map((s) => s.points)],
  histogram: (config, slots) => [histogramSeries(config as HistogramConfig, slots.values).series.map((s) => s.datas)],
  gauge: (config, slots) =>
    configuredVars(config as GaugeConfig).map((entry) => {
      const value = gaugeValue(figure(slots.values, entry.deviceVar.varSn));
      const { min, max } = scaleOf(entry, config as GaugeConfig);
      return [value === null ? [] : [Math.min(max, Math.max(min, value))]];
    }),
  proportion: (config, slots) => [
    [
      sharesOf(
        configuredNodes(config as ProportionConfig).map((node) => ({
          name: node.name,
          color: node.color,
          value: figure(slots.values, node.deviceVar.varSn) ?? null,
          unit: '',
        })),
      ).flatMap((share) => (share.percent === null ? [] : [share.value])),
    ],
  ],
  dodAnalysis: (config, slots, context) => {
    const { socVar, period } = config as DodAnalysisConfig;
    return [[dodFigures(dodRange(period, context).days, slots.max, slots.min, socVar?.varSn ?? '').dods]];
  },
  peakValleyProportion: (config, slots) => {
    const { flow } = config as PeakValleyProportionConfig;
    const energy = sumPeriods([...answersByDay(slots).values()].map((day) => dayEnergy(day, flow)));
    return [[periodShares(energy).shares.flatMap((entry) => (entry.energy !== null && entry.energy > 0 ? [entry.energy] : []))]];
  },
  peakValleyTrend: (config, slots, context) => {
    const { period, flow } = config as PeakValleyTrendConfig;
    const figures = trendFigures(trendMonth(period, context).month, slots, flow);
    return [TARIFF_PERIODS.map((tariff) => figures.series[tariff])];
  },
  multiEnergyProportion: (_config, slots) => [
    [
      labelShares(labelFigures(slots.figures)).shares.flatMap((entry) =>
        entry.share === null || entry.value === null ? [] : [entry.value],
      ),
    ],
  ],
  multiEnergyTrend: (_config, slots) => [trendLines(labelFigures(slots.trends)).lines.map((line) => line.datas)],
  workOrderStatistics: (config, slots, context) => {
    const bars = statusBars(config as WorkOrderStatisticsConfig, context, slots.counts);
    return [WORKSHEET_STATUSES.map((status) => bars?.series[status] ?? [])];
  },
  workTypeStatistics: (_config, slots) => [
    [(typeCounts(slots.types)?.entries ?? []).flatMap((entry) => (entry.count > 0 ? [entry.count] : []))],
  ],
  stationMap: (_config, slots, context) => [
    [stationsOf(slots.stations, context.station.sn).placed.map((station) => [station.longitude, station.latitude])],
  ],
};

/** The data of each series of each chart in a widget, as its ECharts instances hold them (a point's `value` where it has one). */
function drawnIn(region: Locator): Promise<Series[]> {
  return region.locator('[role="img"]').evaluateAll((hosts) =>
    hosts.flatMap((host) => {
      const chart = (host as HTMLElement & { chart?: { getOption(): { series?: { data?: unknown[] }[] } } }).chart;
      if (!chart) return [];
      const plain = (datum: unknown) =>
        datum && typeof datum === 'object' && !Array.isArray(datum) && 'value' in datum
          ? (datum as { value: unknown }).value
          : datum;
      return [(chart.getOption().series ?? []).map((series) => (series.data ?? []).map(plain))];
    }),
  );
}

/** The charts of the demo dashboard on Apache ECharts, read back from their chart instances. */
describe('dashboard charts', () => {
  let server: TestServer;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let admin: string;

  beforeAll(async () => {
    server = await startServer({ listen: true, sqliteDemo: true, simulator: true, historyDays: 2 });
    await server.app.simulator?.ready;
    admin = await signIn(server.app, 'admin', 'admin123');
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** The page on the storage station's dashboard, with the latest answer the server gave to each need it asked for. */
  async function dashboard(): Promise<{ page: Page; answers: Map<string, SlotState> }> {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 1600, height: 1000 });
    await signInAsAdmin(page, server.url);
    const answers = new Map<string, SlotState>();
    page.on('response', (response) => {
      if (!response.url().includes(BATCH) || response.request().method() !== 'POST') return;
      const needs = (JSON.parse(response.request().postData() ?? '{}') as { needs: DataNeed[] }).needs;
      void response.json().then((body: { data: { code: number; msg: string; data?: unknown }[] }) =>
        needs.forEach((need, index) => {
          const envelope = body.data[index];
          answers.set(
            needKey(need),
            envelope?.code === 0
              ? { status: 'ready', data: envelope.data }
              : { status: 'error', code: envelope?.code ?? 0, message: '' },
          );
        }),
      );
    });
    await page.goto(`${server.url}/main/ems/map/monitor/dashboard?lng=en&station=${STATION}`);
    await expect.poll(() => page.getByLabel('Loading').count(), { timeout: 30_000 }).toBe(0);
    return { page, answers };
  }

  test('every chart widget of the demo dashboard draws the stored values its answers hold', async () => {
    const { page, answers } = await dashboard();
    const widgets = (
      await call<{ widgets: Widget[] }>(server.app, admin, { method: 'GET', url: `/ems/api/main/siteKanban/${STATION}` })
    ).body.data.widgets;
    const stations = (
      await call<{ sn: string; name: string; timeZone: string }[]>(server.app, admin, {
        method: 'GET',
        url: '/ems/api/device/station/list',
      })
    ).body.data;
    const record = stations.find((entry) => entry.sn === STATION);
    const station: StationContext = {
      sn: STATION,
      name: record?.name ?? '',
      timeZone: record?.timeZone ?? '',
      fields: { ...record },
    };
    const charted = widgets.filter((widget) => DRAWN[widget.type]);
    expect(charted.map((widget) => widget.type).sort()).toEqual(Object.keys(DRAWN).sort());
    const labels = en as unknown as Record<string, Record<string, Record<string, string>>>;
    const title = (widget: Widget) =>
      widgetTitle((key) => {
        const [, type, field] = key.split('.');
        return labels.widgets?.[type ?? '']?.[field ?? ''] ?? key;
      }, widget);
    for (const widget of charted) {
      const definition = widgetRegistry.get(widget.type);
      const region = page.getByRole('region', { name: title(widget), exact: true });
      await expect
        .poll(
          async () => {
            const context = { station, now: await page.evaluate(() => Date.now()) };
            const slots = Object.fromEntries(
              Object.entries(definition?.needs(widget.config, context) ?? {}).map(([slot, need]) => [
                slot,
                answers.get(needKey(need)) ?? { status: 'loading' as const },
              ]),
            );
            return { drawn: await drawnIn(region), stored: DRAWN[widget.type]?.(widget.config, slots, context) };
          },
          { message: `${widget.type} (${title(widget)})` },
        )
        .toSatisfy(({ drawn, stored }) => JSON.stringify(drawn) === JSON.stringify(stored));
      // A chart of nothing would pass as well: each shows some value.
      expect(JSON.stringify(await drawnIn(region)), widget.type).toMatch(/\d/);
    }
    await page.close();
  });

  test('the dark theme re-themes the charts at once, in the same chart instances', async () => {
    const { page } = await dashboard();
    const trend = page.getByRole('img', { name: 'Trend chart' }).first();
    const look = () =>
      trend.evaluate((host) => {
        const chart = (host as HTMLElement & { chart?: { id: string; getOption(): { textStyle?: { color?: string } } } }).chart;
        return { id: chart?.id, text: chart?.getOption().textStyle?.color };
      });
    await expect.poll(async () => (await look()).id).toBeDefined();
    const light = await look();
    await choose(page, 'Theme', 'Dark');
    await expect.poll(async () => (await look()).text).not.toBe(light.text);
    expect((await look()).id).toBe(light.id);
    await page.close();
  });
});
