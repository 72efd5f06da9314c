import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, signIn } from '../support/api';
import { launchBrowser, settled, signInAsAdmin, tap } from '../support/browser';
import { startServer, type TestServer } from '../support/server';

dayjs.extend(utc);
dayjs.extend(timezone);

const STATION = 'T2-ST1';
/** Every demo station is in Shanghai. */
const ZONE = 'Asia/Shanghai';
const DASHBOARD = `/main/ems/map/monitor/dashboard?lng=en&station=${STATION}`;
/** The trend of every demo dashboard: the active power of the station's converter, today. */
const TREND = '功率趋势';

interface Alarm {
  id: number;
  info?: string;
  variableName?: string;
  level: string;
  reportTime: string;
  recoverTime?: string;
}

/** A time in the station's clock read as UTC: a point of the trend's time axis. */
const axisPoint = (time: string) => Date.parse(`${dayjs(time).tz(ZONE).format('YYYY-MM-DDTHH:mm:ss')}Z`);

/** The alarm bands the trend in `widget` draws, read from its ECharts instance: each band's start and end on the time axis. */
function bandsDrawn(widget: Locator): Promise<{ start: number; end: number; color: string }[]> {
  return widget.getByRole('img', { name: 'Trend chart' }).evaluate((host) => {
    type Edge = { xAxis: number; itemStyle?: { color: string } };
    const chart = (host as HTMLElement & { chart?: { getOption(): { series?: { markArea?: { data?: [Edge, Edge][] } }[] } } })
      .chart;
    const [first] = chart?.getOption().series ?? [];
    return (first?.markArea?.data ?? []).map(([from, to]) => ({
      start: from.xAxis,
      end: to.xAxis,
      color: from.itemStyle?.color ?? '',
    }));
  });
}

/**
 * Alarms on trends, on the demo: the station's alarms of today are bands on its dashboard's trend,
 * in the level's colour; pointing at one shows it, a click opens the station's alarm records.
 */
