import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, signIn } from '../support/api';
import { launchBrowser, notice, tap } from '../support/browser';
import { startServer, type TestServer } from '../support/server';
import { choose, rowAction, rowWith } from '../support/ui';

const NAME = '端到端测试储能有限公司';

/** The journey of issue "the spine", through the real server and the built client, as a user does it. */
describe('customer journey', () => {
  let server: TestServer;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;

  beforeAll(async () => {
    server = await startServer({ listen: true, sqliteDemo: true });
    browser = await launchBrowser();
    page = await browser.context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test('an unknown visitor is sent to the login page', async () => {
    await page.goto(`${server.url}/main/appliance/customer`);
    // The sign-in page names the page asked for, to return there.
    await page.waitForURL(`**/login?redirect=${encodeURIComponent('/main/appliance/customer')}`);
  });

  test('admin signs in (in Chinese, the default) and lands on the customers of tenant 2', async () => {
    await page.getByLabel('用户名').fill('admin');
    await page.getByLabel('密码').fill('wrong-password');
    await tap(page.getByRole('button', { name: '登录' }));
    await page.getByText('用户名或密码错误').waitFor();
    await page.getByLabel('密码').fill('admin123');
    await tap(page.getByRole('button', { name: '登录' }));
    await page.waitForURL('**/main/appliance/customer');
    await page.getByRole('heading', { name: '客户管理' }).waitFor();
    await page.getByText('共 24 条').waitFor();
    await page.getByRole('banner').getByText('系统管理员', { exact: true }).waitFor();
    await page.getByRole('combobox', { name: '企业' }).waitFor();
    await page.getByText('华东能源服务有限公司').first().waitFor();
  });

  test('creates a customer with attribute values', async () => {
    await tap(page.getByRole('button', { name: '新增' }));
    const dialog = page.getByRole('dialog');
    // Saved empty: the name is said to be needed beside it, in words for people, and takes the focus; the count is beside Save.
    await tap(dialog.getByRole('button', { name: '保存' }));
    await dialog.getByText('请填写客户名称', { exact: true }).waitFor();
    await dialog.getByText('需要修改的字段：1 个', { exact: true }).waitFor();
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.id ?? '')).toContain('name');
    expect(await dialog.textContent()).not.toMatch(
      /must have required property|must match (format|pattern)|must be (string|number|integer)|应当/,
    );
    await dialog.getByLabel('客户名称').fill(NAME);
    await choose(dialog, '客户性质', '民营上市');
    await choose(dialog, '所属行业', '能源');
    await choose(dialog, '客户状态', '开发中');
    await choose(dialog, '客户来源', '招标平台');
    await choose(dialog, '客户等级', 'VIP');
    await choose(dialog, '信用等级', '白名单');
    await dialog.getByLabel('所在城市').fill('苏州');
    await tap(dialog.getByRole('button', { name: '保存' }));
    await page.getByText('保存成功').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('共 25 条').waitFor();
  });

  test('finds it by a filter, with its attributes shown by their labels', async () => {
    await page.getByRole('search').getByLabel('客户名称').fill('端到端');
    await tap(page.getByRole('button', { name: '查询' }));
    await page.getByText('共 1 条').waitFor();
    const row = rowWith(page, NAME);
    for (const text of ['民营上市', '能源', '开发中', '招标平台', 'VIP', '白名单', '系统管理员', '苏州']) {
      expect(await row.getByRole('cell', { name: text, exact: true }).count(), text).toBe(1);
    }
  });

  test('edits it', async () => {
    await tap(rowWith(page, NAME).getByRole('button', { name: '编辑' }));
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('所在城市').fill('无锡');
    await choose(dialog, '客户状态', '已成交');
    await tap(dialog.getByRole('button', { name: '保存' }));
    await dialog.waitFor({ state: 'hidden' });
    await rowWith(page, NAME).getByRole('cell', { name: '无锡', exact: true }).waitFor();
    await rowWith(page, NAME).getByRole('cell', { name: '已成交', exact: true }).waitFor();
  });

  test('switches to English and the dark theme, and both are remembered', async () => {
    await choose(page, '语言', 'English');
    await page.getByRole('columnheader', { name: 'Credit rating' }).waitFor();
    await rowWith(page, NAME).getByRole('cell', { name: 'Deal', exact: true }).waitFor();
    // Luminance of the first opaque background behind the page title.
    const background = () =>
      page.getByRole('heading', { level: 3 }).evaluate((element) => {
        for (let node: Element | null = element; node; node = node.parentElement) {
          const [r = 0, g = 0, b = 0, alpha = 1] = (getComputedStyle(node).backgroundColor.match(/[\d.]+/g) ?? []).map(Number);
          if (alpha > 0) return 0.2126 * r + 0.7152 * g + 0.0722 * b;
        }
        return 255;
      });
    expect(await background()).toBeGreaterThan(200);
    await choose(page, 'Theme', 'Dark');
    await expect.poll(background).toBeLessThan(60);
    await page.reload();
    await page.getByRole('columnheader', { name: 'Credit rating' }).waitFor();
    await expect.poll(background).toBeLessThan(60);
  });

  test('deletes it through the confirmation', async () => {
    await page.getByRole('search').getByLabel('Name').fill('端到端');
    await tap(page.getByRole('button', { name: 'Search' }));
    await page.getByText('1 in total').waitFor();
    await rowAction(rowWith(page, NAME), 'Delete');
    const confirmation = page.getByRole('dialog', { name: 'Are you sure to delete?' });
    // The confirmation names the record it deletes.
    await confirmation.getByText(`This deletes “${NAME}”.`, { exact: true }).waitFor();
    await tap(confirmation.getByRole('button', { name: 'OK' }));
    await notice(page, 'Deleted');
    await page.getByText('0 in total').waitFor();
    const token = await signIn(server.app, 'admin', 'admin123');
    const left = await call<{ id: number; name: string }[]>(server.app, token, {
      method: 'GET',
      url: '/manager/customer/listByName',
      query: { name: '端到端' },
    });
    expect(left.body.data).toEqual([]);
  });

  test('a name with HTML in it is shown as the text it is, and nothing in it runs', async () => {
    const markup = '<img src=x onerror="window.__injected=1"><b>Bold</b> Ltd';
    const token = await signIn(server.app, 'admin', 'admin123');
    const created = await call<{ id: number }>(server.app, token, {
      method: 'POST',
      url: '/manager/customer',
      payload: { name: markup },
    });
    await page.getByRole('search').getByLabel('Name').fill('Bold');
    await tap(page.getByRole('button', { name: 'Search' }));
    await rowWith(page, markup).getByRole('cell', { name: markup, exact: true }).waitFor();
    expect(await page.evaluate(() => (window as { __injected?: number }).__injected)).toBeUndefined();
    expect(await page.getByRole('table').locator('b, img').count()).toBe(0);
    await call(server.app, token, { method: 'DELETE', url: `/manager/customer/${created.body.data.id}` });
  });

  test('the contacts of a customer open from its row, and one is added there', async () => {
    await tap(page.getByRole('button', { name: 'Reset' }));
    await page.getByText('24 in total').waitFor();
    const first = page.getByRole('row').nth(1);
    // The name: the first cell after the row's check box.
    const customer = (await first.getByRole('cell').nth(1).textContent()) ?? '';
    expect(customer).not.toBe('');
    await rowAction(first, 'Contacts');
    await page.waitForURL(/\/main\/appliance\/customer\/contacts\?customerId=\d+/);
    await page.getByRole('heading', { name: 'Contacts' }).waitFor();
    await tap(page.getByRole('button', { name: 'New' }));
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Laura Chen');
    await choose(dialog, 'Gender', 'Female');
    await dialog.getByLabel('E-mail').fill('not-an-address');
    await tap(dialog.getByRole('button', { name: 'Save' }));
    await dialog.getByText('Enter an e-mail address such as name@example.com', { exact: true }).waitFor();
    await dialog.getByText('Fields that need attention: 1', { exact: true }).waitFor();
    // A telephone number the server would refuse is refused in the form already, with the same words.
    await dialog.getByLabel('Telephone').fill('12345');
    await tap(dialog.getByRole('button', { name: 'Save' }));
    await dialog.getByText('Enter a telephone number of 7 to 15 digits, such as 021-58880001', { exact: true }).waitFor();
    await dialog.getByText('Fields that need attention: 2', { exact: true }).waitFor();
    await dialog.getByLabel('Telephone').fill('13800138000');
    await dialog.getByLabel('E-mail').fill('laura.chen@example.com');
    await tap(dialog.getByRole('button', { name: 'Save' }));
    await rowWith(page, 'Laura Chen').getByRole('cell', { name: 'laura.chen@example.com' }).waitFor();
    await tap(page.getByRole('button', { name: 'Back' }));
    await rowWith(page, customer).waitFor();
  });
});
