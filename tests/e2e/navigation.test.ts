import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ADMIN_LANDING as LANDING,
  launchBrowser,
  settled,
  signInAs,
  signInAsAdmin,
  tap,
  widgetsShowing,
} from '../support/browser';
import { startServer, type TestServer } from '../support/server';

const QUESTION = 'Discard the changes not saved?';

/** The hue of a computed `rgb(...)` colour, in degrees. */
function hue(colour: string): number {
  const [r = 0, g = 0, b = 0] = (colour.match(/[\d.]+/g) ?? []).map(Number).map((channel) => channel / 255);
  const max = Math.max(r, g, b);
  const d = max - Math.min(r, g, b);
  if (d === 0) return 0;
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return (h * 60 + 360) % 360;
}
const hueDistance = (a: string, b: string) => Math.min(Math.abs(hue(a) - hue(b)), 360 - Math.abs(hue(a) - hue(b)));

/** The colour of the border a text field shows (its own, or its wrapper's when the field has one). */
const borderOf = (field: Locator) =>
  field.evaluate((input) => {
    for (let element: Element | null = input; element; element = element.parentElement) {
      const style = getComputedStyle(element);
      if (parseFloat(style.borderTopWidth) > 0) return style.borderTopColor;
    }
    return '';
  });

/**
 * Getting around (issue 49, item 6): the monitoring dashboard one click from the landing page, row
 * actions in view, focus unlike an error, Back and a session ended elsewhere keeping the user's
 * place, and the bottom bar within a phone's width. Every menu entry's reach is checked by the
 * light theme's accessibility sweep (tests/e2e/a11y.light.test.ts), which clicks each one.
 */
