import type { Locator, Page } from 'playwright-core';
import type { Chart } from '../../generated/meta';
import { tap } from './browser';
import { text } from './english';

/**
 * Picks an entry of a drop-down the way a keyboard user does: open it, type the entry's text to
 * narrow the list, press Enter. (An Ant Design select lists only the options near the active one
 * to assistive technology, so the entry cannot be found by its role before it is narrowed to.)
 */
export async function choose(scope: Page | Locator, combobox: string, option: string): Promise<void> {
  const box = scope.getByRole('combobox', { name: combobox, exact: true });
  await tap(box);
  await box.fill(option);
  // Records of different stations or sites may share a name (1# 电池簇): the first is taken.
  await box.page().getByRole('option', { name: option, exact: true }).first().waitFor({ state: 'attached' });
  await box.press('Enter');
}

/** The suggestions a text field offers (the options of its datalist), none while it has no list. */
export async function suggestionsOf(field: Locator): Promise<string[]> {
  const list = await field.getAttribute('list');
  if (!list) return [];
  return field
    .page()
    .locator(`datalist[id="${list}"] option`)
    .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
}

/** The data row of a table that contains `text`. */
export function rowWith(page: Page, text: string): Locator {
  return page.getByRole('row').filter({ hasText: text });
}

/** A label in either language (the screen may be in English or in Chinese): the whole name, or its start. */
function either(key: string, params: Record<string, string> = {}, whole = true): RegExp {
  const labels = (['en', 'zh'] as const).map((language) => text(key, params, language).replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^(${labels.join('|')})${whole ? '$' : ''}`);
}

/** A row's "More" button ("更多" in Chinese). */
const moreButton = (row: Locator) => row.getByRole('button', { name: either('common.more') });

/** The menu of a row's "More" button, once open (named after the row; the side menu's groups are menus too). */
const moreMenu = (row: Locator) =>
  row
    .page()
    .getByRole('menu', { name: either('common.moreActions', { name: '' }, false) })
    .filter({ visible: true })
    .last();

/**
 * Clicks a row's action by its name: its button when it is one of the row's main actions, else
 * its entry in the menu of the row's "More" button.
 */
export async function rowAction(row: Locator, name: string): Promise<void> {
  const button = row.getByRole('button', { name, exact: true });
  const more = moreButton(row);
  // The row's actions shown (a page coming back into view draws them a moment later).
  await button.or(more).first().waitFor();
  if ((await button.count()) > 0) return tap(button.first());
  await tap(more.first());
  await tap(moreMenu(row).getByRole('menuitem', { name, exact: true }));
}

/** How many of a row's actions are named `name`: among its buttons and in its "More" menu. */
export async function rowActionCount(row: Locator, name: string): Promise<number> {
  const more = moreButton(row);
  await row.getByRole('button').first().waitFor();
  const buttons = await row.getByRole('button', { name, exact: true }).count();
  if (buttons > 0 || (await more.count()) === 0) return buttons;
  await tap(more.first());
  const menu = moreMenu(row);
  const entries = await menu.getByRole('menuitem', { name, exact: true }).count();
  await row.page().keyboard.press('Escape');
  await menu.waitFor({ state: 'hidden' });
  return entries;
}

/** A chart of bars or lines as its ECharts instance holds it: the categories along x, each series' name, values and value axis. */
export interface DrawnChart {
  categories: unknown[];
  series: { name: string; data: unknown[]; axis: number }[];
}

/** The chart drawn in `img` (the element `role="img"` the runtime's chart draws in), once drawn. */
export async function drawnChart(img: Locator): Promise<DrawnChart> {
  await img.locator('canvas').first().waitFor();
  return img.evaluate((host) => {
    type Option = {
      xAxis?: { data?: unknown[] }[];
      series?: { name?: string; data?: unknown[]; yAxisIndex?: number }[];
    };
    const option = (host as HTMLElement & { chart?: { getOption(): Option } }).chart?.getOption() ?? {};
    return {
      categories: option.xAxis?.[0]?.data ?? [],
      series: (option.series ?? []).map((series) => ({
        name: String(series.name),
        data: series.data ?? [],
        axis: series.yAxisIndex ?? 0,
      })),
    };
  });
}

/**
 * The bars or lines a chart panel should draw from its call's answer (its list, or the answer's
 * property `items`): a category per item, named by its enumeration's label or as it is ("--" for
 * none), and a series per value (a missing value as 0), amounts beside counts on the right axis.
 */
export function expectedChart(chart: Chart, answer: unknown, language: 'en' | 'zh'): DrawnChart {
  const list = chart.items === undefined ? answer : (answer as Record<string, unknown>)[chart.items];
  const items = (Array.isArray(list) ? list : []) as Record<string, unknown>[];
  const money = (field: string) => chart.money?.includes(field) === true;
  const category = (value: unknown) =>
    value === null || value === undefined
      ? '--'
      : chart.categoryEnum
        ? text(`enums.${chart.categoryEnum}.${String(value)}`, {}, language)
        : String(value);
  return {
    categories: items.map((item) => category(item[chart.category ?? ''])),
    series: chart.values.map((field) => ({
      name: text(`charts.${chart.call}.${field}`, {}, language),
      data: items.map((item) => (typeof item[field] === 'number' ? item[field] : 0)),
      axis: money(field) && !chart.values.every(money) ? 1 : 0,
    })),
  };
}
