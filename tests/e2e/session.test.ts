import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import en from '../../generated/i18n/en.json';
import type { RouteDecl } from '../../generated/contract';
import { call, signIn } from '../support/api';
import { launchBrowser, notice, signInAs, signInAsAdmin, tap } from '../support/browser';
import { pages } from '../support/contract';
import { startServer, type TestServer } from '../support/server';
import { choose, rowAction, rowWith } from '../support/ui';

const routes = JSON.parse(readFileSync('generated/routes.json', 'utf8')) as RouteDecl[];
const labels = en as unknown as Record<string, Record<string, Record<string, string> | undefined> | undefined>;

/** Sign-in, sessions, tenants and permissions as a user meets them, in English. */
describe('sessions, tenants and access', () => {
  let server: TestServer;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let admin: string;

  async function newPage(): Promise<Page> {
    const context = await browser.context.browser()?.newContext({ viewport: { width: 1440, height: 900 } });
    if (!context) throw new Error('no browser');
    return context.newPage();
  }

  /** A staff member of tenant 2, created by the administrator. */
  async function staff(username: string, password: string): Promise<number> {
    const departments = await call<{ records: { id: number; endTime?: string }[] }>(server.app, admin, {
      method: 'GET',
      url: '/manager/department/page',
      query: { size: '50' },
    });
    const department = departments.body.data.records.find((d) => !d.endTime);
    const created = await call<{ id: number }>(server.app, admin, {
      method: 'POST',
      url: '/manager/user/save',
      payload: { username, password, name: username, departments: [{ departmentId: department?.id }] },
    });
    expect(created.body.code).toBe(0);
    return created.body.data.id;
  }

  beforeAll(async () => {
    server = await startServer({ listen: true, sqliteDemo: true });
    browser = await launchBrowser();
    admin = await signIn(server.app, 'admin', 'admin123');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test('a user changes their password, is signed out, and only the new password works', async () => {
    await staff('pat.change', 'start123');
    const page = await newPage();
    await signInAs(page, server.url, 'pat.change', 'start123');
    await page.waitForURL('**/main/appliance/customer');
    await tap(page.getByRole('menuitem', { name: 'Me', exact: true }).first());
    await tap(page.getByRole('menuitem', { name: 'Change password' }));
    await page.getByLabel('Current password').fill('start123');
    await page.getByLabel('New password', { exact: true }).fill('changed456');
    await page.getByLabel('Confirm new password').fill('changed457');
    await tap(page.getByRole('button', { name: 'Save' }));
    await page.getByText('The two password inputs are inconsistent').waitFor();
    await page.getByLabel('Confirm new password').fill('changed456');
    await tap(page.getByRole('button', { name: 'Save' }));
    await page.waitForURL('**/login');
    await page.getByText('Modified successfully, please log in again').waitFor();
    await signInAs(page, server.url, 'pat.change', 'start123');
    await page.getByText('Incorrect username or password').waitFor();
    await signInAs(page, server.url, 'pat.change', 'changed456');
    await page.waitForURL('**/main/appliance/customer');
  });

  test('a link opened in a new tab of a signed-in browser opens signed in; signing out in one tab signs out the other', async () => {
    const first = await newPage();
    await signInAsAdmin(first, server.url);
    // A second tab of the same browser, on a page of the app: the session of the first.
    const second = await first.context().newPage();
    await second.goto(`${server.url}/main/ranking?lng=en`);
    await second.waitForURL('**/main/ranking?lng=en');
    await second.getByRole('banner').getByText('系统管理员').waitFor();
    expect(await second.evaluate(() => sessionStorage.getItem('userId'))).toBe(
      await first.evaluate(() => sessionStorage.getItem('userId')),
    );
    // Signing out in the first signs the second out too.
    await tap(first.getByRole('button', { name: 'Log out' }));
    await first.waitForURL('**/login');
    // The other tab is sent to sign in again, to come back to its page.
    await second.waitForURL(`**/login?redirect=${encodeURIComponent('/main/ranking?lng=en')}`);
    expect(await second.evaluate(() => sessionStorage.getItem('userId'))).toBeNull();
    // A new tab of a browser signed out nowhere asks in vain and goes to the sign-in page.
    const third = await first.context().newPage();
    await third.goto(`${server.url}/main/ranking?lng=en`);
    await third.waitForURL('**/login?redirect=*');
  });

  test('a deep link opened signed out lands on its page after sign-in; without one, sign-in lands on the customers', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/main/ranking?lng=en`);
    await page.waitForURL(`**/login?redirect=${encodeURIComponent('/main/ranking?lng=en')}`);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill('admin123');
    await tap(page.getByRole('button', { name: 'Sign in' }));
    await page.waitForURL('**/main/ranking?lng=en');
    await page.getByRole('banner').getByText('系统管理员').waitFor();
    // Another site's address is no place to return to.
    const other = await newPage();
    await other.goto(`${server.url}/login?lng=en&redirect=${encodeURIComponent('//example.com/x')}`);
    await other.getByLabel('Username').fill('admin');
    await other.getByLabel('Password').fill('admin123');
    await tap(other.getByRole('button', { name: 'Sign in' }));
    await other.waitForURL('**/main/appliance/customer');
  });

  test('the header labels an administrator Admin, and a staff member not', async () => {
    await staff('pat.label', 'start123');
    const page = await newPage();
    const header = page.locator('.ant-layout-header');
    await signInAsAdmin(page, server.url);
    await header.getByText('Admin', { exact: true }).waitFor();
    await tap(page.getByRole('button', { name: 'Log out' }));
    await signInAs(page, server.url, 'pat.label', 'start123');
    await page.waitForURL('**/main/appliance/customer');
    await header.getByText('pat.label').first().waitFor();
    expect(await header.getByText('Admin', { exact: true }).count()).toBe(0);
    await page.close();
  });

  test('a user changes their own personal information', async () => {
    await staff('lee.info', 'start123');
    const page = await newPage();
    await signInAs(page, server.url, 'lee.info', 'start123');
    await page.waitForURL('**/main/appliance/customer');
    await tap(page.getByRole('menuitem', { name: 'Me', exact: true }).first());
    await tap(page.getByRole('menuitem', { name: 'Personal information' }));
    // The customer page, kept alive behind this one, has a field named Name too: the visible one is this form's.
    const name = page.getByLabel(/^\*?\s*Name$/).filter({ visible: true });
    await expect.poll(() => name.inputValue()).toBe('lee.info');
    await name.fill('Lee Information');
    await page.getByLabel('Mobile').fill('13700001111');
    await tap(page.getByRole('button', { name: 'Save' }));
    await notice(page, 'Saved');
    await page.reload();
    expect(await page.getByLabel('Mobile').inputValue()).toBe('13700001111');
    await page.getByRole('banner').getByText('Lee Information').waitFor();
  });

  test("an administrator resets a user's password, typing 'I confirm'", async () => {
    await staff('sam.reset', 'start123');
    const page = await newPage();
    await signInAsAdmin(page, server.url);
    await tap(page.getByRole('menuitem', { name: 'Management center' }).first());
    await tap(page.getByRole('menuitem', { name: 'Employees' }));
    await page.waitForURL('**/main/operation/user');
    // The customer list stays mounted, hidden, with a search of its own: wait until the employees' page is shown.
    await page.getByRole('heading', { name: 'Employees' }).waitFor();
    await page.getByRole('search').getByLabel('Name').filter({ visible: true }).fill('sam.reset');
    await tap(page.getByRole('button', { name: 'Search' }));
    await rowAction(rowWith(page, 'sam.reset'), 'Reset password');
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('New password', { exact: true }).fill('reset789');
    await dialog.getByLabel('Confirm new password').fill('reset789');
    await dialog.getByLabel("Type 'I confirm'").fill('ok');
    await tap(dialog.getByRole('button', { name: 'Save' }));
    await dialog.getByText("Please type 'I confirm'").waitFor();
    await dialog.getByLabel("Type 'I confirm'").fill('I confirm');
    await tap(dialog.getByRole('button', { name: 'Save' }));
    await dialog.waitFor({ state: 'hidden' });
    await expect(signIn(server.app, 'sam.reset', 'start123')).rejects.toThrow();
    expect(await signIn(server.app, 'sam.reset', 'reset789')).toBeTruthy();
    await rowAction(rowWith(page, 'sam.reset'), 'Delete');
    const confirmation = page.getByRole('dialog', { name: 'Are you sure you want to delete this user?' });
    await tap(confirmation.getByRole('button', { name: 'OK' }));
    await page.getByText('0 in total').waitFor();
    await expect(signIn(server.app, 'sam.reset', 'reset789')).rejects.toThrow();
  });

  test('a page keeps its state when the user switches away and back', async () => {
    const page = await newPage();
    await signInAsAdmin(page, server.url);
    await page.getByRole('search').getByLabel('City').fill('上海');
    await tap(page.getByRole('button', { name: 'Search' }));
    const total = page.getByText(/^\d+ in total$/);
    await expect.poll(() => total.textContent()).not.toBe('24 in total');
    const filtered = await total.textContent();
    await tap(page.getByRole('menuitem', { name: 'Leaderboard' }));
    await page.waitForURL('**/main/ranking');
    await tap(page.getByRole('menuitem', { name: 'Customers' }));
    await page.waitForURL('**/main/appliance/customer');
    expect(await page.getByRole('search').getByLabel('City').inputValue()).toBe('上海');
    // The leaderboard stays mounted (hidden) beside it with a total of its own.
    expect(
      await page
        .getByText(/^\d+ in total$/)
        .filter({ visible: true })
        .textContent(),
    ).toBe(filtered);
  });

  test('switching the enterprise changes what the customer list shows', async () => {
    const page = await newPage();
    await signInAsAdmin(page, server.url);
    // The city's column of the page schema, after the rows' check boxes (the customers have bulk actions).
    const customers = pages.find((p) => p.page === 'customer');
    const column = (customers?.columns.findIndex((c) => c.field === 'city') ?? -1) + (customers?.bulkActions ? 1 : 0);
    const firstCity = () => page.getByRole('row').nth(1).getByRole('cell').nth(column).textContent();
    expect(['上海', '苏州', '杭州', '南京', '宁波']).toContain(await firstCity());
    await choose(page, 'Enterprise', '南方储能运维有限公司');
    await page.waitForURL('**/main/appliance/customer');
    await expect.poll(firstCity).toMatch(/广州|深圳|东莞|佛山|珠海/);
    // The choice is the user's default from now on.
    await call(server.app, await signIn(server.app, 'admin', 'admin123'), {
      method: 'PUT',
      url: '/manager/user/updateDefaultTenant',
      query: { tenantId: '2' },
    });
  });

  test('the headlines are in the menu for tenant 2 and not for tenant 7, whose typed URL is refused', async () => {
    const adminPage = await newPage();
    await signInAsAdmin(adminPage, server.url);
    await tap(adminPage.getByRole('menuitem', { name: 'Enterprise headlines' }));
    await adminPage.getByRole('heading', { name: 'Enterprise headlines' }).waitFor();
    const operatorPage = await newPage();
    await signInAs(operatorPage, server.url, 'operator', 'operator123');
    await operatorPage.waitForURL('**/main/appliance/customer');
    await operatorPage.getByRole('menuitem', { name: 'Leaderboard' }).waitFor();
    expect(await operatorPage.getByRole('menuitem', { name: 'Enterprise headlines' }).count()).toBe(0);
    await operatorPage.goto(`${server.url}/main/overview`);
    await operatorPage.getByText('Access denied').waitFor();
    expect(await operatorPage.getByRole('heading', { name: 'Enterprise headlines' }).count()).toBe(0);
  });

  test('an unknown address says the page does not exist, inside the shell and outside it, with a way home', async () => {
    const page = await newPage();
    await signInAsAdmin(page, server.url);
    for (const path of ['/main/no-such-screen', '/no-such-page']) {
      await page.goto(`${server.url}${path}?lng=en`);
      await page.getByText('This page does not exist.').waitFor();
    }
    await tap(page.getByRole('button', { name: 'Home' }));
    await page.waitForURL('**/main/appliance/customer');
  });

  test('a route of the tree picked at random renders its screen', async () => {
    const candidates = routes.filter(
      (route) => route.path.startsWith('/main/') && !route.redirect && !route.tenants && !route.hidden,
    );
    const seed = Number(process.env.ROUTE_SEED ?? Date.now() % 100_000);
    const route = candidates[seed % candidates.length];
    if (!route) throw new Error('no route');
    const page = await newPage();
    await signInAsAdmin(page, server.url);
    await page.goto(`${server.url}${route.path}`);
    const pageSchema = pages.find((p) => p.page === route.page);
    const title = pageSchema
      ? labels.pages?.[pageSchema.page]?.title
      : ((route.screen ? (labels.forms?.[route.screen] as Record<string, string> | undefined)?.title : undefined) ??
        labels.routes?.[route.name]?.title);
    await page
      .getByText(String(title), { exact: true })
      .last()
      .waitFor({ timeout: 15_000 })
      .catch((error: unknown) => {
        throw new Error(
          `route ${route.name} (${route.path}, seed ${seed}) did not render its title '${String(title)}': ${String(error)}`,
        );
      });
  });

  test('a session that ends lands on the login page once, with no loop', async () => {
    await staff('kim.expire', 'start123');
    const page = await newPage();
    const refreshes: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('grant_type=refresh_token')) refreshes.push(request.url());
    });
    await signInAs(page, server.url, 'kim.expire', 'start123');
    await page.waitForURL('**/main/appliance/customer');
    // The password is changed elsewhere: every session of the user ends on the server.
    const token = await signIn(server.app, 'kim.expire', 'start123');
    await call(server.app, token, {
      method: 'POST',
      url: '/manager/user/changePassword',
      payload: { oldPassword: 'start123', newPassword: 'other123', confirmPassword: 'other123' },
    });
    // The app starts again with the ended session: its first call meets a 401, the renewal is refused too.
    await page.reload();
    // The sign-in page, to come back to the customers once signed in again.
    await page.waitForURL(`**/login?redirect=${encodeURIComponent('/main/appliance/customer')}`);
    await page.waitForTimeout(1500);
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(refreshes.length).toBeLessThanOrEqual(1);
  });
});
