import { theme } from 'antd';
import type { FastifyInstance } from 'fastify';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { PageSchema } from '../../generated/meta';
import { routes, type RouteEntry } from '../../generated/registry';
import { parseColour } from '../../runtime/a11y/readable';
import type { ThemeName } from '../../runtime/preferences/preferences';
import { themeConfig } from '../../runtime/shell/themes';
import { scopeQuery } from '../../runtime/list/listQuery';
import { call, signIn } from '../support/api';
import { framesDrawn, launchBrowser, openInApp, settled, signInAsAdmin } from '../support/browser';
import { entities, pages } from '../support/contract';
import { methodOf, url, type Row } from '../support/records';
import { startServer, type TestServer } from '../support/server';
import { englishLabel } from '../support/english';
import { audit, describeFindings } from '../support/axe';
import { clickMenuEntry, entryTitle, menuLeaves, userMenu, type MenuEntry } from '../support/menu';

/** The title a route's screen shows as its heading (as the route tree's random route test finds it). */
function titleOf(route: RouteEntry): string | undefined {
  if (route.page) return englishLabel(`pages.${route.page}.title`);
  return (route.screen ? englishLabel(`forms.${route.screen}.title`) : undefined) ?? englishLabel(`routes.${route.name}.title`);
}

/** The row actions of every page schema that open `route` about a row, with the page they are on. */
function openersOf(route: RouteEntry): { from: PageSchema; params: Record<string, string> }[] {
  return pages.flatMap((from) =>
    (from.rowActions ?? []).flatMap((action) =>
      (action.action === 'navigate' && action.page === route.page) || (action.action === 'open' && action.route === route.name)
        ? [{ from, params: action.params }]
        : [],
    ),
  );
}

/** The records a page's list call answers (its first page), for the page's scope. */
async function firstRecords(app: FastifyInstance, token: string, page: PageSchema, scope: Row): Promise<Row[]> {
  const list = page.resource.list;
  const answer = await call<{ records?: Row[] } | Row[]>(app, token, {
    method: methodOf(list),
    url: url(list, scope),
    query: { ...Object.fromEntries(Object.entries(scopeQuery(page, scope)).map(([k, v]) => [k, String(v)])), size: '10' },
  });
  const data = answer.body.data;
  return Array.isArray(data) ? data : (data.records ?? []);
}

/**
 * The address a user opens `route` at: a route whose screen is about a record (a customer's
 * contacts, an article, a device's detail) is opened the way its user opens it, from a row of the
 * page whose row action leads there (`navigate`, `open`), with the first row of that page's list
 * that has the fields the action passes; a page scoped by a record no row action names gets the
 * first record its scope field refers to. Any other route is opened as the menu opens it.
 */
async function addressOf(app: FastifyInstance, token: string, route: RouteEntry, depth = 0): Promise<string> {
  const page = pages.find((p) => p.page === route.page);
  for (const { from, params } of openersOf(route)) {
    const parentRoute = routes.find((r) => r.page === from.page);
    if (!parentRoute || depth > 3) continue;
    const parentQuery = new URL(await addressOf(app, token, parentRoute, depth + 1), 'http://x').searchParams;
    const rows = await firstRecords(app, token, from, Object.fromEntries(parentQuery));
    const row = rows.find((r) => Object.values(params).every((field) => r[field] !== undefined && r[field] !== null));
    if (row)
      return `${route.path}?${new URLSearchParams(Object.entries(params).map(([name, field]) => [name, String(row[field])]))}`;
  }
  const scope: Record<string, string> = {};
  for (const field of page?.scope ?? []) {
    const target = entities[page?.entity ?? '']?.properties?.[field]?.['x-ref'];
    const list = pages.find((p) => p.entity === target && !p.scope?.length);
    if (!list) continue;
    const record = (await firstRecords(app, token, list, {}))[0];
    if (record) scope[field] = String(record.id);
  }
  return Object.keys(scope).length ? `${route.path}?${new URLSearchParams(scope)}` : route.path;
}

