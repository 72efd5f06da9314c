import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { PageSchema } from '../../generated/meta';
import { call, signIn } from '../support/api';
import { launchBrowser, openInApp, signInAsAdmin, tap } from '../support/browser';
import { pages } from '../support/contract';
import { createRecord, methodOf, url, type Row } from '../support/records';
import { startServer, type TestServer } from '../support/server';
import { choose, rowAction, rowWith } from '../support/ui';
import { text } from '../support/english';

const field = (entity: string, name: string) => text(`entities.${entity}.fields.${name}`);
const pageNamed = (name: string) => pages.find((p) => p.page === name) as PageSchema;

/**
 * Journeys of the site operation areas that the generic page smoke (tests/e2e/pageTests.ts) does
 * not walk: a user's own notices written and read, a support request reviewed and surveyed,
 * feedback sent, the summary board counting a site started on the execution site list, a guard
 * event entered and confirmed, the PTZ pad of the dashboard's camera, the device list's workbook
 * exported and imported, the worksheet calendar. Each checks the screen against the server.
 */
describe('site operations in the browser', () => {
  let server: TestServer;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;
  let admin: string;

  beforeAll(async () => {
    server = await startServer({ listen: true, sqliteDemo: true });
    browser = await launchBrowser();
    page = await browser.context.newPage();
    page.setDefaultTimeout(8_000);
    admin = await signIn(server.app, 'admin', 'admin123');
    await signInAsAdmin(page, server.url);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** The records of a page's list call (the first 50, newest first), as the server answers them. */
  async function listed(schema: PageSchema, query: Record<string, string> = {}): Promise<{ records: Row[]; total: number }> {
    const list = schema.resource.list;
    return (
      await call<{ records: Row[]; total: number }>(server.app, admin, {
        method: methodOf(list),
        url: url(list),
        query: { size: '50', ...query },
      })
    ).body.data;
  }

  /** Saves a form; one that stays open fails with what it shows. */
  async function save(dialog: Locator): Promise<void> {
    await tap(dialog.getByRole('button', { name: 'Save', exact: true }));
    try {
      await dialog.waitFor({ state: 'hidden', timeout: 10_000 });
    } catch {
      const shown = await dialog.locator('.ant-alert, .ant-form-item-explain-error').allTextContents();
      throw new Error(`the form stayed open: ${shown.join(' | ')}`);
    }
  }

  test('Messages: a reminder written through the form is listed unread, then read from its row; the server has it read', async () => {
    const notices = pageNamed('notice');
    const title = `Check the fence ${Date.now() % 100000}`;
    const before = (await listed(notices)).total;
    await page.goto(`${server.url}${notices.route}?lng=en`);
    await page.getByText(`${before} in total`, { exact: true }).waitFor();
    await tap(page.getByRole('button', { name: 'New', exact: true }));
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(field('notice', 'title'), { exact: true }).fill(title);
    await choose(dialog, `* ${field('notice', 'type')}`, text('enums.siteopsNoticeType.reminder'));
    await save(dialog);
    await page.getByText(`${before + 1} in total`, { exact: true }).waitFor();
    const row = rowWith(page, title);
    const read = row.getByRole('button', { name: text('actions.readNotice'), exact: true });
    await read.waitFor();
    const stored = (await listed(notices)).records.find((record) => record.title === title);
    expect(stored).toMatchObject({ type: 'reminder', userName: expect.any(String) });
    expect(stored?.isRead).not.toBe(true);

    await tap(read);
    await expect.poll(() => read.count()).toBe(0);
    expect((await listed(notices)).records.find((record) => record.title === title)).toMatchObject({
      isRead: true,
      readTime: expect.any(String),
    });
  });

  test.each<['en' | 'zh', string]>([
    ['en', 'My tasks and notices'],
    ['zh', '我的待办与消息'],
  ])(
    "%s: the header's bell counts the unread notices as the server does, its panel what waits for the user, each leading to its screen; a notice read lowers the count on the next screen",
    async (language, title) => {
      const say = (key: string, params: Record<string, string | number> = {}) => text(key, params, language);
      const counts = async () =>
        (await call<Record<string, number>>(server.app, admin, { method: 'GET', url: url('getNoticeTaskCount') })).body.data;
      const notice = await createRecord(server.app, admin, 'notice', { title: `Bell ${language} ${Date.now() % 100000}` });
      const before = await counts();
      const unread = before.unreadNotices ?? 0;
      expect(unread).toBeGreaterThan(0);
      const customers = pageNamed('customer');
      await page.goto(`${server.url}${customers.route}?lng=${language}`);
      const bell = page.getByRole('button', { name: new RegExp(`^${title}`) });
      await expect.poll(() => bell.getAttribute('aria-label')).toBe(`${title}, ${say('common.tasks.unread', { count: unread })}`);

      await tap(bell);
      const panel = page.getByRole('tooltip').filter({ hasText: title });
      for (const field of ['unreadNotices', 'unhandledNotices', 'worksheetsToDo', 'worksheetsInProgress', 'inspectionsPending'])
        await panel
          .getByRole('button', { name: `${say(`common.tasks.${field}`)} ${String(before[field])}`, exact: true })
          .waitFor();
      await tap(panel.getByRole('button', { name: new RegExp(`^${say('common.tasks.unreadNotices')}`) }));
      const notices = pageNamed('notice');
      await page.waitForURL(`**${notices.route}`);

      const row = rowWith(page, String(notice.title));
      await tap(row.getByRole('button', { name: say('actions.readNotice'), exact: true }));
      const after = unread - 1;
      await expect.poll(async () => (await counts()).unreadNotices).toBe(after);
      await openInApp(page, customers.route);
      await expect
        .poll(() => bell.getAttribute('aria-label'))
        .toBe(after > 0 ? `${title}, ${say('common.tasks.unread', { count: after })}` : title);
    },
  );

  test('support: a request written through the form is submitted and reviewed from its row, then its requester answers the satisfaction survey the request opens; rows and server agree', async () => {
    const requests = pageNamed('supportRequest');
    const name = `PCS 2 trips at noon ${Date.now() % 100000}`;
    await page.goto(`${server.url}${requests.route}?lng=en`);
    await tap(page.getByRole('button', { name: 'New', exact: true }));
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(field('supportRequest', 'name'), { exact: true }).fill(name);
    await choose(dialog, `* ${field('supportRequest', 'category')}`, text('enums.siteopsSupportCategory.device'));
    await choose(dialog, `* ${field('supportRequest', 'urgency')}`, text('enums.siteopsUrgency.high'));
    await save(dialog);
    const row = rowWith(page, name);
    const status = (code: string) => row.getByText(text(`enums.siteopsSupportStatus.${code}`), { exact: true });
    await status('draft').waitFor();

    await rowAction(row, text('entities.supportRequest.transitions.submit'));
    await status('submitted').waitFor();
    await rowAction(row, text('entities.supportRequest.transitions.review'));
    const review = page.getByRole('dialog', { name: text('entities.supportRequest.transitions.review') });
    await choose(
      review,
      `* ${text('forms.siteopsSupportReview.fields.reviewResult')}`,
      text('enums.siteopsReviewResult.accepted'),
    );
    await review
      .getByLabel(text('forms.siteopsSupportReview.fields.reviewComment'), { exact: true })
      .fill('An engineer looks at it');
    await save(review);
    await status('reviewed').waitFor();
    const stored = (await listed(requests, { name })).records[0] as Row;
    expect(stored).toMatchObject({
      name,
      status: 'reviewed',
      reviewResult: 'accepted',
      reviewComment: 'An engineer looks at it',
    });

    await rowAction(row, text('pages.supportSurvey.title'));
    // Titled by the request once its name is read (the bare title shows only while it is).
    const surveys = text('common.scopedTitle', { title: text('pages.supportSurvey.title'), name });
    await page.getByRole('heading', { name: surveys, exact: true }).waitFor();
    await page.getByText('0 in total', { exact: true }).waitFor();
    await tap(page.getByRole('button', { name: 'New', exact: true }));
    const survey = page.getByRole('dialog');
    await survey.getByLabel(field('survey', 'score'), { exact: true }).fill('5');
    await survey.getByLabel(field('survey', 'timeliness'), { exact: true }).fill('4');
    await survey.getByLabel(field('survey', 'comment'), { exact: true }).fill('Solved the same day');
    await save(survey);
    await rowWith(page, 'Solved the same day').waitFor();
    await page.getByText('1 in total', { exact: true }).waitFor();
    expect((await listed(pageNamed('supportSurvey'), { supportRequestId: String(stored.id) })).records).toMatchObject([
      { supportRequestId: stored.id, score: 5, timeliness: 4, comment: 'Solved the same day' },
    ]);
  });

  test('feedback: a fault sent from Me › Feedback is listed with its sender, as the server stores it', async () => {
    const feedback = pageNamed('feedback');
    const content = `The price export names no station ${Date.now() % 100000}`;
    const before = (await listed(feedback)).total;
    await page.goto(`${server.url}/main/mine?lng=en`);
    await tap(page.getByRole('menuitem', { name: text('routes.Feedback.title'), exact: true }));
    await page.getByRole('heading', { name: text('pages.feedback.title'), exact: true }).waitFor();
    await page.getByText(`${before} in total`, { exact: true }).waitFor();
    await tap(page.getByRole('button', { name: 'New', exact: true }));
    const dialog = page.getByRole('dialog');
    await choose(dialog, `* ${field('feedback', 'type')}`, text('enums.siteopsFeedbackType.fault'));
    await dialog.getByLabel(field('feedback', 'content'), { exact: true }).fill(content);
    await dialog.getByLabel(field('feedback', 'contact'), { exact: true }).fill('13800138000');
    await save(dialog);
    await page.getByText(`${before + 1} in total`, { exact: true }).waitFor();
    const row = rowWith(page, content);
    await row.getByText(text('enums.siteopsFeedbackType.fault'), { exact: true }).waitFor();
    const stored = (await listed(feedback)).records.find((record) => record.content === content);
    expect(stored).toMatchObject({ type: 'fault', contact: '13800138000', creatorName: expect.any(String) });
    await row.getByText(String(stored?.creatorName), { exact: true }).waitFor();
  });

  test('summary board: a site created and started on the execution site list counts at once among the sites executing, as the server counts them', async () => {
    const sites = pageNamed('executeSite');
    const executing = async () =>
      (await call<{ executingSites: number }>(server.app, admin, { method: 'POST', url: url('getOperationInfo') })).body.data
        .executingSites;
    const figure = page
      .getByRole('region', { name: text('charts.getOperationInfo.title') })
      .locator('.ant-statistic')
      .filter({ has: page.getByText(text('charts.getOperationInfo.executingSites'), { exact: true }) })
      .locator('.ant-statistic-content-value');
    const name = `Board site ${Date.now() % 100000}`;
    const before = (await listed(sites)).total;
    await page.goto(`${server.url}${sites.route}?lng=en`);
    await page.getByText(`${before} in total`, { exact: true }).waitFor();
    await tap(page.getByRole('button', { name: 'New', exact: true }));
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(field('executeSite', 'name'), { exact: true }).fill(name);
    await dialog.getByLabel(field('executeSite', 'orderId'), { exact: true }).fill(String(900000 + (Date.now() % 100000)));
    await save(dialog);
    const row = rowWith(page, name);
    await row.getByText(text('enums.projStatus.notStarted'), { exact: true }).waitFor();

    // The board, reached through the menu, shows the server's count.
    await tap(page.getByRole('menuitem', { name: text('routes.EmsBulletin.title'), exact: true }));
    await page.waitForURL(`**/main/ems/bulletin`);
    const count = await executing();
    await expect.poll(() => figure.textContent()).toBe(count.toLocaleString('en-US'));

    // Back on the list (kept as it was), the site is started; forward on the board, it counts.
    await page.goBack();
    await rowAction(row, text('entities.executeSite.transitions.start'));
    await tap(page.getByRole('button', { name: 'OK', exact: true }));
    await row.getByText(text('enums.projStatus.executing'), { exact: true }).waitFor();
    expect((await listed(sites, { name })).records).toMatchObject([{ name, projStatus: 'executing' }]);
    expect(await executing()).toBe(count + 1);
    await page.goForward();
    await expect.poll(() => figure.textContent()).toBe((count + 1).toLocaleString('en-US'));
  });

  test('cameras: a guard event entered through the trigger form is listed unconfirmed, then confirmed from its row with what was found; row and server agree', async () => {
    const events = pageNamed('emsGuardEvent');
    const description = `Smoke by the inverter room ${Date.now() % 100000}`;
    const [camera] = (
      await call<{ id: number; name: string }[]>(server.app, admin, { method: 'GET', url: url('listIpcOptions') })
    ).body.data;
    const before = (await listed(events)).total;
    await page.goto(`${server.url}${events.route}?lng=en`);
    await page.getByText(`${before} in total`, { exact: true }).waitFor();
    await tap(page.getByRole('button', { name: 'New', exact: true }));
    const dialog = page.getByRole('dialog');
    await choose(dialog, `* ${field('guardEvent', 'cameraId')}`, String(camera?.name));
    await choose(dialog, `* ${field('guardEvent', 'eventType')}`, text('enums.emsAssetGuardEventType.smoke'));
    const time = dialog.getByLabel(field('guardEvent', 'eventTime'), { exact: true });
    await tap(time);
    await time.fill('2026-03-02 21:40:00');
    await time.press('Enter');
    await dialog.getByLabel(field('guardEvent', 'description'), { exact: true }).fill(description);
    await save(dialog);
    await page.getByText(`${before + 1} in total`, { exact: true }).waitFor();
    const row = rowWith(page, description);
    await row.getByText(text('enums.emsAssetGuardEventStatus.unconfirmed'), { exact: true }).waitFor();
    const stored = (await listed(events)).records.find((record) => record.description === description);
    expect(stored).toMatchObject({ cameraId: camera?.id, eventType: 'smoke', status: 'unconfirmed' });

    await tap(row.getByRole('button', { name: text('forms.emsGuardConfirm.title'), exact: true }));
    const confirm = page.getByRole('dialog', { name: text('forms.emsGuardConfirm.title') });
    await confirm
      .getByLabel(text('forms.emsGuardConfirm.fields.confirmInfo'), { exact: true })
      .fill('Dust from the fan; no fire');
    await save(confirm);
    await row.getByText(text('enums.emsAssetGuardEventStatus.confirmed'), { exact: true }).waitFor();
    expect(await row.getByRole('button', { name: text('forms.emsGuardConfirm.title'), exact: true }).count()).toBe(0);
    const confirmed = (await listed(events)).records.find((record) => record.description === description);
    expect(confirmed).toMatchObject({
      status: 'confirmed',
      confirmInfo: 'Dust from the fan; no fire',
      confirmTime: expect.any(String),
    });
    await row.getByText(String(confirmed?.confirmedBy), { exact: true }).waitFor();
  });

  test("cameras: holding a direction of the PTZ pad on the station's dashboard moves its dome camera; the server records the start and the stop by the user", async () => {
    const [dome] = (
      await call<Row[]>(server.app, admin, {
        method: 'GET',
        url: '/ems/api/ipc/ipc/listIpcByStationSn',
        query: { stationSn: 'T2-ST1' },
      })
    ).body.data.filter((camera) => camera.ptz === true);
    const commands = async () =>
      (
        await call<{ records: Row[]; total: number }>(server.app, admin, {
          method: 'GET',
          url: url('listPtzCommands', { id: dome?.id }),
        })
      ).body.data;
    const before = (await commands()).total;
    await page.goto(`${server.url}/main/ems/map/monitor/dashboard?lng=en&station=T2-ST1`);
    const pad = page.getByRole('group', { name: text('widgets.camera.ptz') });
    const up = pad.getByRole('button', { name: text('enums.emsAssetPtzDirection.0'), exact: true });
    await up.waitFor({ timeout: 20_000 });
    await up.scrollIntoViewIfNeeded();
    await up.hover();
    await page.mouse.down();
    await pad.getByRole('status').filter({ hasText: 'Moving: Up' }).waitFor();
    await page.mouse.up();
    await pad.getByRole('status').filter({ hasText: 'Stopped: Up' }).waitFor();
    const after = await commands();
    expect(after.total).toBe(before + 1);
    expect(after.records[0]).toMatchObject({
      cameraId: dome?.id,
      direction: 0,
      startTime: expect.any(String),
      stopTime: expect.any(String),
      userName: expect.any(String),
      stoppedBy: expect.any(String),
    });
  });

  test('bill of materials: a product matched with the store for some sets lists what each line needs, has and lacks, as the server answers it; lines ticked are deleted at once', async () => {
    const bom = pageNamed('materialBom');
    const [line] = (await listed(bom)).records;
    const productName = String(line?.productName);
    const sets = 3;
    const expected = (
      await call<Row[]>(server.app, admin, {
        method: 'POST',
        url: '/manager/materialbom/matchData',
        payload: { productName, sets },
      })
    ).body.data;
    expect(expected.length).toBeGreaterThan(0);

    await page.goto(`${server.url}${bom.route}?lng=en`);
    const title = text('forms.materialBomMatch.title');
    await tap(rowWith(page, productName).first().getByRole('button', { name: title }));
    const dialog = page.getByRole('dialog', { name: title });
    await dialog.getByLabel(text('forms.materialBomMatch.fields.sets')).fill(String(sets));
    await tap(dialog.getByRole('button', { name: title }));
    const table = dialog.getByRole('table');
    await expect.poll(() => table.locator('tbody tr').count()).toBe(expected.length);
    const shown = await table
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent)));
    const answer = ['materialCode', 'materialName', 'matched', 'unit', 'needed', 'stock', 'shortage'];
    expect(
      shown.map((cells) => [
        cells[answer.indexOf('materialName')],
        cells[answer.indexOf('needed')],
        cells[answer.indexOf('shortage')],
      ]),
    ).toEqual(expected.map((row) => [row.materialName, String(row.needed), String(row.shortage)]));
    expect(expected.some((row) => Number(row.needed) === sets * Number(line?.quantity))).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // Two lines ticked and deleted at once, after the confirmation: gone from the list and the server.
    const before = await listed(bom);
    const rows = page.locator('tbody tr');
    const ticked = [await rows.nth(0).textContent(), await rows.nth(1).textContent()];
    await tap(rows.nth(0).getByRole('checkbox', { name: text('common.selectRow') }));
    await tap(rows.nth(1).getByRole('checkbox', { name: text('common.selectRow') }));
    await tap(page.getByRole('button', { name: `${text('common.deleteSelected')} (2)` }));
    await tap(page.getByRole('button', { name: 'OK' }));
    await page.getByText(`${before.total - 2} in total`, { exact: true }).waitFor();
    const after = await listed(bom);
    expect(after.total).toBe(before.total - 2);
    const gone = before.records.filter((record) => !after.records.some((kept) => kept.id === record.id));
    expect(gone).toHaveLength(2);
    expect(ticked.every((row) => gone.some((record) => row?.includes(String(record.materialCode))))).toBe(true);
  });

  test('devices: the device list exports the devices its filter selects as a workbook; the workbook, changed, imports back; a file that is no workbook is refused with a message and imports nothing', async () => {
    const devices = pageNamed('emsDevice');
    const kind = 'pcs';
    const { records, total } = await listed(devices, { kind });
    expect(total).toBeGreaterThan(0);
    await page.goto(`${server.url}${devices.route}?lng=en`);
    await choose(page.getByRole('search'), field('device', 'kind'), text(`enums.deviceKind.${kind}`));
    await tap(page.getByRole('button', { name: 'Search', exact: true }));
    await page.getByText(`${total} in total`, { exact: true }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), tap(page.getByRole('button', { name: 'Export' }))]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readFile(String(await download.path()))) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(devices.columns.map((c) => field('device', c.field)));
    expect(sheet.actualRowCount - 1).toBe(total);
    const serials: unknown[] = [];
    sheet.eachRow((row, number) => {
      if (number > 1) serials.push(row.getCell(1).value);
    });
    expect(serials.sort()).toEqual(records.map((record) => record.sn).sort());

    // The same workbook with one device renamed, imported through the list: the list shows the new name.
    const renamed = `PCS renamed ${Date.now() % 100000}`;
    const sn = String(sheet.getRow(2).getCell(1).value);
    sheet.getRow(2).getCell(2).value = renamed;
    const upload = async (name: string, buffer: Buffer) => {
      const [chooser] = await Promise.all([page.waitForEvent('filechooser'), tap(page.getByRole('button', { name: 'Import' }))]);
      await chooser.setFiles({ name, mimeType: 'application/octet-stream', buffer });
    };
    await upload('devices.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
    await rowWith(page, renamed).getByText(sn, { exact: true }).waitFor();
    await page.getByText(`${total} in total`, { exact: true }).waitFor();
    expect((await listed(devices, { kind })).records.find((record) => record.sn === sn)?.name).toBe(renamed);

    // A file that is no workbook: the server's message, and nothing imported.
    const all = (await listed(devices)).total;
    await upload('devices.xlsx', Buffer.from('sn,name\nT2-NEW-9,x\n'));
    await page.getByText('not an Excel workbook', { exact: false }).waitFor();
    expect((await listed(devices)).total).toBe(all);
    await page.getByText(`${total} in total`, { exact: true }).waitFor();
  });

  test("worksheet calendar: each day of the month with worksheets lists them and counts them by state, and today's stand beside (all, the user's own, one station's), as the server answers; in Chinese too", async () => {
    type Sheet = { name: string; status: string; stationId: number };
    const get = async <T>(path: string, query: Record<string, string> = {}) =>
      (await call<T>(server.app, admin, { method: 'GET', url: `/manager/executesiteworksheet/${path}`, query })).body.data;
    // The month the calendar opens on: the browser's (this machine's clock, as the test's).
    const month = new Date().toISOString().slice(0, 7);
    const arranged = await get<{ date: string; worksheets: Sheet[] }[]>('getMonthArrange', { month });
    const states = await get<({ date: string } & Record<'toDo' | 'inProgress' | 'done' | 'revoked', number>)[]>(
      'getMonthTaskStatus',
      {
        month,
      },
    );
    const todays = await get<Sheet[]>('getTodayArrange');
    const mine = await get<Sheet[]>('getTodayArrange', { mine: 'true' });
    expect(states.length).toBeGreaterThan(0);

    await page.goto(`${server.url}/main/ems/map/maintenance/worksheet/calendar?lng=en`);
    await page.getByRole('heading', { name: 'Worksheet calendar' }).waitFor();
    const today = page.getByRole('region', { name: 'Today' });
    const names = (region: Locator) => region.locator('.ant-list-item-meta-title').allTextContents();
    await expect.poll(() => names(today)).toEqual(todays.map((sheet) => sheet.name));
    await tap(today.getByRole('switch', { name: 'Only mine' }));
    await expect.poll(() => names(today)).toEqual(mine.map((sheet) => sheet.name));

    const ofDay = page.getByRole('region', { name: /^Worksheets of / });
    for (const counted of states) {
      await tap(page.locator(`td[title="${counted.date}"]`));
      const [y, m, d] = counted.date.split('-').map(Number) as [number, number, number];
      const shown = new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-GB', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      });
      await page.getByRole('region', { name: `Worksheets of ${shown}` }).waitFor();
      const byState = ofDay.getByRole('list', { name: 'Worksheets of the day by state' });
      expect(await byState.getByRole('listitem').allTextContents()).toEqual([
        `To do ${counted.toDo}`,
        `In progress ${counted.inProgress}`,
        `Done ${counted.done}`,
        `Revoked ${counted.revoked}`,
      ]);
      // Revoked worksheets are counted, not listed.
      const listed = arranged.find((day) => day.date === counted.date)?.worksheets ?? [];
      expect(await names(ofDay)).toEqual(listed.map((sheet) => sheet.name));
    }

    // One station's: those the server answers for it alone (a station with none of today's shows none).
    const stations = (
      await call<{ id: number; name: string }[]>(server.app, admin, { method: 'GET', url: '/ems/api/device/station/list' })
    ).body.data;
    const other = stations.find((station) => !todays.some((sheet) => sheet.stationId === station.id));
    expect(other).toBeDefined();
    await tap(today.getByRole('switch', { name: 'Only mine' }));
    await choose(page, 'Station', String(other?.name));
    const ofOther = await get<Sheet[]>('getTodayArrange', { stationId: String(other?.id) });
    await expect.poll(() => names(today)).toEqual(ofOther.map((sheet) => sheet.name));
    expect(new URL(page.url()).searchParams.get('station')).toBe(String(other?.id));

    await page.goto(`${server.url}/main/ems/map/maintenance/worksheet/calendar?lng=zh`);
    await page.getByRole('heading', { name: '工单日历' }).waitFor();
    await expect.poll(() => names(page.getByRole('region', { name: '今日工单' }))).toEqual(todays.map((sheet) => sheet.name));
    const first = states[0] as (typeof states)[number];
    await tap(page.locator(`td[title="${first.date}"]`));
    const inChinese = page.getByRole('list', { name: '当日工单状态' }).getByRole('listitem');
    await expect
      .poll(() => inChinese.allTextContents())
      .toEqual([`待处理 ${first.toDo}`, `进行中 ${first.inProgress}`, `已完成 ${first.done}`, `已撤销 ${first.revoked}`]);
  });
});
