import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, signIn } from '../support/api';
import { seriousFindings } from '../support/axe';
import { launchBrowser, signInAsAdmin, tap } from '../support/browser';
import { startServer, type TestServer } from '../support/server';
import { suggestionsOf } from '../support/ui';

interface Location {
  found: boolean;
  city: string | null;
  province: string | null;
  longitude: number | null;
  latitude: number | null;
}

/** The words of the customer form and of the look-up, in each language. */
const WORDS = {
  en: {
    create: 'New',
    address: 'Address',
    city: 'City',
    locate: 'Locate',
    found: (l: Location) => `In ${l.city}, ${l.province} (longitude ${l.longitude}, latitude ${l.latitude}).`,
    notFound: 'This address names no known city: enter the city yourself.',
    differs: (current: string, value: string) => `City holds “${current}”; the look-up gives “${value}”.`,
    use: (value: string) => `Use “${value}” as City`,
  },
  zh: {
    create: '新增',
    address: '详细地址',
    city: '所在城市',
    locate: '定位',
    found: (l: Location) => `位于${l.city}（${l.province}；经度 ${l.longitude}，纬度 ${l.latitude}）。`,
    notFound: '该地址未包含已知城市，请自行填写城市。',
    differs: (current: string, value: string) => `所在城市为“${current}”，查询结果为“${value}”。`,
    use: (value: string) => `将所在城市设为“${value}”`,
  },
} as const;

const SUZHOU = '江苏省苏州市工业园区星湖街 328 号';
const SHANGHAI = '上海市浦东新区张江路 88 号';
const NOWHERE = 'Unit 4, Harbour Road, Atlantis';

/**
 * The address look-up of the customer form (`getLocationByAddress`, declared in the UI schema as a
 * `Lookup` field) and the city's suggestions (`getCityList`, a `SuggestInput`): the city is
 * offered the real server's city table; Locate fills an empty city from it, keeps a city the user
 * typed (offering the one found instead), and says so beside the address when the address names
 * no known city; in English and in Chinese.
 */
describe('the customer form looks its address up', () => {
  let server: TestServer;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;
  let token: string;

  const located = async (address: string) =>
    (
      await call<Location>(server.app, token, {
        method: 'GET',
        url: `/manager/customer/getLocationByAddress?address=${encodeURIComponent(address)}`,
      })
    ).body.data;

  beforeAll(async () => {
    server = await startServer({ listen: true, sqliteDemo: true });
    token = await signIn(server.app, 'admin', 'admin123');
    browser = await launchBrowser();
    page = await browser.context.newPage();
    await signInAsAdmin(page, server.url);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test.each(['en', 'zh'] as const)(
    "in %s: the city is offered the server's cities as it is typed; the look-up fills an empty city, keeps a typed one, and says when it finds none",
    async (lng) => {
      const words = WORDS[lng];
      await page.goto(`${server.url}/main/appliance/customer?lng=${lng}`);
      await tap(page.getByRole('button', { name: words.create, exact: true }));
      const dialog = page.getByRole('dialog');
      const address = dialog.getByLabel(words.address, { exact: true });
      const city = dialog.getByLabel(words.city, { exact: true });
      const locate = dialog.getByRole('button', { name: words.locate, exact: true });
      // Nothing to look up yet.
      expect(await locate.isDisabled()).toBe(true);

      // The city table the server ships, as suggestions for the city (free text all the same).
      const cities = (await call<{ name: string }[]>(server.app, token, { method: 'GET', url: '/manager/customer/getCityList' }))
        .body.data;
      expect(cities.length).toBeGreaterThan(0);
      await expect.poll(() => suggestionsOf(city)).toEqual([...new Set(cities.map((entry) => entry.name))]);

      // An address naming a city, the city empty: the city is filled with what the server answers.
      const suzhou = await located(SUZHOU);
      expect(suzhou.found).toBe(true);
      await address.fill(SUZHOU);
      await tap(locate);
      await dialog.getByRole('status').getByText(words.found(suzhou), { exact: true }).waitFor();
      await expect.poll(() => city.inputValue()).toBe(suzhou.city);

      // A city the user typed stays; the one the address names is offered instead.
      await city.fill('昆山');
      const shanghai = await located(SHANGHAI);
      await address.fill(SHANGHAI);
      // The message was about the address looked up before: it goes with the edit.
      expect(await dialog.getByRole('status').textContent()).toBe('');
      await tap(locate);
      await dialog.getByRole('status').getByText(words.found(shanghai), { exact: true }).waitFor();
      await dialog.getByText(words.differs('昆山', String(shanghai.city)), { exact: true }).waitFor();
      expect(await city.inputValue()).toBe('昆山');
      await tap(dialog.getByRole('button', { name: words.use(String(shanghai.city)), exact: true }));
      await expect.poll(() => city.inputValue()).toBe(shanghai.city);

      // An address naming no known city: said beside the field, and the city is left as it is.
      expect((await located(NOWHERE)).found).toBe(false);
      await address.fill(NOWHERE);
      await tap(locate);
      await dialog.getByRole('status').getByText(words.notFound, { exact: true }).waitFor();
      expect(await city.inputValue()).toBe(shanghai.city);
      expect(await seriousFindings(page)).toEqual([]);
    },
  );
});