/** Addresses of open routes (a quotation's, an asset's documents') that a signed-in screen shows in a link or a field. */
async function openLinksShown(page: Page, openPaths: string[]): Promise<string[]> {
  return page.evaluate((paths) => {
    const values = [
      ...[...document.querySelectorAll('a[href]')].map((a) => (a as HTMLAnchorElement).href),
      ...[...document.querySelectorAll('input, textarea')].map((input) => (input as HTMLInputElement).value),
    ];
    return values.filter((value) => {
      try {
        const address = new URL(value, location.href);
        return address.origin === location.origin && paths.includes(address.pathname) && address.search !== '';
      } catch {
        return false;
      }
    });
  }, openPaths);
}

/** Requests of the page still under way (calls, code, styles): a screen has settled when none is. */
function trackRequests(page: Page): () => number {
  const pending = new Set<unknown>();
  const counted = new Set(['fetch', 'xhr', 'script', 'stylesheet', 'document']);
  page.on('request', (request) => {
    if (counted.has(request.resourceType())) pending.add(request);
  });
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
  return () => pending.size;
}

/** What the visible screen shows: its title as a heading, other content, a status page (not found, access denied), or nothing yet. */
function shownNow(page: Page, title: string | undefined): Promise<string> {
  return page.evaluate((title) => {
    const main = document.querySelector('main') ?? document.body;
    const visible = (selector: string) => [...main.querySelectorAll(selector)].filter((element) => element.checkVisibility());
    const headings = visible('h1, h2, h3, h4, h5, h6, [role="heading"]');
    // A page scoped to a record names it after its title once the name has come ("Contacts of …").
    const titled = (text: string) => text === title || text.startsWith(`${title} of `);
    if (title && headings.some((heading) => titled(heading.textContent?.trim() ?? ''))) return 'title';
    const status = visible('.ant-result-title')[0];
    if (status) return `a status page: ${status.textContent?.trim() ?? ''}`;
    return main instanceof HTMLElement && main.innerText.trim() !== '' ? 'content' : 'nothing';
  }, title);
}

/**
 * Waits until the route's screen has settled: its calls and code have arrived (none under way for
 * a quarter of a second), no spinner or skeleton shows, its animations have ended, it shows its
 * title as a heading, and two frames have been drawn since. A screen titled by its record (an
 * article) or by nothing of its own (the dashboard, an open link) is taken as rendered once it
 * shows anything, two seconds after its title would have shown. A status page (not found, access
 * denied) fails.
 */
async function settle(page: Page, pending: () => number, title: string | undefined): Promise<void> {
  const started = Date.now();
  let quietSince = Date.now();
  let shown = 'nothing';
  while (Date.now() - started < 20_000) {
    const busy =
      pending() > 0 ||
      (await page.evaluate(() =>
        [...document.querySelectorAll('.ant-spin-spinning, .ant-skeleton-active, [aria-busy="true"]')].some((element) =>
          element.checkVisibility(),
        ),
      ));
    if (busy) quietSince = Date.now();
    else if (Date.now() - quietSince >= 250) {
      shown = await shownNow(page, title);
      if (shown === 'title' || shown.startsWith('a status page')) break;
      if (shown === 'content' && (!title || Date.now() - quietSince >= 2_000)) break;
    }
    await page.waitForTimeout(50);
  }
  if (shown !== 'title' && shown !== 'content') throw new Error(`the screen did not render (${shown}); its title: ${title}`);
  await settled(page);
  await framesDrawn(page);
}

const THEME_LABEL: Record<ThemeName, string> = { default: 'light', dark: 'dark' };

/** The side menu beside the screen, from 992 px (narrower, it is in a drawer, closed while the screen is checked). */
const SIDE_MENU = '.ant-layout-sider';

/** Below this width the shell is a phone's: its menu in a drawer, the header's choices in an account menu. */
const PHONE_WIDTH = 600;

/**
 * What a phone's user cannot reach on the screen shown: the page scrolling sideways, the menu
 * button, the account button or the bottom navigation out of view (on a screen in the shell), a
 * primary button (outside a table, which scrolls by itself) cut off at a side. Empty when
 * everything can be reached.
 */
