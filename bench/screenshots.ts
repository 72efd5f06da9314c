/**
 * `npm run screenshots`: the demo dashboard of the storage station at each width of the viewport
 * matrix, in headless Chromium against the real server (demo data, the simulator on, the built
 * client), written to docs/screenshots/ for the README. `--dark` takes them in the dark theme too.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { launchBrowser, signInAsAdmin } from '../tests/support/browser';
import { VIEWPORTS } from '../tests/support/viewports';
import { serve, stopped } from './child';

const STATION = 'T2-ST1';
const OUT = 'docs/screenshots';

const { values } = parseArgs({ options: { dark: { type: 'boolean', default: false } } });
const dataDir = mkdtempSync(join(tmpdir(), 'platform-screenshots-'));
const server = await serve({ BENCH_MODE: 'dashboard', DATA_DIR: dataDir });
const browser = await launchBrowser();
try {
  mkdirSync(OUT, { recursive: true });
  const page = await browser.context.newPage();
  await signInAsAdmin(page, server.url);
  for (const theme of values.dark ? ['default', 'dark'] : ['default']) {
    await page.evaluate((name) => localStorage.setItem('theme', name), theme);
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await page.goto(`${server.url}/main/ems/map/monitor/dashboard?lng=en&station=${STATION}`);
      await page.locator('.dashboard-grid-item').first().waitFor();
      await page.waitForFunction(() => document.querySelectorAll('[aria-label="Loading"], .ant-spin-spinning').length === 0);
      await page.waitForLoadState('networkidle');
      const file = join(OUT, `dashboard-${viewport.width}${theme === 'dark' ? '-dark' : ''}.png`);
      await page.screenshot({ path: file });
      process.stdout.write(`${file}\n`);
    }
  }
} finally {
  await browser.close();
  await stopped(server.child);
  rmSync(dataDir, { recursive: true, force: true });
}
