import type { Locator, Page } from 'playwright-core';
import { tap } from './browser';

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

/** The data row of a table that contains `text`. */
export function rowWith(page: Page, text: string): Locator {
  return page.getByRole('row').filter({ hasText: text });
}
