import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, signIn } from '../support/api';
import { launchBrowser, signInAsAdmin, tap } from '../support/browser';
import { methodOf, operationFor, url, type Row } from '../support/records';
import { startServer, type TestServer } from '../support/server';

/**
 * What the forms say of what people type, in words for people and in the reader's language, each
 * message beside its field: the browser's own checks (a required name, a telephone number, a
 * unified social credit code, an amount of money) and the server's refusal of a rule between
 * fields; and that nothing refused is stored.
 */
describe('form messages beside their fields', () => {
  let server: TestServer;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;
  let admin: string;

  beforeAll(async () => {
    server = await startServer({ listen: true, sqliteDemo: true });
    admin = await signIn(server.app, 'admin', 'admin123');
    browser = await launchBrowser();
    page = await browser.context.newPage();
    page.setDefaultTimeout(10_000);
    // These tests leave forms they changed on purpose: leaving the page is confirmed.
    page.on('dialog', (dialog) => void dialog.accept());
    await signInAsAdmin(page, server.url);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /**
   * The texts that describe a control to assistive technology (`aria-describedby`): the message the
   * form shows beside the field, and its hint.
   */
  const descriptions = (control: Locator) =>
    control.evaluate((element) =>
      (element.getAttribute('aria-describedby') ?? '')
        .split(/\s+/)
        .map((id) => (id ? (document.getElementById(id)?.textContent ?? '') : ''))
        .filter(Boolean),
    );
  /** Whether a banner (an alert, such as a failure shown above a form) says `text`. */
  const inBanner = async (text: string) => (await page.getByRole('alert').filter({ hasText: text }).count()) > 0;
  /** The records of `entity` the API lists with `query`. */
  const listed = async (entity: string, query: Record<string, string> = {}) => {
    const list = operationFor(entity, 'list') ?? '';
    return (await call<{ total: number; records: Row[] }>(server.app, admin, { method: methodOf(list), url: url(list), query }))
      .body.data;
  };
  const open = async (path: string, language: 'en' | 'zh') => {
    await page.goto(`${server.url}${path}?lng=${language}`);
  };

  test('a refusal of the server (a charge power above the rated power) is shown beside its field, by its label, in Chinese; nothing is stored', async () => {
    const setting = '/ems/api/configuration/energySetting/T2-ST1';
    const stored = async () => (await call<Row>(server.app, admin, { method: 'GET', url: setting })).body.data;
    const before = await stored();
    await page.goto(`${server.url}/main/ems/map/configuration/energySetting?station=T2-ST1&lng=zh`);
    const charge = page.getByLabel('充电功率上限（kW）', { exact: true });
    const rated = page.getByLabel('额定功率（kW）', { exact: true });
    // Above the station's converters (the demo station's rated power is theirs), then above a lower rated power stated.
    const attempts = [
      {
        charge: Number(before.ratedPower) + 100,
        rated: Number(before.ratedPower),
        refusal: `充电功率上限（kW）不能超过电站变流器的额定功率 ${before.ratedPower} kW`,
      },
      {
        charge: Number(before.ratedPower) / 2 + 100,
        rated: Number(before.ratedPower) / 2,
        refusal: '充电功率上限（kW）不能超过额定功率',
      },
    ];
    for (const attempt of attempts) {
      await rated.fill(String(attempt.rated));
      await charge.fill(String(attempt.charge));
      await tap(page.getByRole('button', { name: '保存', exact: true }));
      await expect.poll(() => descriptions(charge)).toContain(attempt.refusal);
      expect(await inBanner(attempt.refusal)).toBe(false);
      expect(await stored()).toEqual(before);
    }
  });

  test('a customer saved without a name: "Name is required" beside the name', async () => {
    await open('/main/appliance/customer', 'en');
    await tap(page.getByRole('button', { name: 'New', exact: true }));
    const dialog = page.getByRole('dialog');
    await tap(dialog.getByRole('button', { name: 'Save', exact: true }));
    await expect.poll(() => descriptions(dialog.getByLabel('Name', { exact: true }))).toContain('Name is required');
    expect(await dialog.textContent()).not.toMatch(
      /must have required property|must match (format|pattern)|must be (string|number|integer)/,
    );
  });

  test.each([
    {
      language: 'en' as const,
      labels: { name: 'Name', phone: 'Telephone', taxNumber: 'Tax number', create: 'New', save: 'Save' },
      messages: {
        phone: 'Enter a telephone number of 7 to 15 digits, such as 021-58880001',
        taxNumber:
          'Enter the 18-character unified social credit code: digits and capital letters other than I, O, S, V and Z, the last its check character',
      },
    },
    {
      language: 'zh' as const,
      labels: { name: '客户名称', phone: '电话', taxNumber: '税号', create: '新增', save: '保存' },
      messages: {
        phone: '请输入 7 到 15 位数字的电话号码，例如 021-58880001',
        taxNumber: '请输入 18 位统一社会信用代码：数字和除 I、O、S、V、Z 外的大写字母，最后一位为校验码',
      },
    },
  ])(
    'a customer with telephone "12ab-phone" and tax number "ABC" is refused with their messages ($language); nothing is stored',
    async ({ language, labels, messages }) => {
      const name = `Forms check ${language}`;
      const before = (await listed('customer')).total;
      await open('/main/appliance/customer', language);
      await tap(page.getByRole('button', { name: labels.create, exact: true }));
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(labels.name, { exact: true }).fill(name);
      const phone = dialog.getByLabel(labels.phone, { exact: true });
      const taxNumber = dialog.getByLabel(labels.taxNumber, { exact: true });
      await phone.fill('12ab-phone');
      await taxNumber.fill('ABC');
      await tap(dialog.getByRole('button', { name: labels.save, exact: true }));
      await expect.poll(() => descriptions(phone)).toContain(messages.phone);
      expect(await descriptions(taxNumber)).toContain(messages.taxNumber);
      expect(await inBanner(messages.phone)).toBe(false);
      expect((await listed('customer')).total).toBe(before);
      expect((await listed('customer', { name })).total).toBe(0);
    },
  );

  test.each([
    {
      language: 'en' as const,
      labels: { name: 'Item', price: 'Reference price', create: 'New', save: 'Save' },
      messages: {
        letters: 'Please fill in a numeric amount, such as 1,250.50',
        decimals: 'The amount can have at most 2 decimals, such as 1,250.50',
      },
    },
    {
      language: 'zh' as const,
      labels: { name: '物品名称', price: '参考单价', create: '新增', save: '保存' },
      messages: { letters: '请填写数字金额，例如 1,250.50', decimals: '金额最多保留2位小数，例如 1,250.50' },
    },
  ])(
    'a money field keeps letters and a third decimal as typed and refuses them with its message ($language); a valid amount is stored',
    async ({ language, labels, messages }) => {
      const name = `Forms check cable ${language}`;
      await open('/main/appliance/buy/library', language);
      await tap(page.getByRole('button', { name: labels.create, exact: true }));
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(labels.name, { exact: true }).fill(name);
      const price = dialog.getByLabel(labels.price, { exact: true });
      for (const [typed, message] of [
        ['12ab', messages.letters],
        ['1250.555', messages.decimals],
      ] as const) {
        await price.fill(typed);
        await tap(dialog.getByRole('button', { name: labels.save, exact: true }));
        await expect.poll(() => descriptions(price)).toContain(message);
        expect(await price.inputValue()).toBe(typed);
        expect((await listed('purchaseLibrary', { name })).total).toBe(0);
      }
      await price.fill('1250.5');
      await tap(dialog.getByRole('button', { name: labels.save, exact: true }));
      await dialog.waitFor({ state: 'hidden' });
      expect((await listed('purchaseLibrary', { name })).records).toMatchObject([{ name, referencePrice: 1250.5 }]);
    },
  );
});
