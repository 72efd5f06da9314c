import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, signInAsAdmin, tap } from '../support/browser';
import { startServer, type TestServer } from '../support/server';

/** Each of `targets` that a person sees whole: its top and bottom edges are its own, not clipped, scrolled away or covered. */
function wholeInView(targets: Locator): Promise<boolean[]> {
  return targets.evaluateAll((elements) =>
    elements.map((element) => {
      const { left, top, bottom } = element.getBoundingClientRect();
      const seen = (y: number) => element.contains(document.elementFromPoint(left + 8, y));
      return top >= 0 && bottom <= innerHeight && seen(top + 1) && seen(bottom - 1);
    }),
  );
}

/** The page scrolls sideways: what it holds is wider than the window. */
const pageScrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > innerWidth);

/** The controls of a form a person fills in, by their roles. */
const fieldsOf = (form: Locator) =>
  form.getByRole('textbox').or(form.getByRole('combobox')).or(form.getByRole('spinbutton')).or(form.getByRole('checkbox'));

/** How many of `fields` lie wholly inside the window. */
async function inWindow(page: Page, fields: Locator): Promise<number> {
  const height = page.viewportSize()?.height ?? 0;
  let count = 0;
  for (const box of await Promise.all((await fields.all()).map((field) => field.boundingBox())))
    if (box && box.y >= 0 && box.y + box.height <= height) count += 1;
  return count;
}

/**
 * The density of the generated list pages and forms, and their behaviour on a phone, through the
 * generic runtime on the customer list (any list page and form draws the same way).
 */
describe('dense list pages and forms', () => {
  let server: TestServer;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;
  const customers = () => page.getByRole('table', { name: 'Customers' });
  const dataRows = () =>
    customers()
      .getByRole('row')
      .filter({ has: page.getByRole('cell') });

  beforeAll(async () => {
    server = await startServer({ listen: true, sqliteDemo: true });
    browser = await launchBrowser();
    page = await browser.context.newPage();
    await signInAsAdmin(page, server.url);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test('at 1440 × 900 the customer list shows its 10 rows whole, each one line of Ant Design’s middle size', async () => {
    await page.goto(`${server.url}/main/appliance/customer?lng=en`);
    await page.getByText('24 in total').waitFor();
    const rows = dataRows();
    expect(await rows.count()).toBe(10);
    expect((await wholeInView(rows)).filter(Boolean).length).toBeGreaterThanOrEqual(10);
    // 12 px above and below a 22 px line, or the 24 px of the row's small action buttons.
    for (const box of await Promise.all((await rows.all()).map((row) => row.boundingBox())))
      expect(box?.height).toBeLessThanOrEqual(50);
    // A text longer than its column is cut; the cell's tooltip holds it whole.
    const long = customers().getByRole('cell', { name: 'Company resource or strategic cooperation', exact: true }).first();
    expect(await long.getAttribute('title')).toBe('Company resource or strategic cooperation');
    expect((await long.boundingBox())?.height).toBeLessThanOrEqual(50);
  });

  test('the header stays in view over the rows, and the name column beside the columns scrolled sideways; the page itself never scrolls sideways', async () => {
    await tap(page.getByRole('combobox', { name: 'Page Size' }));
    await tap(page.getByTitle('50 / page', { exact: true }));
    await expect.poll(() => dataRows().count()).toBe(24);
    const last = dataRows().last();
    await last.scrollIntoViewIfNeeded();
    expect(await wholeInView(last)).toEqual([true]);
    expect(await wholeInView(dataRows().first())).toEqual([false]);
    const header = customers().getByRole('columnheader', { name: 'Name' });
    expect(await wholeInView(header)).toEqual([true]);

    // The last column, the row's actions, is held at the right edge of the table: in view without scrolling sideways.
    expect(await wholeInView(last.getByRole('button', { name: 'More', exact: true }))).toEqual([true]);
    const name = last.getByRole('cell').nth(1);
    expect(await wholeInView(name)).toEqual([true]);
    expect(await pageScrollsSideways(page)).toBe(false);
    expect(await page.evaluate(() => scrollX)).toBe(0);
  });

  test('the customer form shows at least 12 fields at once, on a grid, and ends with Cancel and the primary Save', async () => {
    await page.goto(`${server.url}/main/appliance/customer?lng=en`);
    const fill = (button: Locator) => button.evaluate((element) => getComputedStyle(element).backgroundColor);
    // The list's New is its primary button: Save is filled as it is, Cancel is not.
    const create = page.getByRole('button', { name: 'New', exact: true });
    const primary = await fill(create);
    await tap(create);
    const dialog = page.getByRole('dialog', { name: 'New · Customer' });
    await dialog.getByLabel('Name', { exact: true }).waitFor();
    expect(await inWindow(page, fieldsOf(dialog))).toBeGreaterThanOrEqual(12);
    const save = dialog.getByRole('button', { name: 'Save', exact: true });
    const cancel = dialog.getByRole('button', { name: 'Cancel', exact: true });
    expect(await inWindow(page, save.or(cancel))).toBe(2);
    expect(await fill(save)).toBe(primary);
    expect(await fill(cancel)).not.toBe(primary);
    await tap(cancel);
    await dialog.waitFor({ state: 'hidden' });
  });

  test('at 390 × 844 the list is a card per record under folded filters, its New and each record’s actions in reach, and nothing scrolls the page sideways', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/main/appliance/customer?lng=en`);
    const cards = page.getByRole('list', { name: 'Customers' }).getByRole('listitem');
    await expect.poll(() => cards.count()).toBe(10);
    expect(await pageScrollsSideways(page)).toBe(false);
    const within = async (target: Locator) => {
      const box = await target.boundingBox();
      return box !== null && box.x >= 0 && box.x + box.width <= 390;
    };
    expect(await within(cards.first().getByRole('button', { name: 'Edit', exact: true }))).toBe(true);
    expect(await within(cards.first().getByRole('button', { name: 'More', exact: true }))).toBe(true);

    // The filters are folded into a panel; opened, they filter the cards, and the panel counts them.
    const filters = page.getByRole('button', { name: 'Filters' });
    expect(await filters.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('search').count()).toBe(0);
    await tap(filters);
    const search = page.getByRole('search');
    await search.getByLabel('Name', { exact: true }).fill('杭州');
    await tap(search.getByRole('button', { name: 'Search', exact: true }));
    await expect.poll(async () => (await cards.allTextContents()).every((text) => text.includes('杭州'))).toBe(true);
    expect(await cards.count()).toBeGreaterThan(0);
    await expect.poll(() => filters.textContent()).toContain('1');
    expect(await pageScrollsSideways(page)).toBe(false);

    // The form takes the width of the phone, a field to a row, its Save in reach.
    const create = page.getByRole('button', { name: 'New', exact: true });
    expect(await within(create)).toBe(true);
    await tap(create);
    const dialog = page.getByRole('dialog', { name: 'New · Customer' });
    const name = dialog.getByLabel('Name', { exact: true });
    await name.waitFor();
    expect((await dialog.boundingBox())?.width).toBeGreaterThanOrEqual(390 - 16);
    const nature = dialog.getByRole('combobox', { name: 'Nature', exact: true });
    const [above, below] = await Promise.all([name.boundingBox(), nature.boundingBox()]);
    expect(below?.y).toBeGreaterThan((above?.y ?? 0) + (above?.height ?? 0));
    const save = dialog.getByRole('button', { name: 'Save', exact: true });
    await save.scrollIntoViewIfNeeded();
    expect(await within(save)).toBe(true);
    expect(await pageScrollsSideways(page)).toBe(false);
  });
});
