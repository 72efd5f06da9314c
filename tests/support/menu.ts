import type { FastifyInstance } from 'fastify';
import type { Page } from 'playwright-core';
import { call } from './api';
import { settled } from './browser';
import { englishLabel } from './english';

/** An entry of the user's menu, as the server answers it (`getUserMenu`). */
export interface MenuEntry {
  name: string;
  path: string;
  parent?: string;
  navigation?: 'bottom';
}

/** The menu of the user signed in with `token`, as the server answers it. */
export async function userMenu(app: FastifyInstance, token: string): Promise<MenuEntry[]> {
  return (await call<MenuEntry[]>(app, token, { method: 'GET', url: '/manager/user/getUserMenu' })).body.data;
}

/** An entry's name in the English menu. */
export const entryTitle = (entry: MenuEntry) => englishLabel(`routes.${entry.name}.title`) ?? entry.name;

/**
 * The side menu's leaves by path, in the menu's order, each with the groups above it (outermost
 * first, the leaf last). A bottom-navigation route with one screen is in the bottom bar only.
 */
export function menuLeaves(menu: MenuEntry[]): Map<string, MenuEntry[]> {
  const byName = new Map(menu.map((entry) => [entry.name, entry]));
  const leaves = new Map<string, MenuEntry[]>();
  for (const leaf of menu) {
    if (leaf.navigation === 'bottom' || menu.some((entry) => entry.parent === leaf.name)) continue;
    const chain = [leaf];
    for (let parent = leaf.parent && byName.get(leaf.parent); parent; parent = parent.parent && byName.get(parent.parent))
      chain.unshift(parent);
    leaves.set(leaf.path, chain);
  }
  return leaves;
}

/**
 * Clicks a leaf of the side menu as a user does: each group above it opened by a click unless it
 * is open, then the entry, and waits for its address. Groups are never closed, so that the last
 * entries are clicked with every group above them open (the menu at its longest, where the bottom
 * bar could stand over them). A click that would land on something else fails (Playwright's
 * checks: in view, steady, nothing over it).
 */
export async function clickMenuEntry(page: Page, chain: MenuEntry[]): Promise<void> {
  const navigation = page.getByRole('menu', { name: 'Navigation' });
  for (const [index, entry] of chain.entries()) {
    const item = navigation.getByRole('menuitem', { name: entryTitle(entry), exact: true });
    const leaf = index === chain.length - 1;
    if (!leaf && (await item.getAttribute('aria-expanded')) === 'true') continue;
    await settled(page);
    await item.click({ timeout: 5_000 });
  }
  const path = chain.at(-1)?.path;
  await page.waitForURL((url) => url.pathname === path, { timeout: 10_000 });
}