async function unreachableOnPhone(page: Page, inShell: boolean): Promise<string[]> {
  const names = {
    menu: englishLabel('common.openNavigation') ?? '',
    account: englishLabel('common.account') ?? '',
    bottom: englishLabel('common.bottomNavigation') ?? '',
    inShell,
  };
  return page.evaluate(({ menu, account, bottom, inShell }) => {
    const problems: string[] = [];
    const width = window.innerWidth;
    const sideways = document.documentElement.scrollWidth - width;
    if (sideways > 0) problems.push(`the page scrolls ${sideways} px sideways`);
    const inView = (element: Element | null) => {
      if (!element || !element.checkVisibility()) return false;
      const box = element.getBoundingClientRect();
      return box.left >= 0 && box.right <= width && box.top >= 0 && box.bottom <= window.innerHeight;
    };
    if (inShell) {
      if (!inView(document.querySelector(`button[aria-label="${menu}"]`))) problems.push('the menu button is not in view');
      if (!inView(document.querySelector(`button[aria-label="${account}"]`))) problems.push('the account button is not in view');
      if (!inView(document.querySelector(`nav[aria-label="${bottom}"]`))) problems.push('the bottom navigation is not in view');
    }
    for (const button of document.querySelectorAll('main .ant-btn-primary')) {
      if (!button.checkVisibility() || button.closest('table')) continue;
      const box = button.getBoundingClientRect();
      if (box.left < 0 || box.right > width)
        problems.push(`the primary button "${button.textContent?.trim() ?? ''}" is cut off at a side`);
    }
    return problems;
  }, names);
}

/**
 * WCAG 2.1 AA on every route of the route tree in one theme and at one size of window, checked by
 * axe-core: the demo administrator's routes signed in, in tree order, each opened inside the app
 * (in one document, as a user goes from screen to screen) and checked once it has settled; then the open routes without a session, at the addresses the
 * signed-in screens showed (a quotation's customer link). Routes are opened in English. A
 * redirect shows another route of the tree and is not checked apart. A serious or critical
 * finding fails its route's test with the rule, the element and what is wrong. On a phone's
 * window each route must also fit its width, a signed-in one with its menu, header actions,
 * bottom navigation and primary buttons in reach (`unreachableOnPhone`). With `fromMenu`, a route
 * of the side menu is opened by clicking its entry (`clickMenuEntry`), and a last test checks that
 * every entry was. The menu's groups then stay open, and it grows to every entry: it is checked with
 * the first route and, with every group open, after the last; the routes between set it aside, as
 * what changes in it from one to the next (an entry selected, a group opened) is in its last state
 * too. Checked with each route, the menu took the audit from about 340 ms a route to 870 ms.
 */
