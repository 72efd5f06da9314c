import type { Page, Request, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, signIn } from '../support/api';
import { launchBrowser, signInAsAdmin } from '../support/browser';
import { startServer, type TestServer } from '../support/server';

const STATION = 'T2-ST1';
const DASHBOARD = `/main/ems/map/monitor/dashboard?lng=en&station=${STATION}`;
const BATCH = '/ems/api/main/dashboard/data';
/** The key data widget of every demo storage dashboard: the battery's state of charge, in real time. */
const SOC_WIDGET = '实时SOC';
const SOC = `${STATION}-BMS.soc`;
const TICK_MS = 20_000;

type Answer = { operationId: string; code: number; version?: string; unchanged?: boolean; data?: unknown };
type SentNeed = { version?: string } & Record<string, unknown>;

/** A need as the page asks it, without the version it holds. */
const plain = ({ version: _held, ...need }: SentNeed) => JSON.stringify(need);

/** The dashboard's refreshes as they go: what each asked, with the versions held, and what came back. */
function refreshes(page: Page) {
  const sent: { needs: SentNeed[] }[] = [];
  const answered: Answer[][] = [];
  page.on('request', (request: Request) => {
    if (request.url().includes(BATCH)) sent.push(request.postDataJSON() as { needs: SentNeed[] });
  });
  page.on('response', (response: Response) => {
    if (!response.url().includes(BATCH) || response.status() !== 200) return;
    void response.json().then((body: { data: Answer[] }) => answered.push(body.data));
  });
  return { sent, answered };
}

/**
 * The dashboard's refresh in the browser: each need sent with the version of the answer it holds,
 * an answer still the same coming back unchanged (the figure shown stays), and a viewer whose last
 * refresh was lost catching up at the next one.
 */
describe('dashboard refresh: only what changed comes back', () => {
  let server: TestServer;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let admin: string;
  const sample = (value: number) =>
    call(server.app, admin, {
      method: 'POST',
      url: '/ems/api/collector/samples',
      payload: { samples: [{ sn: SOC, ts: Date.now(), value }] },
    });

  beforeAll(async () => {
    server = await startServer({ listen: true, sqliteDemo: true });
    admin = await signIn(server.app, 'admin', 'admin123');
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test('a steady dashboard is answered unchanged and keeps its figures; after a lost refresh a new sample shows at the next one', async () => {
    await sample(61.25);
    const page = await browser.context.newPage();
    await page.clock.install();
    await signInAsAdmin(page, server.url);
    const seen = refreshes(page);
    await page.goto(`${server.url}${DASHBOARD}`);
    const soc = page.getByRole('region', { name: SOC_WIDGET });
    await expect.poll(() => soc.textContent(), { timeout: 30_000 }).toContain('61.25');

    // The next refresh holds every answer: each need asked before carries its version, and nothing
    // changed (a need whose window moves with the clock, the last 24 hours, is a new need each time).
    const asked = new Set(seen.sent.flatMap((request) => request.needs.map(plain)));
    const before = seen.sent.length;
    await page.clock.runFor(TICK_MS);
    await expect.poll(() => seen.answered.length, { timeout: 20_000 }).toBeGreaterThan(before);
    const tick = seen.sent.at(-1)?.needs ?? [];
    const held = tick.filter((need) => asked.has(plain(need)));
    expect(held.length).toBeGreaterThan(20);
    expect(held.every((need) => typeof need.version === 'string')).toBe(true);
    const steady = seen.answered.at(-1) ?? [];
    expect(steady.filter((answer) => answer.unchanged).length).toBe(held.length);
    expect(await soc.textContent()).toContain('61.25');

    // A new sample, and the refresh that would bring it lost on the way. Answers kept for every
    // viewer are computed again for new samples once they are 5 s old (the page's clock is the
    // test's; the server's is not).
    await page.waitForTimeout(5_000);
    await sample(72.5);
    const beforeLoss = seen.answered.length;
    await page.route(`**${BATCH}`, (route) => route.abort('connectionreset'), { times: 1 });
    await page.clock.runFor(TICK_MS);
    await expect.poll(() => soc.textContent(), { timeout: 20_000 }).not.toContain('61.25');
    // The next refresh catches up: the figure the server has now.
    await page.clock.runFor(TICK_MS);
    await expect.poll(() => soc.textContent(), { timeout: 20_000 }).toContain('72.50');
    // Answered whole by a refresh since the loss (its body is read after the page has shown it).
    const caughtUp = () => seen.answered.slice(beforeLoss).flat();
    await expect
      .poll(() => caughtUp().some((answer) => !answer.unchanged && JSON.stringify(answer.data).includes('72.5')), {
        timeout: 10_000,
      })
      .toBe(true);
    await page.close();
  });
});