describe('alarms on trends', () => {
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

  /** The station's alarms of its today, as the trend asks for them. */
  async function todaysAlarms(): Promise<Alarm[]> {
    const today = dayjs().tz(ZONE).startOf('day');
    const answer = await call<Alarm[]>(server.app, admin, {
      method: 'GET',
      url: '/ems/api/device/alarm/period_alarms',
      query: {
        stationSn: STATION,
        startTime: today.format('YYYY-MM-DD HH:mm:ss'),
        endTime: today.add(1, 'day').format('YYYY-MM-DD HH:mm:ss'),
      },
    });
    expect(answer.status).toBe(200);
    return answer.body.data;
  }

  /** An open critical alarm of the station now: a rule its transformer's winding temperature always meets, and a sample. */
  async function raiseAlarm(): Promise<void> {
    const variables = await call<{ id: number; sn: string }[]>(server.app, admin, {
      method: 'GET',
      url: `/ems/api/device/monitordevicevar/devices/${STATION}-TR/devicevars`,
    });
    const variable = variables.body.data.find((entry) => entry.sn === `${STATION}-TR.windingTemp`);
    const type = await call<{ id: number }>(server.app, admin, {
      method: 'POST',
      url: '/ems/api/device/alarmtype/add_alarm_type',
      payload: { name: 'Band check', level: 'critical', source: 'device' },
    });
    const rule = await call(server.app, admin, {
      method: 'POST',
      url: '/ems/api/device/alarmgenerater/add_alarm_generater',
      payload: {
        name: 'Always met',
        variableId: variable?.id,
        typeId: type.body.data.id,
        comparison: 'lt',
        threshold: 1000,
        level: 'critical',
        info: 'band check',
      },
    });
    expect(rule.status).toBe(200);
    const sample = await call(server.app, admin, {
      method: 'POST',
      url: '/ems/api/collector/samples',
      payload: { samples: [{ sn: `${STATION}-TR.windingTemp`, ts: Date.now(), value: 97 }] },
    });
    expect(sample.status).toBe(200);
  }

  test("a demo alarm of today is a band on today's trend; pointing at it shows it, a click opens the alarm", async () => {
    let alarms = await todaysAlarms();
    // The simulated day may not have reached an alarm yet: then one is raised as a collector would.
    if (alarms.length === 0) {
      await raiseAlarm();
      alarms = await todaysAlarms();
    }
    if (alarms.length === 0) throw new Error('no alarm today');

    const page = await browser.context.newPage();
    await signInAsAdmin(page, server.url);
    await page.goto(`${server.url}${DASHBOARD}`);
    const widget = page.getByRole('region', { name: TREND });
    // The live samples may raise another alarm meanwhile: the bands are those of the alarms as the page last asked.
    await expect
      .poll(async () => (await bandsDrawn(widget)).length === (alarms = await todaysAlarms()).length, { timeout: 45_000 })
      .toBe(true);
    const alarm = alarms.at(-1);
    if (!alarm) throw new Error('no alarm today');
    const bands = await bandsDrawn(widget);
    const band = bands.at(-1);
    const start = axisPoint(alarm.reportTime);
    expect(band?.start).toBe(start);
    const colors: Record<string, string> = { critical: '#F5222D', major: '#FA8C16', minor: '#FAAD14', notice: '#1677FF' };
    expect(band?.color).toBe(colors[alarm.level]);
    // An open alarm runs to the end of the day; an ended one to its recovery.
    const tomorrow = axisPoint(dayjs().tz(ZONE).startOf('day').add(1, 'day').toISOString());
    expect(band?.end).toBe(alarm.recoverTime ? Math.max(axisPoint(alarm.recoverTime), start + 432_000) : tomorrow);

    // The middle of the band, on the page.
    const chart = widget.getByRole('img', { name: 'Trend chart' });
    const box = await chart.boundingBox();
    if (!box) throw new Error('the chart is not shown');
    const x = await chart.evaluate(
      (host, [from, to]) => {
        const instance = (host as HTMLElement & { chart?: { convertToPixel(finder: object, value: number): number } }).chart;
        return (
          ((instance?.convertToPixel({ xAxisIndex: 0 }, from ?? 0) ?? 0) +
            (instance?.convertToPixel({ xAxisIndex: 0 }, to ?? 0) ?? 0)) /
          2
        );
      },
      [band?.start ?? 0, band?.end ?? 0],
    );
    const point = { x: box.x + x, y: box.y + box.height / 2 };
    await settled(page);
    await page.mouse.move(point.x, point.y);
    // The tooltip: the alarm's start in the station's clock.
    const started = `Started: ${dayjs(alarm.reportTime).tz(ZONE).format('YYYY-MM-DD HH:mm:ss')}`;
    await expect.poll(() => page.getByText(started).count(), { timeout: 10_000 }).toBeGreaterThan(0);
    // The curve the dialog draws is the one the page was answered: live samples may add a point to a later answer.
    const answered = page.waitForResponse((response) => response.url().includes('/devicevars/gettrendvalues'));
    await page.mouse.click(point.x, point.y);
    await page.waitForURL(`**/record?station=${STATION}&alarm=${alarm.id}`);
    // The alarm itself, over the station's alarm records.
    const dialog = page.getByRole('dialog', { name: alarm.info ?? '' });
    await dialog.waitFor();
    const reported = dayjs(alarm.reportTime).tz(ZONE).format('YYYY-MM-DD HH:mm:ss');
    await dialog.getByRole('cell', { name: reported }).waitFor();
    // Its variable around it, as the server answered the curve: the samples, and the rule's threshold as a line.
    const response = await answered;
    expect(new URL(response.url()).searchParams.get('alarmId')).toBe(String(alarm.id));
    const trend = ((await response.json()) as { data: { threshold: number | null; datas: unknown[] } }).data;
    const curve = dialog.getByRole('region', { name: `${alarm.variableName ?? ''} around the alarm` }).getByRole('img');
    const drawn = async () =>
      curve.evaluate((host) => {
        const option = (
          host as HTMLElement & {
            chart?: { getOption(): { series: { data: unknown[]; markLine?: { data: { yAxis: number }[] } }[] } };
          }
        ).chart?.getOption();
        return { points: option?.series[0]?.data.length, threshold: option?.series[0]?.markLine?.data[0]?.yAxis ?? null };
      });
    expect(trend.datas.length).toBeGreaterThan(0);
    await expect.poll(drawn).toEqual({ points: trend.datas.length, threshold: trend.threshold });
    await tap(dialog.getByRole('button', { name: 'Close' }).last());
    await page.waitForURL(`**/record?station=${STATION}`);
    const records = page.getByRole('table', { name: 'Alarm records' });
    await expect
      .poll(
        () =>
          records
            .getByRole('row')
            .filter({ hasText: alarm.info ?? '' })
            .count(),
        { timeout: 10_000 },
      )
      .toBeGreaterThan(0);
    await page.close();
  });
});
