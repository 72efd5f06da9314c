/**
 * The trend widget drawing a year of 5-minute samples of 4 variables in Chromium: the series as
 * the server downsamples them (`getHistoryTrend` with the widget's `points`, peaks and dips kept)
 * against every sample (the same call, window by window, each window under the call's limit).
 * The samples are sent through the collectors' call to a real server; the widget is its
 * Storybook story (a built Storybook: this checkout's and, for a comparison in the same run, an
 * earlier checkout's), given the answers as its data. Answers its section of docs/benchmarks.md.
 */
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { RJSFSchema } from '@rjsf/utils';
import Fastify from 'fastify';
import type { CDPSession, Page } from 'playwright-core';
import schema from '../generated/widgets/trend.json';
import { completeConfig } from '../runtime/dashboard/defaults';
import { formatLocal } from '../server/telemetry/calendar';
import { call, signIn } from '../tests/support/api';
import { launchBrowser } from '../tests/support/browser';
import { startServer } from '../tests/support/server';
import { RAW_POINTS } from '../widgets/trend/points';
import { log } from './report';

const STATION = 'T2-ST1';
const ZONE = 'Asia/Shanghai';
/** Four gauges of the station: a series each. */
const VARIABLES = ['PCS1.activePower', 'PCS1.reactivePower', 'BMS.soc', 'BMS.maxCellTemp'].map((code) => {
  const [device, variable] = code.split('.');
  return { deviceSn: `${STATION}-${device}`, varSn: `${STATION}-${device}.${variable}` };
});
const STEP_MS = 5 * 60_000;
const YEAR_STEPS = 365 * 288;
/** The call's most points per series, and so the longest window of 5-minute samples a call may ask for. */
const MAX_POINTS = 5000;
const WINDOW_STEPS = 4800;
const BATCH = 10_000;
/**
 * Renders of each answer: a render of the widget's answer took from 47 to 205 ms in one series of
 * runs (a collection of garbage falls in its window or not), so its median is taken of more.
 */
const RUNS = { downsampled: 15, full: 5 };
/** How long a render is watched: the chart's drawing and any animation are over well before. */
const SETTLE_MS = 4000;
const STORY = 'widgets-trend--hourly-zh-default';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

interface TrendSeries {
  sn: string;
  name?: string;
  unit: string;
  datas: { time: string; value: number }[];
}

async function taskMs(cdp: CDPSession): Promise<number> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
  return (metrics.find((metric) => metric.name === 'TaskDuration')?.value ?? 0) * 1000;
}

/**
 * One render of the story with `data`: main-thread milliseconds over the settle window, or until
 * the page answers again when it is busier than that (less the same window's idle time), and the
 * longest task, in a freshly loaded story.
 */
async function render(page: Page, url: string, args: Record<string, unknown>): Promise<{ busyMs: number; longestMs: number }> {
  await page.goto(`${url}/iframe.html?id=${STORY}&viewMode=story`);
  await page.getByRole('img').first().waitFor();
  await page.waitForTimeout(500);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const idleBefore = await taskMs(cdp);
  await page.waitForTimeout(SETTLE_MS);
  const idle = (await taskMs(cdp)) - idleBefore;
  await page.evaluate(() => {
    const entries: number[] = [];
    new PerformanceObserver((list) => list.getEntries().forEach((entry) => entries.push(entry.duration))).observe({
      type: 'longtask',
    });
    (window as unknown as { longTasks: number[] }).longTasks = entries;
  });
  const before = await taskMs(cdp);
  // The story's arguments updated and the story drawn again, as the preview does on the channel's
  // `updateStoryArgs`, but in the page: the channel serializes the arguments to send them, and the
  // preview again to tell its manager (a third of the update of the widget's answer), which a
  // dashboard, given the answer by its data call, does not do.
  await page.evaluate(
    async ({ storyId, updatedArgs }) => {
      const preview = (
        window as unknown as {
          __STORYBOOK_PREVIEW__: {
            storyStoreValue: { args: { update(id: string, args: unknown): void } };
            storyRenders: { id: string; rerender(): Promise<void> }[];
          };
        }
      ).__STORYBOOK_PREVIEW__;
      preview.storyStoreValue.args.update(storyId, updatedArgs);
      await Promise.all(preview.storyRenders.filter((story) => story.id === storyId).map((story) => story.rerender()));
    },
    { storyId: STORY, updatedArgs: args },
  );
  await page.waitForTimeout(SETTLE_MS);
  const busyMs = (await taskMs(cdp)) - before - idle;
  const longestMs = await page.evaluate(() => Math.max(0, ...(window as unknown as { longTasks: number[] }).longTasks));
  await cdp.detach();
  return { busyMs, longestMs };
}