export function a11yTests(
  themeName: ThemeName,
  viewport: { width: number; height: number },
  { fromMenu = false }: { fromMenu?: boolean } = {},
): void {
  const phone = viewport.width < PHONE_WIDTH;
  const signedIn = routes.filter((route) => !route.open && !route.redirect);
  const open = routes.filter((route) => route.open && !route.redirect);
  const openPaths = open.map((route) => route.path);

  describe(`WCAG 2.1 AA on every route, ${THEME_LABEL[themeName]} theme, ${viewport.width} × ${viewport.height}`, () => {
    let server: TestServer;
    let token: string;
    let staff: Awaited<ReturnType<typeof launchBrowser>>;
    let page: Page;
    let pending: () => number;
    const openLinks = new Set<string>();
    /** With `fromMenu`: the side menu's leaves by path, and those opened by their entry. */
    let leaves = new Map<string, MenuEntry[]>();
    const clicked = new Set<string>();
    /** Whether the side menu has been checked (with `fromMenu`, once at first; see above). */
    let menuChecked = false;

    beforeAll(async () => {
      server = await startServer({ listen: true, sqliteDemo: true });
      token = await signIn(server.app, 'admin', 'admin123');
      if (fromMenu) leaves = menuLeaves(await userMenu(server.app, token));
      staff = await launchBrowser();
      await staff.context.addInitScript((name) => localStorage.setItem('theme', name), themeName);
      page = await staff.context.newPage();
      await page.setViewportSize(viewport);
      page.setDefaultTimeout(15_000);
      pending = trackRequests(page);
      await signInAsAdmin(page, server.url);
    });
    afterAll(async () => {
      await staff?.close();
      await server?.stop();
    });

    test(`the screens are drawn in the ${THEME_LABEL[themeName]} theme`, async () => {
      // The shell, not the box the start draws while the shell's code loads (a ground of its own).
      await page.locator('.ant-layout-header').waitFor();
      await page.locator('main').waitFor();
      // The ground around the screen: the first coloured ancestor of the screen's main region.
      const ground = await page.evaluate(() => {
        for (let element = document.querySelector('main'); element; element = element.parentElement) {
          const colour = getComputedStyle(element).backgroundColor;
          if (colour !== 'rgba(0, 0, 0, 0)' && colour !== 'transparent') return colour;
        }
        return '';
      });
      const [red, green, blue] = parseColour(theme.getDesignToken(themeConfig(themeName)).colorBgLayout) ?? [];
      expect(ground).toBe(`rgb(${red}, ${green}, ${blue})`);
    });

    test.each(signedIn.map((route) => [route.path, route] as const))('%s', async (_path, route) => {
      const address = await addressOf(server.app, token, route);
      // A menu entry is clicked (a screen scoped by a record then opened at its record's address).
      const chain = leaves.get(route.path);
      if (chain) {
        // A screen outside the shell (the kiosk) has no menu: the user goes back into the app first,
        // as many steps as it took (its menu entry, then its record's address, are two).
        const menu = page.getByRole('menu', { name: 'Navigation' });
        for (let step = 0; step < 3 && !(await menu.count()); step += 1) {
          await page.goBack();
          await menu.waitFor({ timeout: 5_000 }).catch(() => undefined);
        }
        await menu.waitFor();
        await clickMenuEntry(page, chain);
        clicked.add(route.path);
      }
      if (!chain || address !== route.path) await openInApp(page, address);
      await settle(page, pending, titleOf(route));
      const findings = await audit(page, address, fromMenu && menuChecked ? { exclude: [SIDE_MENU] } : {});
      menuChecked = true;
      for (const link of await openLinksShown(page, openPaths)) openLinks.add(link);
      expect(describeFindings(findings), 'serious or critical findings of axe-core').toBe('');
      // A signed-in screen outside the shell (the kiosk view) has no menu or account to reach.
      if (phone) expect(await unreachableOnPhone(page, route.path.startsWith('/main')), 'out of reach on a phone').toEqual([]);
    });

    if (fromMenu)
      test('every entry of the side menu was opened by a click on it, the last ones with every group open, and the menu then passes axe-core', async () => {
        expect(leaves.size).toBeGreaterThan(150);
        expect([...leaves.keys()].filter((path) => !clicked.has(path))).toEqual([]);
        // Groups are opened and never closed: the last entries were clicked with the menu at its
        // longest, where the bottom bar stands nearest to them.
        const groups = [...leaves.values()].map((chain) => chain[0]);
        expect(groups.at(-1) && entryTitle(groups.at(-1) as MenuEntry)).toBe('Smart O&M');
        const menu = page.getByRole('menu', { name: 'Navigation' });
        expect(await menu.locator('[aria-expanded="true"]').count()).toBeGreaterThan(10);
        expect(await menu.locator('[aria-expanded="false"]').count()).toBe(0);
        const findings = await audit(page, 'the side menu, every group open', { include: [SIDE_MENU] });
        expect(describeFindings(findings), 'serious or critical findings of axe-core').toBe('');
      });

    test.each(open.map((route) => [route.path, route] as const))('%s, without a session', async (_path, route) => {
      const visitor = await launchBrowser();
      try {
        await visitor.context.addInitScript((name) => localStorage.setItem('theme', name), themeName);
        const reader = await visitor.context.newPage();
        await reader.setViewportSize(viewport);
        const readerPending = trackRequests(reader);
        const shown = [...openLinks].find((link) => new URL(link).pathname === route.path);
        const address = shown ? new URL(shown).pathname + new URL(shown).search : route.path;
        await reader.goto(`${server.url}${address}${address.includes('?') ? '&' : '?'}lng=en`);
        await settle(reader, readerPending, undefined);
        const findings = await audit(reader, address);
        expect(describeFindings(findings), 'serious or critical findings of axe-core').toBe('');
        // An open route has no menu or account to reach; on a phone it must fit the width.
        if (phone)
          expect(
            await reader.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
            'sideways scroll (px)',
          ).toBeLessThanOrEqual(0);
      } finally {
        await visitor.close();
      }
    });
  });
}
