import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, emsTokenOf, signIn } from '../support/api';
import { launchBrowser, signInAsAdmin } from '../support/browser';
import { url } from '../support/records';
import { startServer, type TestServer } from '../support/server';

/**
 * A device of a demo station cut off its gateway (as a pulled cable is), as the station's
 * dashboard shows it: the collector finds it silent at its next poll, and the dashboard's next
 * refresh shows it; connected again, it is back as soon. The polls take their real time; the
 * page's clock is moved on to its next refresh once the server answers the change, rather than
 * the test waiting up to 20 s for it.
 */

/** Two polls of the channel (5 s each) and a margin. */
const FOUND_WITHIN_MS = 2 * 5_000 + 10_000;
/** The dashboard's refresh. */
const REFRESH_MS = 20_000;

describe('a device cut off on the wire, on its station dashboard', () => {
  let server: TestServer;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;
  let ems: string;

  /** Whether the server answers the transformer of station `sn` online (status 1). */
  async function transformerOnline(sn: string): Promise<boolean> {
    const detail = await call<{ communicationStatusDetail: { deviceSn: string; status: number }[] }>(server.app, ems, {
      method: 'GET',
      url: url('getStationStatusDetail', { stationSn: sn }),
    });
    return detail.body.data.communicationStatusDetail.find((device) => device.deviceSn === `${sn}-TR`)?.status === 1;
  }

  beforeAll(async () => {
    server = await startServer({ listen: true, sqliteDemo: true, simulator: true, historyDays: 1, rawRetentionDays: 1 });
    await server.app.simulator?.ready;
    ems = await emsTokenOf(server.app, await signIn(server.app, 'admin', 'admin123'));
    browser = await launchBrowser();
    page = await browser.context.newPage();
    await signInAsAdmin(page, server.url);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test('the station communication widgets turn abnormal within two polls of the cut, and the device back online once it answers', async () => {
    // A storage station whose transformer has none of the simulator's seeded outages during the test.
    const now = Date.now();
    const sn = ['T2-ST1', 'T2-ST2', 'T2-ST3'].find(
      (candidate) => !server.app.simulator?.outageWithin(candidate, 'TR', now - 60_000, now + 4 * (FOUND_WITHIN_MS + REFRESH_MS)),
    );
    expect(sn, 'a storage station whose transformer has no outage now').toBeDefined();
    await page.clock.install();
    await page.goto(`${server.url}/main/ems/map/monitor/dashboard?lng=en&station=${String(sn)}`);
    const station = page.getByRole('region', { name: '站点通讯状态' });
    const devices = page
      .getByRole('region', { name: '站点详细通讯状态' })
      .getByRole('table', { name: 'Communication of the devices' });
    const transformer = devices.getByRole('row', { name: /1# 变压器/ });
    /** The collector finds the transformer `state` within two polls, as the server answers it; the dashboard's next refresh shows it. */
    const shown = async (state: 'online' | 'offline') => {
      await expect.poll(() => transformerOnline(String(sn)), { timeout: FOUND_WITHIN_MS }).toBe(state === 'online');
      await page.clock.runFor(REFRESH_MS);
      await expect.poll(() => transformer.textContent()).toContain(state);
    };
    await shown('online');

    server.app.simulator?.cut(String(sn), 'TR', true);
    await shown('offline');
    expect(await station.getByText('abnormal', { exact: true }).count()).toBe(1);

    server.app.simulator?.cut(String(sn), 'TR', false);
    await shown('online');
    // The station is normal when every device is online (another may be in one of the simulated outages).
    const rows = await devices.getByRole('row').allTextContents();
    const allOnline = rows.slice(1).every((row) => row.includes('online') && !row.includes('offline'));
    expect(await station.getByText(allOnline ? 'normal' : 'abnormal', { exact: true }).count()).toBe(1);
  }, 120_000);
});