/** A built Storybook to draw the trend in, by the label of its checkout. */
export interface StorybookBuild {
  label: string;
  dir: string;
}

export async function trendBench(builds: StorybookBuild[]): Promise<string> {
  const server = await startServer({ rawRetentionDays: 400 });
  const storybooks = await Promise.all(
    builds.map(async (build) => {
      const storybook = Fastify({ logger: false });
      await storybook.register(fastifyStatic, { root: resolve(build.dir) });
      return { ...build, storybook, url: await storybook.listen({ host: '127.0.0.1', port: 0 }) };
    }),
  );
  const browser = await launchBrowser({ motion: true, optimise: true });
  try {
    const admin = await signIn(server.app, 'admin', 'admin123');
    const end = Math.floor(Date.now() / STEP_MS) * STEP_MS;
    const start = end - YEAR_STEPS * STEP_MS;
    log(`Trend: a year of 5-minute samples of ${VARIABLES.length} variables, through the collectors' call...`);
    for (let first = 0; first < YEAR_STEPS; first += BATCH / VARIABLES.length) {
      const samples = [];
      for (let step = first; step < Math.min(first + BATCH / VARIABLES.length, YEAR_STEPS); step += 1) {
        const day = Math.sin((2 * Math.PI * (step % 288)) / 288);
        for (const [index, variable] of VARIABLES.entries())
          samples.push({
            sn: variable.varSn,
            ts: start + step * STEP_MS,
            value: 50 + 20 * index + 40 * day + ((step * 7919) % 17),
          });
      }
      const answer = await call<{ accepted: number }>(server.app, admin, {
        method: 'POST',
        url: '/ems/api/collector/samples',
        payload: { samples },
      });
      if (answer.body.data.accepted !== samples.length) throw new Error(`ingest: ${JSON.stringify(answer.body)}`);
    }
    const trend = async (from: number, to: number, points: number) => {
      const answer = await call<TrendSeries[]>(server.app, admin, {
        method: 'GET',
        url: '/ems/api/device/monitordevicevar/variables/data/historytrend',
        query: {
          sns: VARIABLES.map((v) => v.varSn).join(','),
          calcmethod: 'AVG',
          queryPeriod: 'RAW',
          startTime: formatLocal(from, ZONE).slice(0, 19),
          endTime: formatLocal(to, ZONE).slice(0, 19),
          points: String(points),
        },
      });
      if (answer.body.code !== 0) throw new Error(`historytrend: ${JSON.stringify(answer.body)}`);
      return answer.body.data;
    };
    const downsampled = await trend(start, end, RAW_POINTS);
    const full: TrendSeries[] = downsampled.map((series) => ({ ...series, datas: [] }));
    for (let from = start; from < end; from += WINDOW_STEPS * STEP_MS) {
      const part = await trend(from, Math.min(from + WINDOW_STEPS * STEP_MS, end), MAX_POINTS);
      for (const series of part) full.find((entry) => entry.sn === series.sn)?.datas.push(...series.datas);
    }
    const points = (answer: TrendSeries[]) => answer.reduce((sum, series) => sum + series.datas.length, 0);
    log(`  ${points(downsampled)} points downsampled, ${points(full)} in full`);
    const config = completeConfig(schema as RJSFSchema, {
      queryInterval: 'NORMAL',
      nodeInfo: VARIABLES.map((deviceVar, index) => ({ deviceVar, name: deviceVar.varSn, timestamp: index + 1 })),
    });
    const argsOf = (answer: TrendSeries[]) => ({ config, data: { trend: { status: 'ready', data: answer } } });
    const page = await browser.context.newPage();
    type Render = { busyMs: number; longestMs: number };
    const results = storybooks.map(() => ({ downsampled: [] as Render[], full: [] as Render[] }));
    // Every render of the widget's answer first, those of every sample's 23 MB after them: a render
    // measured right after one of those measured the renderer collecting its garbage (the widget's
    // answer took 321 ms measured so, 114 ms once its renders came first, in runs one after the other).
    for (const kind of ['downsampled', 'full'] as const) {
      for (let run = 0; run < RUNS[kind]; run += 1) {
        for (const [index, build] of storybooks.entries()) {
          results[index]?.[kind].push(await render(page, build.url, argsOf(kind === 'full' ? full : downsampled)));
        }
      }
    }
    const cell = (runs: Render[]) => {
      const busy = median(runs.map((r) => r.busyMs));
      const longest = median(runs.map((r) => r.longestMs));
      return `${busy.toFixed(0)} ms (${longest.toFixed(0)} ms)`;
    };
    const row = (name: string, answer: TrendSeries[], pick: (result: { downsampled: Render[]; full: Render[] }) => Render[]) => {
      const cells = results.map((result) => cell(pick(result)));
      log(`  ${name}: ${cells.join(' | ')}`);
      return `| ${name} | ${points(answer).toLocaleString('en-US')} | ${Math.round(JSON.stringify(answer).length / 1024).toLocaleString('en-US')} | ${cells.join(' | ')} |`;
    };
    const rows = [
      row('Downsampled by the server (the widget’s call)', downsampled, (result) => result.downsampled),
      row('Every sample', full, (result) => result.full),
    ];
    const now = results[results.length - 1];
    const downsampledMs = now ? median(now.downsampled.map((r) => r.busyMs)) : Number.NaN;
    return `## Trend widget: a year of 5-minute data

A year of 5-minute samples of ${VARIABLES.length} variables of ${STATION} (${(YEAR_STEPS * VARIABLES.length).toLocaleString('en-US')} samples, sent through \`POST /ems/api/collector/samples\`), read back with \`getHistoryTrend\` (RAW, AVG): as the widget asks for them, at most ${RAW_POINTS} points per series, the server cutting the year into equal buckets of time and keeping each one's lowest and highest point; and every sample, the same call window by window (${WINDOW_STEPS} steps each, under its limit of ${MAX_POINTS} points). Each answer drawn by the trend widget (its Storybook story, in headless Chromium${storybooks.length > 1 ? ', each built Storybook in turn' : ''}): main-thread time from the data's arrival (the story's arguments updated in the page, without Storybook's channel, which serializes them twice) until the page is idle again (a window of ${SETTLE_MS / 1000} s, or as long as the page does not answer), less the same window idle, and in brackets the longest task; median of ${RUNS.downsampled} renders of the first and ${RUNS.full} of the second, alternated, every sample's renders after the others.

| Series | Points (${VARIABLES.length} series) | Answer (KiB of JSON) | ${storybooks.map((build) => `Main thread, ${build.label}`).join(' | ')} |
|---|---:|---:|${storybooks.map(() => '---:').join('|')}|
${rows.join('\n')}

Goal: the widget's own answer (downsampled) drawn in ≤ 100 ms of main thread — ${downsampledMs <= 100 ? 'met' : 'not met'} (${downsampledMs.toFixed(0)} ms).
`;
  } finally {
    await browser.close();
    await Promise.all(storybooks.map((build) => build.storybook.close()));
    await server.stop();
  }
}
