import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, signInAsAdmin } from '../support/browser';
import { startServer, type TestServer } from '../support/server';

/**
 * A device of a demo station cut off its gateway (as a pulled cable is), as the station's
 * dashboard shows it: the collector finds it silent at its next poll, and the dashboard's next
 * refresh shows it; connected again, it is back as soon.
 */

/** Two polls of the channel (5 s each), one refresh of the dashboard (20 s) and a margin. */
const SHOWN_WITHIN_MS = 2 * 5_000 + 20_000 + 10_000;

describe('a device cut off on the wire, on its station dashboard', () => {
  let server: TestServer;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;

  beforeAll(async () => {
    server = await startServer({ listen: true, sqliteDemo: true, simulator: true, historyDays: 1, rawRetentionDays: 1 });
    await server.app.simulator?.ready;
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
      (candidate) => !server.app.simulator?.outageWithin(candidate, 'TR', now - 60_000, now + 4 * SHOWN_WITHIN_MS),
    );
    expect(sn, 'a storage station whose transformer has no outage now').toBeDefined();
    await page.goto(`${server.url}/main/ems/map/monitor/dashboard?lng=en&station=${String(sn)}`);
    const station = page.getByRole('region', { name: '站点通讯状态' });
    const devices = page
      .getByRole('region', { name: '站点详细通讯状态' })
      .getByRole('table', { name: 'Communication of the devices' });
    const transformer = devices.getByRole('row', { name: /1# 变压器/ });
    await expect.poll(() => transformer.textContent(), { timeout: SHOWN_WITHIN_MS }).toContain('online');

    server.app.simulator?.cut(String(sn), 'TR', true);
    await expect.poll(() => transformer.textContent(), { timeout: SHOWN_WITHIN_MS }).toContain('offline');
    expect(await station.getByText('abnormal', { exact: true }).count()).toBe(1);

    server.app.simulator?.cut(String(sn), 'TR', false);
    await expect.poll(() => transformer.textContent(), { timeout: SHOWN_WITHIN_MS }).toContain('online');
    // The station is normal when every device is online (another may be in one of the simulated outages).
    const rows = await devices.getByRole('row').allTextContents();
    const allOnline = rows.slice(1).every((row) => row.includes('online') && !row.includes('offline'));
    expect(await station.getByText(allOnline ? 'normal' : 'abnormal', { exact: true }).count()).toBe(1);
  }, 120_000);
});
