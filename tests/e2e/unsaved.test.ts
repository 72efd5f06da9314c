import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, signIn } from '../support/api';
import { launchBrowser, signInAsAdmin, tap } from '../support/browser';
import { startServer, type TestServer } from '../support/server';

const CUSTOMERS = '/main/appliance/customer';
const STATION = 'T2-PV1';
const DASHBOARD = `/main/ems/map/monitor/dashboard?lng=en&station=${STATION}`;
const QUESTION = 'Discard the changes not saved?';

/** Nothing typed into a form or changed on a dashboard is lost by a Cancel, an Escape or a navigation the user did not mean. */
describe('changes not saved', () => {
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

  const question = () => page.getByRole('dialog', { name: QUESTION });
  /** The question is asked; the user stays, and it goes. */
  async function stay() {
    await tap(question().getByRole('button', { name: 'Keep editing' }));
    await question().waitFor({ state: 'detached' });
  }
  /** Whether leaving the page (reload, close, another address) would ask: the page's answer to the browser's question. */
  const leavingAsks = () =>
    page.evaluate(() => {
      const leaving = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(leaving);
      return leaving.defaultPrevented;
    });
  /** The browser's own question when the tab is closed: dismissed, the page stays. */
  async function closingAsks(): Promise<string> {
    const asked = new Promise<string>((resolve) => {
      page.once('dialog', (dialog) => {
        resolve(dialog.type());
        void dialog.dismiss();
      });
    });
    await page.close({ runBeforeUnload: true });
    return asked;
  }
  const customers = async () =>
    (await call<unknown[]>(server.app, admin, { method: 'GET', url: '/manager/customer/listByName', query: { name: 'Unsaved' } }))
      .body.data;

  test('a changed form asks before Escape, a click outside, Cancel, a navigation and leaving the page, and keeps what was typed', async () => {
    await page.goto(`${server.url}${CUSTOMERS}?lng=en`);
    // Come from another screen of the application, for Back to return to.
    await tap(page.getByRole('menuitem', { name: 'Customer pool' }));
    await page.getByRole('heading', { name: 'Customer pool' }).waitFor();
    await tap(page.getByRole('menuitem', { name: 'Customers', exact: true }));
    await page.getByRole('heading', { name: 'Customers' }).waitFor();
    await tap(page.getByRole('button', { name: 'New' }));
    const form = page.getByRole('dialog', { name: /^New · / });
    const name = form.getByLabel('Name', { exact: true });
    await name.fill('Unsaved Storage Ltd');

    // The change is known (a render later): from then on leaving asks.
    await expect.poll(leavingAsks).toBe(true);
    await page.keyboard.press('Escape');
    await stay();
    await page.mouse.click(8, 450);
    await stay();
    await tap(form.getByRole('button', { name: 'Cancel' }));
    await stay();
    expect(await name.inputValue()).toBe('Unsaved Storage Ltd');

    // Back in the browser is a navigation inside the application: it waits for the answer.
    await page.evaluate(() => window.history.back());
    await stay();
    expect(new URL(page.url()).pathname).toBe(CUSTOMERS);
    expect(await leavingAsks()).toBe(true);
    expect(await closingAsks()).toBe('beforeunload');
    expect(await name.inputValue()).toBe('Unsaved Storage Ltd');

    // Discarded: the dialog closes and nothing is stored.
    await tap(form.getByRole('button', { name: 'Cancel' }));
    await tap(question().getByRole('button', { name: 'Discard changes' }));
    await form.waitFor({ state: 'hidden' });
    expect(await customers()).toEqual([]);
    expect(await leavingAsks()).toBe(false);
  });

  test('an unchanged form closes at once', async () => {
    await tap(page.getByRole('button', { name: 'New' }));
    const form = page.getByRole('dialog', { name: /^New · / });
    await form.getByLabel('Name', { exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'hidden' });
    expect(await question().count()).toBe(0);
  });

  test('a changed dashboard asks before Cancel, a navigation and leaving the page; discarded, it is as stored', async () => {
    await page.goto(`${server.url}${DASHBOARD}`);
    await tap(page.getByRole('button', { name: 'Edit dashboard' }));
    const frames = page.locator('.dashboard-grid-item > [role="region"]');
    await frames.first().waitFor();
    const titles = () => frames.evaluateAll((list) => list.map((frame) => frame.getAttribute('aria-label')));
    const before = await titles();
    const removed = before[0] ?? '';
    // Unchanged, leaving asks nothing.
    expect(await leavingAsks()).toBe(false);
    await tap(page.getByRole('button', { name: `Delete: ${removed}`, exact: true }));
    await expect.poll(titles).not.toContain(removed);

    await tap(page.getByRole('button', { name: 'Cancel' }));
    await stay();
    await page.getByRole('button', { name: 'Save dashboard' }).waitFor();
    expect(await titles()).not.toContain(removed);

    await tap(page.getByRole('menuitem', { name: 'Me', exact: true }).first());
    await tap(page.getByRole('menuitem', { name: 'Change password' }));
    await stay();
    expect(new URL(page.url()).pathname).toBe(new URL(`${server.url}${DASHBOARD}`).pathname);
    expect(await leavingAsks()).toBe(true);

    await tap(page.getByRole('button', { name: 'Cancel' }));
    await tap(question().getByRole('button', { name: 'Discard changes' }));
    await page.getByRole('button', { name: 'Edit dashboard' }).waitFor();
    await expect.poll(titles).toEqual(before);
    expect(await leavingAsks()).toBe(false);
  });

  test('undone back to the stored dashboard, nothing is asked', async () => {
    await tap(page.getByRole('button', { name: 'Edit dashboard' }));
    const frames = page.locator('.dashboard-grid-item > [role="region"]');
    const removed = (await frames.first().getAttribute('aria-label')) ?? '';
    await tap(page.getByRole('button', { name: `Delete: ${removed}`, exact: true }));
    await tap(page.getByRole('button', { name: 'Undo' }));
    await tap(page.getByRole('button', { name: 'Cancel' }));
    await page.getByRole('button', { name: 'Edit dashboard' }).waitFor();
    expect(await question().count()).toBe(0);
  });
});