describe('getting around', () => {
  let server: TestServer;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;

  async function newPage(width: number, height: number): Promise<Page> {
    const context = await browser.context.browser()?.newContext({ viewport: { width, height }, reducedMotion: 'reduce' });
    if (!context) throw new Error('no browser');
    return context.newPage();
  }

  beforeAll(async () => {
    server = await startServer({ listen: true, sqliteDemo: true, simulator: true, historyDays: 1 });
    await server.app.simulator?.ready;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test.each([
    [1440, 900],
    [390, 844],
  ])('at %i×%i the monitoring dashboard shows its data within two clicks of the landing page', async (width, height) => {
    const page = await newPage(width, height);
    await signInAsAdmin(page, server.url);
    let clicks = 0;
    const click = async (target: Locator) => {
      clicks += 1;
      await tap(target);
    };
    // On a phone the menu is behind its button.
    if (width < 992) await click(page.getByRole('button', { name: 'Open the menu' }));
    await click(page.getByRole('menuitem', { name: 'Monitoring', exact: true }));
    await page.waitForURL((url) => url.pathname === '/main/ems/map/monitor/dashboard');
    await widgetsShowing(page);
    expect(clicks).toBeLessThanOrEqual(2);
    await page.context().close();
  });

  test('at 1366×768 the wide lists show their Actions column without scrolling, and More holds the other actions', async () => {
    const page = await newPage(1366, 768);
    await signInAsAdmin(page, server.url);
    const lists = [
      ['Customers', LANDING],
      ['Expenditure', '/main/appliance/expenses'],
      ['Sites', '/main/ems/map/project/site'],
      ['Site management', '/main/ems/setting/siteManage'],
      ['Bidding kanban', '/main/appliance/bidding/kanban'],
    ];
    for (const [name, path] of lists) {
      await page.goto(`${server.url}${path}?lng=en`);
      const header = page.getByRole('columnheader', { name: 'Actions', exact: true });
      await header.waitFor();
      await page.getByRole('row').nth(1).waitFor();
      // The header and the first row's actions are on the screen and on top (nothing scrolled, nothing over them).
      // Polled: under load, charts above the table and the table's own loading veil settle a moment after the first row.
      const shown = () =>
        page
          .getByRole('row')
          .nth(1)
          .getByRole('cell')
          .last()
          .evaluate((cell) => {
            // The table brought into view from above (charts may stand over it): the window scrolls down, never sideways.
            cell.closest('table')?.parentElement?.scrollIntoView({ block: 'start' });
            const head = cell.closest('table')?.querySelector('thead th:last-child');
            return [cell, head].every((element) => {
              if (!element) return false;
              const box = element.getBoundingClientRect();
              const at = document.elementFromPoint(box.left + box.width / 2, box.top + Math.min(box.height / 2, 12));
              return box.left >= 0 && box.right <= window.innerWidth && (at === element || element.contains(at));
            });
          });
      await expect.poll(shown, { message: `${name}: the Actions column is in view` }).toBe(true);
      // At most three buttons a row: its main actions, and More for the rest.
      const buttons = await page.getByRole('row').nth(1).getByRole('cell').last().getByRole('button').count();
      expect(buttons, `${name}: buttons in a row`).toBeLessThanOrEqual(3);
    }
    // The customers' contacts are under More: chosen there, they open.
    await page.goto(`${server.url}${LANDING}?lng=en`);
    const first = page.getByRole('row').nth(1);
    await first.waitFor();
    expect(await first.getByRole('button', { name: 'Contacts', exact: true }).count()).toBe(0);
    await tap(first.getByRole('button', { name: 'More', exact: true }));
    await tap(page.getByRole('menuitem', { name: 'Contacts', exact: true }));
    await page.waitForURL((url) => url.pathname === '/main/appliance/customer/contacts');
    await page.context().close();
  });

  test('a field the user is in or points at has another border than a field in error', async () => {
    const page = await newPage(1440, 900);
    await signInAsAdmin(page, server.url);
    await tap(page.getByRole('button', { name: 'New', exact: true }));
    const dialog = page.getByRole('dialog', { name: /^New · / });
    await tap(dialog.getByRole('button', { name: 'Save', exact: true }));
    const name = dialog.getByLabel('Name', { exact: true });
    await dialog.getByText('Fields that need attention: 1', { exact: true }).waitFor();
    const city = dialog.getByLabel('City', { exact: true });
    await tap(city);
    const address = dialog.getByLabel('Address', { exact: true });
    await address.hover();
    await settled(page);
    const error = await borderOf(name);
    const focused = await borderOf(city);
    const hovered = await borderOf(address);
    expect(focused).not.toBe(error);
    // Not another red: a red focus reads as an error.
    expect(hueDistance(focused, error), `focused ${focused}, in error ${error}`).toBeGreaterThan(90);
    expect(hueDistance(hovered, error), `hovered ${hovered}, in error ${error}`).toBeGreaterThan(90);
    await page.context().close();
  });

  test('Back from the first screen after signing in asks before dropping a change, and never shows the sign-in form to a signed-in user', async () => {
    const page = await newPage(1440, 900);
    await signInAs(page, server.url, 'admin', 'admin123');
    await page.waitForURL((url) => url.pathname === LANDING);
    await tap(page.getByRole('button', { name: 'New', exact: true }));
    const name = page.getByRole('dialog', { name: /^New · / }).getByLabel('Name', { exact: true });
    await name.fill('Back Storage Ltd');
    const question = page.getByRole('dialog', { name: QUESTION });

    await page.evaluate(() => window.history.back());
    await tap(question.getByRole('button', { name: 'Keep editing' }));
    await question.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(LANDING);
    expect(await name.inputValue()).toBe('Back Storage Ltd');

    // Discarded, Back goes on: the sign-in page takes a signed-in user on to the app.
    await page.evaluate(() => window.history.back());
    await tap(question.getByRole('button', { name: 'Discard changes' }));
    await page.waitForURL((url) => url.pathname === LANDING);
    await page.getByRole('heading', { name: 'Customers' }).waitFor();
    expect(await page.getByRole('button', { name: 'Sign in' }).count()).toBe(0);

    // The sign-in page's address typed by a signed-in user: the same.
    await page.goto(`${server.url}/login?lng=en`);
    await page.waitForURL((url) => url.pathname === LANDING);
    expect(await page.getByRole('button', { name: 'Sign in' }).count()).toBe(0);
    await page.context().close();
  });

  test('a tab signed out from another tab returns to its page once signed in again', async () => {
    const first = await newPage(1440, 900);
    await signInAsAdmin(first, server.url);
    const second = await first.context().newPage();
    await second.goto(`${server.url}/main/ranking?lng=en`);
    await second.getByRole('banner').getByText('系统管理员').waitFor();
    await tap(first.getByRole('button', { name: 'Log out' }));
    await second.waitForURL(`**/login?redirect=${encodeURIComponent('/main/ranking?lng=en')}`);
    await second.getByLabel('Username').fill('admin');
    await second.getByLabel('Password').fill('admin123');
    await tap(second.getByRole('button', { name: 'Sign in' }));
    await second.waitForURL((url) => url.pathname === '/main/ranking');
    await second.getByRole('banner').getByText('系统管理员').waitFor();
    await first.context().close();
  });

  test('at 390×844 the bottom bar fits the width, every entry whole, its names broken between words only', async () => {
    const page = await newPage(390, 844);
    await signInAsAdmin(page, server.url);
    const bar = page.getByRole('navigation', { name: 'Workbench' });
    await bar.getByRole('button', { name: 'Me', exact: true }).waitFor();
    const outside = await bar.evaluate((nav) =>
      [nav, ...nav.querySelectorAll('*')]
        .filter((element) => {
          const box = element.getBoundingClientRect();
          return box.width > 0 && (box.right > window.innerWidth + 0.5 || box.left < -0.5);
        })
        .map((element) => element.textContent),
    );
    expect(outside).toEqual([]);
    // Nothing in it is cut off: no entry wider than its box.
    const cut = await bar
      .getByRole('button')
      .evaluateAll((buttons) =>
        buttons.filter((button) => button.scrollWidth > button.clientWidth + 1).map((button) => button.textContent),
      );
    expect(cut).toEqual([]);
    // A name on two lines breaks between its words, never inside one ("Message / s").
    const broken = await bar.evaluate((nav) => {
      const words: string[] = [];
      const walker = document.createTreeWalker(nav, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          if (range.getClientRects().length > 1) words.push(match[0]);
        }
      }
      return words;
    });
    expect(broken).toEqual([]);
    await tap(bar.getByRole('button', { name: 'Management center', exact: true }));
    await page.waitForURL((url) => url.pathname === '/main/operation');
    await page.context().close();
  });
});
