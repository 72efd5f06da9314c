import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { PageSchema } from '../../generated/meta';
import { optionsOperations, routes, transitionOperations } from '../../generated/registry';
import type { JsonSchema } from '../../server/contract';
import { call, signIn } from '../support/api';
import { launchBrowser, openInApp, signInAsAdmin, tap } from '../support/browser';
import { entities, example, operation, pages } from '../support/contract';
import { callOn, createRecord, methodOf, openingList, operationFor, recordBody, url, type Row } from '../support/records';
import { startServer, type TestServer } from '../support/server';
import { choose, rowAction, rowActionCount, rowWith } from '../support/ui';
import {
  holds,
  markerOf,
  markerValues,
  shownMarker,
  smokePagesOf,
  smokeSteps,
  type Marker,
  type MarkerValues,
} from './smokeMarker';
import { text } from '../support/english';
import { scopeQuery } from '../../runtime/list/listQuery';

const fieldLabel = (entity: string, field: string) => text(`entities.${entity}.fields.${field}`);
/** A drop-down's accessible name: its label, after the required mark (drawn by the stylesheet) of a required field. */
function comboboxName(entity: string, field: string): string {
  const name = fieldLabel(entity, field);
  return entities[entity]?.required?.includes(field) ? `* ${name}` : name;
}

/** A WAV of `seconds` of a quiet 440 Hz tone (8 kHz, 8 bits, mono): a course's media the player plays to its end. */
function toneWav(seconds: number): Buffer {
  const rate = 8000;
  const samples = rate * seconds;
  const wav = Buffer.alloc(44 + samples);
  wav.write('RIFF', 0);
  wav.writeUInt32LE(36 + samples, 4);
  wav.write('WAVEfmt ', 8);
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate, 28); // bytes per second
  wav.writeUInt16LE(1, 32); // bytes per sample
  wav.writeUInt16LE(8, 34); // bits per sample
  wav.write('data', 36);
  wav.writeUInt32LE(samples, 40);
  for (let i = 0; i < samples; i += 1) wav[44 + i] = 128 + Math.round(16 * Math.sin((2 * Math.PI * 440 * i) / rate));
  return wav;
}

/** An entity's state machine (`x-states`). */
interface StateMachine {
  field: string;
  transitions: Record<string, { from: unknown[]; to: unknown }>;
}
const machineOf = (entity: string) => entities[entity]?.['x-states'] as StateMachine | undefined;

/** The transitions a page's rows offer, in the page's order, with their machine's from and to. */
function transitionsOf(
  page: PageSchema,
): { operation: string; name: string; from: unknown[]; to: unknown; confirm?: string | undefined; form?: string | undefined }[] {
  const machine = machineOf(page.entity);
  return (page.rowActions ?? []).flatMap((action) => {
    if (action.action !== 'transition') return [];
    const name = transitionOperations[action.operation] ?? '';
    const transition = machine?.transitions[name];
    return transition ? [{ operation: action.operation, name, ...transition, confirm: action.confirm, form: action.form }] : [];
  });
}

/**
 * The calls that delete a record of an entity whose delete is a named call rather than the generic
 * resource's, for the records a smoke makes for itself (see `Marker`): a station is deleted by its
 * id and serial number together (a guard against a stale list), which only its named call takes.
 */
const NAMED_DELETES: Record<string, string> = { station: 'deleteStation' };

/** Page smokes whose lists are opened inside the app before a document is loaded afresh (see `pageTests`). */
const PAGES_PER_DOCUMENT = 8;

/**
 * A smoke of every page schema, generated from it, in the browser against the real server: the
 * list loads with the server's total; where the schema offers them, a record is created through
 * the form (its required fields filled from the entity's example, and a marker that tells its row
 * apart, see `Marker`), edited, moved through the first transition its row offers (on a page whose
 * entity has a state machine), and deleted through the confirmation, each step checked against the
 * server. A page that creates nothing (contracts by state, a station's settings) edits and deletes
 * a record its list already shows. Then the journeys of particular pages.
 *
 * The pages are split into `parts` by their place in the list (each part a test file with its
 * own server and browser, so that the run's two workers share them); the last part also runs the
 * journeys and checks that every page has its smoke.
 */
export function pageTests(part: number, parts: number): void {
  describe(`list pages in the browser, part ${part + 1} of ${parts}`, () => {
    let server: TestServer;
    let browser: Awaited<ReturnType<typeof launchBrowser>>;
    let page: Page;
    let admin: string;

    beforeAll(async () => {
      server = await startServer({ listen: true, sqliteDemo: true });
      browser = await launchBrowser();
      page = await browser.context.newPage();
      // A control that is not there fails a smoke in seconds, not in the 30 s of an action's default.
      page.setDefaultTimeout(8_000);
      admin = await signIn(server.app, 'admin', 'admin123');
      await signInAsAdmin(page, server.url);
    });
    afterAll(async () => {
      await browser?.close();
      await server?.stop();
    });

    /** The page's scope: the first record of each entity its scope fields refer to. */
    async function scopeOf(schema: PageSchema): Promise<Record<string, string>> {
      const scope: Record<string, string> = {};
      for (const field of schema.scope ?? []) {
        const target = entities[schema.entity]?.properties?.[field]?.['x-ref'];
        const list = pages.find((p) => p.entity === target)?.resource.list;
        if (!list) throw new Error(`${schema.page}: no list of ${String(target)} for the scope ${field}`);
        const answer = await call<{ records: Row[] }>(server.app, admin, { method: methodOf(list), url: url(list) });
        scope[field] = String(answer.body.data.records[0]?.id);
      }
      return scope;
    }

    async function totalOf(schema: PageSchema, scope: Record<string, string>): Promise<number> {
      const list = schema.resource.list;
      const answer = await call<{ total: number }>(server.app, admin, {
        method: methodOf(list),
        url: url(list),
        query: scopeQuery(schema, scope),
      });
      return answer.body.data.total;
    }

    /** The record of the page's list call (page by page) that `matches`. */
    async function listed(schema: PageSchema, scope: Record<string, string>, matches: (row: Row) => boolean): Promise<Row> {
      const list = schema.resource.list;
      for (let current = 1; ; current += 1) {
        const answer = await call<{ records: Row[]; total: number }>(server.app, admin, {
          method: methodOf(list),
          url: url(list),
          query: { ...scopeQuery(schema, scope), current: String(current), size: '50' },
        });
        const found = answer.body.data.records.find(matches);
        if (found) return found;
        if (current * 50 >= answer.body.data.total) throw new Error(`${schema.page}: the list call does not answer the record`);
      }
    }

    /** Every record of the page's list call (page by page). */
    async function recordsOf(schema: PageSchema, scope: Record<string, string>): Promise<Row[]> {
      const list = schema.resource.list;
      const records: Row[] = [];
      for (let current = 1; ; current += 1) {
        const answer = await call<{ records: Row[]; total: number }>(server.app, admin, {
          method: methodOf(list),
          url: url(list),
          query: { ...scopeQuery(schema, scope), current: String(current), size: '50' },
        });
        records.push(...answer.body.data.records);
        if (current * 50 >= answer.body.data.total) return records;
      }
    }

    /**
     * The name of the first record of an entity a picker offers that may be chosen: typing a name
     * picks one of the records of that name (device variables of different devices share names),
     * so none of them may be expired or one of `taken`.
     */
    async function firstOption(entity: string, taken: unknown[] = []): Promise<string> {
      const options = optionsOperations[entity];
      if (!options) throw new Error(`no options call for ${entity}`);
      const answer = await call<{ id: unknown; name: string; inactive?: boolean }[]>(server.app, admin, {
        method: methodOf(options),
        url: url(options),
      });
      const offered = answer.body.data;
      const found = offered.find((option) =>
        offered.every((other) => other.name !== option.name || (!other.inactive && !taken.includes(other.id))),
      )?.name;
      if (found) return found;
      // Every record a unique reference may name is taken (each demo variable has its register map): one is made for it.
      if (!taken.length) throw new Error(`no ${entity} to choose`);
      const made = await createRecord(server.app, admin, entity, { name: `${entity} ${Date.now() % 100_000}` });
      // Named as the picker names it (a variable by its station and device as well).
      const named = await call<{ name: string }[]>(server.app, admin, {
        method: methodOf(options),
        url: url(options),
        query: { id: String(made.id) },
      });
      return named.body.data[0]?.name ?? String(made.name);
    }

    /** Picks the option `name` of a drop-down inside a list entry, as `choose` does (the entries' drop-downs share a name). */
    async function pick(control: Locator, name: string): Promise<void> {
      await tap(control);
      await control.fill(name);
      await control.page().getByRole('option', { name, exact: true }).first().waitFor({ state: 'attached' });
      await control.press('Enter');
    }

    /** Saves the form; a form that stays open fails with the message it shows. */
    async function save(dialog: Locator): Promise<void> {
      await tap(dialog.getByRole('button', { name: 'Save', exact: true }));
      try {
        await dialog.waitFor({ state: 'hidden', timeout: 10_000 });
      } catch {
        const shown = await dialog.locator('.ant-alert, .ant-form-item-explain-error, .error-detail').allTextContents();
        throw new Error(`the form stayed open: ${shown.join(' | ')}`);
      }
    }

    /**
     * Fills one field of the form from a value of the example, by the kind of its control; a
     * reference that must be unique (`x-unique`) is to a record none of `taken` refers to.
     */
    async function fill(
      dialog: Locator,
      entity: string,
      field: string,
      property: JsonSchema,
      value: unknown,
      taken: unknown[] = [],
    ): Promise<void> {
      const name = fieldLabel(entity, field);
      const enumName = property['x-enum'];
      if (enumName) return choose(dialog, comboboxName(entity, field), text(`enums.${enumName}.${String(value)}`));
      if (property['x-ref']) {
        const first = await firstOption(property['x-ref'], property['x-unique'] ? taken : []);
        return choose(dialog, comboboxName(entity, field), first);
      }
      if (property.type === 'boolean') {
        if (value === true) await dialog.getByLabel(name, { exact: true }).check();
        return;
      }
      if (property.format === 'date' || property.format === 'date-time') {
        const input = dialog.getByLabel(name, { exact: true });
        await tap(input);
        await input.fill(
          String(value)
            .replace('T', ' ')
            .slice(0, property.format === 'date' ? 10 : 19),
        );
        await input.press('Enter');
        return;
      }
      if (property.type === 'array' && property.items?.properties) {
        // A list of records (the departments of an employee): the first entry, its required fields from the example.
        const item = property.items;
        const entry = ((value as Row[] | undefined) ?? [])[0] ?? {};
        const id = `root_${field}_0`;
        if ((await dialog.locator(`[id^="${id}_"]`).count()) === 0) await tap(dialog.locator(`#root_${field}__add`));
        for (const inner of item.required ?? []) {
          const innerProperty = item.properties?.[inner];
          const control = dialog.locator(`#${id}_${inner}`);
          if (innerProperty?.['x-ref']) {
            const options = optionsOperations[innerProperty['x-ref']] ?? '';
            const answer = await call<{ name: string }[]>(server.app, admin, { method: methodOf(options), url: url(options) });
            await pick(control, answer.body.data[0]?.name ?? '');
          } else if (innerProperty?.['x-enum'])
            await pick(control, text(`enums.${innerProperty['x-enum']}.${String(entry[inner])}`));
          else await control.fill(String(entry[inner]));
        }
        return;
      }
      if (property.type === 'string' || property.type === 'integer' || property.type === 'number') {
        await dialog.getByLabel(name, { exact: true }).fill(String(value));
        return;
      }
      throw new Error(`${entity}.${field}: the smoke cannot fill a ${String(property.type)} field`);
    }

    /** The users the pickers name once (two employees may share a name), but those of `except`. */
    async function colleagues(except: unknown[]): Promise<{ id: number; name: string }[]> {
      const users = await call<{ id: number; name: string }[]>(server.app, admin, { method: 'GET', url: url('listUserOptions') });
      const named = (name: string) => users.body.data.filter((user) => user.name === name).length;
      return users.body.data.filter((user) => !except.includes(user.id) && named(user.name) === 1);
    }

    /** The value of a figure of a chart panel, as the page shows it. */
    const figureOf = (call: string, field: string) =>
      page
        .getByRole('region', { name: text(`charts.${call}.title`) })
        .locator('.ant-statistic')
        .filter({ has: page.getByText(text(`charts.${call}.${field}`), { exact: true }) })
        .locator('.ant-statistic-content-value');

    /** Journeys over ticked rows, dialogs of a row and the screens a row opens (run by the first part, beside its smoke). */
    function rowSelectionJourneys(): void {
      test.each([
        { name: 'customer', key: 'name' },
        { name: 'salesOrder', key: 'orderNo' },
      ])(
        '$name: two ticked rows are transferred together to another employee, whom the server names as their owner',
        async ({ name, key }) => {
          const schema = pages.find((p) => p.page === name) as PageSchema;
          const list = schema.resource.list;
          const rows = await call<{ records: Row[] }>(server.app, admin, { method: methodOf(list), url: url(list) });
          const chosen = rows.body.data.records.slice(0, 2);
          const [next] = await colleagues(chosen.map((record) => record.ownerId));
          await page.goto(`${server.url}${schema.route}?lng=en`);
          const bulk = text(`forms.${schema.bulkActions?.[0]?.form ?? ''}.title`);
          const button = (count: number) => page.getByRole('button', { name: `${bulk} (${count})`, exact: true });
          expect(await button(0).isDisabled()).toBe(true);
          for (const record of chosen)
            await rowWith(page, String(record[key])).first().getByRole('checkbox', { name: 'Select the row' }).check();
          await tap(button(2));
          const dialog = page.getByRole('dialog', { name: 'Transfer selected' });
          await choose(dialog, '* New owner', String(next?.name));
          await save(dialog);
          for (const record of chosen) {
            const moved = await listed(schema, {}, (entry) => entry.id === record.id);
            expect(moved.ownerName).toBe(next?.name);
          }
          // Saved, the list is read again and nothing is ticked.
          await button(0).waitFor();
        },
      );

      test('guard events ticked together are confirmed at once with what was found', async () => {
        const cameras = await call<{ id: number }[]>(server.app, admin, { method: 'GET', url: url('listIpcOptions') });
        const descriptions = [1, 2].map((n) => `Gate alarm ${n}-${Date.now() % 100000}`);
        for (const description of descriptions) {
          const added = await call(server.app, admin, {
            method: 'POST',
            url: url('addGuardEvent'),
            payload: {
              cameraId: cameras.body.data[0]?.id,
              eventType: 'intrusion',
              eventTime: new Date().toISOString(),
              description,
            },
          });
          expect(added.status).toBe(200);
        }
        const guardPage = pages.find((p) => p.page === 'emsGuardEvent') as PageSchema;
        await page.goto(`${server.url}${guardPage.route}?lng=en`);
        for (const description of descriptions)
          await rowWith(page, description).getByRole('checkbox', { name: 'Select the row' }).check();
        await tap(page.getByRole('button', { name: 'Confirm (2)', exact: true }));
        const dialog = page.getByRole('dialog', { name: 'Confirm' });
        await dialog.getByLabel('What was found', { exact: true }).fill('Wind shook the gate');
        await save(dialog);
        for (const description of descriptions) {
          await rowWith(page, description).getByText('Confirmed', { exact: true }).waitFor();
          const stored = await listed(guardPage, {}, (record) => record.description === description);
          expect(stored).toMatchObject({ status: 'confirmed', confirmInfo: 'Wind shook the gate' });
        }
      });

      test('a customer is shared from its row with two colleagues, whom its shares then list', async () => {
        const customers = pages.find((p) => p.page === 'customer') as PageSchema;
        const list = customers.resource.list;
        const rows = await call<{ records: Row[] }>(server.app, admin, { method: methodOf(list), url: url(list) });
        const customer = rows.body.data.records[0] as Row;
        const sharesNow = async () =>
          (
            await call<{ records: Row[] }>(server.app, admin, {
              method: 'GET',
              url: url('getCustomerOwnerList'),
              query: { customerId: String(customer.id), size: '50' },
            })
          ).body.data.records.map((share) => share.userId);
        const already = await sharesNow();
        const [first, second] = await colleagues([customer.ownerId, ...already]);
        await page.goto(`${server.url}${customers.route}?lng=en`);
        await rowAction(rowWith(page, String(customer.name)).first(), 'Share');
        const dialog = page.getByRole('dialog', { name: 'Share' });
        await choose(dialog, '* Share with', String(first?.name));
        await choose(dialog, '* Share with', String(second?.name));
        await save(dialog);
        expect(await sharesNow()).toEqual(expect.arrayContaining([...already, first?.id, second?.id]));
      });

      test('a customer is taken from the pool after a confirmation: it leaves the pool and the caller owns it', async () => {
        const pool = pages.find((p) => p.page === 'customerPool') as PageSchema;
        const pooled = async () =>
          (
            await call<{ records: Row[] }>(server.app, admin, {
              method: 'GET',
              url: url(pool.resource.list),
              query: { size: '50' },
            })
          ).body.data.records;
        const customer = (await pooled())[0] as Row;
        await page.goto(`${server.url}${pool.route}?lng=en`);
        await tap(rowWith(page, String(customer.name)).getByRole('button', { name: 'Take', exact: true }));
        await tap(page.getByRole('button', { name: 'OK', exact: true }));
        await rowWith(page, String(customer.name)).waitFor({ state: 'detached' });
        expect((await pooled()).map((entry) => entry.id)).not.toContain(customer.id);
        const taken = await call<Row>(server.app, admin, {
          method: 'GET',
          url: url('getCustomerInfoById'),
          query: { id: String(customer.id) },
        });
        expect(taken.body.data.ownerId).toEqual(expect.any(Number));
      });

      test('a tax number is looked up: the registry entry of a company not yet a customer, and the owner of one that is', async () => {
        const lookup = routes.find((route) => route.name === 'CompanyLookup');
        await page.goto(`${server.url}${lookup?.path ?? ''}?lng=en`);
        const field = page.getByLabel('Tax number', { exact: true });
        await field.fill('91310000MA1FL0X12J');
        await tap(page.getByRole('button', { name: 'Look up', exact: true }));
        await page.getByText('华东精密制造有限公司', { exact: true }).waitFor();
        await page.getByText('Not a customer of the enterprise yet', { exact: true }).waitFor();
        const customers = await call<{ records: Row[] }>(server.app, admin, {
          method: 'GET',
          url: url('getCustomerList'),
          query: { size: '50' },
        });
        const owned = customers.body.data.records.find((record) => record.taxNumber && record.ownerName) as Row;
        await field.fill(String(owned.taxNumber));
        await tap(page.getByRole('button', { name: 'Look up', exact: true }));
        await page.getByText(`Already a customer, owned by ${String(owned.ownerName)}`, { exact: true }).waitFor();
        await page.getByText(String(owned.name), { exact: true }).waitFor();
      });

      test('a sales order shows the other orders of its customer, as the server answers them', async () => {
        const orders = pages.find((p) => p.page === 'salesOrder') as PageSchema;
        const all = await call<{ records: Row[] }>(server.app, admin, {
          method: 'GET',
          url: url(orders.resource.list),
          query: { size: '50' },
        });
        const countOf = (customerId: unknown) => all.body.data.records.filter((order) => order.customerId === customerId).length;
        const order = all.body.data.records.find((candidate) => countOf(candidate.customerId) > 1) as Row;
        const related = await call<Row[]>(server.app, admin, {
          method: 'GET',
          url: url('getRelatedOrders'),
          query: { id: String(order.id) },
        });
        expect(related.body.data.length).toBeGreaterThan(0);
        await page.goto(`${server.url}${orders.route}?lng=en`);
        await page.getByLabel(fieldLabel('salesOrder', 'orderNo'), { exact: true }).fill(String(order.orderNo));
        await tap(page.getByRole('button', { name: 'Search', exact: true }));
        await rowAction(rowWith(page, String(order.orderNo)), 'Related orders');
        const dialog = page.getByRole('dialog', { name: 'Related orders' });
        for (const other of related.body.data)
          await dialog
            .getByRole('row')
            .filter({ hasText: String(other.orderNo) })
            .waitFor();
        expect(await dialog.locator('tbody tr').count()).toBe(related.body.data.length);
        expect(await dialog.getByText(String(order.orderNo), { exact: true }).count()).toBe(0);
      });

      test('a good of the points mall is exchanged from its row: my points and the stock go down as the server counts them', async () => {
        const mall = pages.find((p) => p.page === 'mallGoods') as PageSchema;
        const points = async () =>
          (await call<{ points: number }>(server.app, admin, { method: 'GET', url: url('getMyPoints') })).body.data.points;
        const before = await points();
        const goods = await call<{ records: Row[] }>(server.app, admin, {
          method: 'GET',
          url: url(mall.resource.list),
          query: { size: '50' },
        });
        const good = goods.body.data.records.find(
          (candidate) => candidate.enabled === true && Number(candidate.stock) > 0 && Number(candidate.pointsPrice) <= before,
        ) as Row;
        await page.goto(`${server.url}${mall.route}?lng=en`);
        await expect.poll(() => figureOf('getMyPoints', 'points').textContent()).toBe(before.toLocaleString('en-US'));
        await tap(rowWith(page, String(good.name)).getByRole('button', { name: 'Exchange', exact: true }));
        await save(page.getByRole('dialog', { name: 'Exchange' }));
        const after = before - Number(good.pointsPrice);
        expect(await points()).toBe(after);
        await expect.poll(() => figureOf('getMyPoints', 'points').textContent()).toBe(after.toLocaleString('en-US'));
        const stocked = await listed(mall, {}, (entry) => entry.id === good.id);
        expect(stocked.stock).toBe(Number(good.stock) - 1);
        // A good not on sale offers no exchange.
        const off = goods.body.data.records.find((candidate) => candidate.enabled === false);
        if (off)
          expect(await rowWith(page, String(off.name)).getByRole('button', { name: 'Exchange', exact: true }).count()).toBe(0);
      });

      test('a course is opened from its list, liked, collected and watched to its end; the server counts each step; a demo course plays, and an address that is no video says so', async () => {
        const name = `Course ${Date.now() % 100000}`;
        const form = new FormData();
        form.append('file', new Blob([Uint8Array.from(toneWav(3))], { type: 'audio/wav' }), 'lesson.wav');
        const uploaded = await fetch(`${server.url}${url('uploadFile')}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${admin}` },
          body: form,
        });
        const media = ((await uploaded.json()) as { data: { url: string } }).data.url;
        const added = await call<Row>(server.app, admin, {
          method: 'POST',
          url: url('saveEnterpriseVideo'),
          payload: {
            ...(await recordBody(server.app, admin, 'enterpriseVideo')),
            name,
            videoUrl: media,
            duration: 3,
            coverUrl: '',
          },
        });
        expect(added.status).toBe(200);
        const info = async () =>
          (
            await call<Row>(server.app, admin, {
              method: 'GET',
              url: url('getEnterpriseVideoInfo'),
              query: { id: String(added.body.data.id) },
            })
          ).body.data;
        const courses = pages.find((p) => p.page === 'enterpriseVideos') as PageSchema;
        const open = async (title: string) => {
          await page.goto(`${server.url}${courses.route}?lng=en`);
          await page.getByLabel(fieldLabel('enterpriseVideo', 'name'), { exact: true }).fill(title);
          await tap(page.getByRole('button', { name: 'Search', exact: true }));
          await tap(rowWith(page, title).getByRole('button', { name: 'Course', exact: true }));
          await page.getByRole('heading', { name: title }).waitFor();
        };
        await open(name);
        await page.getByRole('status').filter({ hasText: 'Not started' }).waitFor();

        await tap(page.getByRole('button', { name: 'Like 0' }));
        await page.getByRole('button', { name: 'Like 1' }).waitFor();
        await tap(page.getByRole('button', { name: 'Collect 0' }));
        await page.getByRole('button', { name: 'Collect 1' }).waitFor();
        expect(await info()).toMatchObject({ likeCount: 1, liked: true, collectCount: 1, collected: true, learnerCount: 0 });

        // Played to its end, the course is recorded as finished: the learner's progress is its length.
        const player = page.getByLabel(`Video of ${name}`);
        await player.click();
        await player.evaluate((video: HTMLVideoElement) => (video.paused ? video.play() : undefined));
        await page.getByRole('status').filter({ hasText: 'Finished' }).waitFor({ timeout: 15_000 });
        await page.getByText('Learners: 1').waitFor();
        expect(await info()).toMatchObject({ progress: 3, learnerCount: 1 });
        const views = await call<{ records: Row[] }>(server.app, admin, {
          method: 'GET',
          url: url('getVideoViewRecords'),
          query: { videoId: String(added.body.data.id) },
        });
        expect(views.body.data.records).toMatchObject([{ progress: 3, finished: true }]);

        // A demo course plays its stored video.
        const demo = await listed(courses, {}, (entry) => String(entry.videoUrl).endsWith('.mp4'));
        await open(String(demo.name));
        const demoPlayer = page.getByLabel(`Video of ${String(demo.name)}`);
        await expect.poll(() => demoPlayer.evaluate((video: HTMLVideoElement) => video.readyState)).toBeGreaterThanOrEqual(1);
        expect(await demoPlayer.evaluate((video: HTMLVideoElement) => Math.round(video.duration))).toBe(8);
        expect(await page.getByText('The video cannot be played here', { exact: false }).count()).toBe(0);

        // An address that answers no video: the learner is told, with the address.
        const missing = media.replace(/[^/]+$/, 'noSuchCourse.mp4');
        const broken = `Broken course ${Date.now() % 100000}`;
        const saved = await call<Row>(server.app, admin, {
          method: 'POST',
          url: url('saveEnterpriseVideo'),
          payload: { ...(await recordBody(server.app, admin, 'enterpriseVideo')), name: broken, videoUrl: missing, coverUrl: '' },
        });
        expect(saved.status).toBe(200);
        await open(broken);
        await page.getByText('The video cannot be played here', { exact: false }).waitFor();
        await page.getByText(missing, { exact: true }).waitFor();
      });

      test('a headline is opened from its list, liked, commented on and answered; a comment is liked and the answer deleted, as the server counts them', async () => {
        const title = `Site visit ${Date.now() % 100000}`;
        const added = await call<Row>(server.app, admin, {
          method: 'POST',
          url: url('saveEnterpriseNews'),
          payload: { ...example('enterpriseNews'), title, content: 'The storage station passed its yearly inspection.' },
        });
        expect(added.status).toBe(200);
        const id = String(added.body.data.id);
        const info = async () =>
          (
            await call<{ likeCount: number; liked: boolean; commentCount: number }>(server.app, admin, {
              method: 'GET',
              url: url('likeEnterpriseNewsInfo'),
              query: { enterpriseNewsId: id },
            })
          ).body.data;
        const news = pages.find((p) => p.page === 'enterpriseNews') as PageSchema;
        await page.goto(`${server.url}${news.route}?lng=en`);
        await page.getByLabel(fieldLabel('enterpriseNews', 'title'), { exact: true }).fill(title);
        await tap(page.getByRole('button', { name: 'Search', exact: true }));
        await tap(rowWith(page, title).getByRole('button', { name: 'Article', exact: true }));
        await page.getByRole('heading', { name: title }).waitFor();
        await page.getByText('The storage station passed its yearly inspection.').waitFor();

        await tap(page.getByRole('button', { name: 'Like 0' }));
        await page.getByRole('button', { name: 'Like 1' }).waitFor();
        expect(await info()).toMatchObject({ likeCount: 1, liked: true });

        const write = page.getByRole('textbox', { name: 'Write a comment…' });
        await write.fill('Well done, everyone');
        await tap(page.getByRole('button', { name: 'Send', exact: true }));
        const first = page.locator('[data-comment]').filter({ hasText: 'Well done, everyone' });
        await first.waitFor();
        await tap(first.getByRole('button', { name: 'Reply', exact: true }));
        await write.fill('Thank you');
        await tap(page.getByRole('button', { name: 'Send', exact: true }));
        const answer = page.locator('[data-comment]').filter({ hasText: 'Thank you' });
        await answer.getByText(/^Reply to /).waitFor();
        expect(await info()).toMatchObject({ commentCount: 2 });

        await tap(first.getByRole('button', { name: 'Like the comment' }));
        await expect
          .poll(() => first.getByRole('button', { name: 'Like the comment' }).getAttribute('aria-pressed'))
          .toBe('true');
        const comments = async () =>
          (
            await call<{ records: Row[] }>(server.app, admin, {
              method: 'GET',
              url: url('getEnterpriseCommentData'),
              query: { enterpriseNewsId: id },
            })
          ).body.data.records;
        expect((await comments()).find((comment) => comment.content === 'Well done, everyone')).toMatchObject({
          likeCount: 1,
          liked: true,
        });

        await tap(answer.getByRole('button', { name: 'Delete' }));
        await tap(page.getByRole('button', { name: 'OK', exact: true }));
        await answer.waitFor({ state: 'detached' });
        expect((await comments()).map((comment) => comment.content)).toEqual(['Well done, everyone']);
        expect(await info()).toMatchObject({ commentCount: 1 });
      });
    }

    /** A record of `entity` made for a smoke through its create call, named `name`. */
    async function madeNamed(entity: string, name: string): Promise<Row> {
      const create = operationFor(entity, 'create');
      if (!create) throw new Error(`${entity} has no create call`);
      const payload = { ...(await recordBody(server.app, admin, entity)), name };
      const answer = await call<Row>(server.app, admin, { method: methodOf(create), url: url(create), payload });
      expect(answer.body.msg, `making a ${entity} for the smoke`).toBe('success');
      return answer.body.data;
    }

    /** Deletes a record made for a smoke, by its entity's delete call (the call's other parameters from the record). */
    async function remove(entity: string, record: Row): Promise<void> {
      const deletes = operationFor(entity, 'delete') ?? NAMED_DELETES[entity];
      if (!deletes) throw new Error(`${entity} has no delete call`);
      const params = (operation(deletes).query?.required ?? []).filter((name) => name !== 'id');
      const answer = await callOn(server.app, admin, deletes, record.id, {
        query: Object.fromEntries(params.map((name) => [name, String(record[name])])),
      });
      expect(answer.body.msg, `deleting the ${entity} made for the smoke`).toBe('success');
    }

    /**
     * The total the list on the screen shows (`n in total`): the pages the shell keeps alive, hidden,
     * may show the same words.
     */
    const totalShown = (n: number) => page.getByText(`${n} in total`, { exact: true }).filter({ visible: true });

    /**
     * Whether the next page's smoke opens its list in a document loaded afresh rather than inside
     * the app, as a click on a menu entry opens it: every `PAGES_PER_DOCUMENT` pages (the pages
     * the shell keeps alive make each screen slower), and after a failed step, which may have left
     * a dialog open.
     */
    let fresh = true;
    let opened = 0;
    afterEach(({ task }) => {
      if (task.result?.state === 'fail') fresh = true;
    });

    const mine = smokePagesOf(pages, part, parts);
    // Each page's own stamp: pages of one entity in a part (the contract lists) must not write the same values.
    const run = Date.now();
    describe.each(mine.map((p, index) => ({ ...p, name: p.page, index })))('$name', ({ index, ...schema }) => {
      const marker = markerOf(schema) as Marker;
      const steps = smokeSteps(schema);
      const entity = entities[schema.entity];
      const stamp = (run + index) % 100000;
      let scope: Record<string, string>;
      let before: number;
      let values: MarkerValues;
      /** The id of the smoke's record: the one it created, else one its list already had. */
      let id: unknown;
      /** The value the record shows in the marker's column now. */
      let shownValue: unknown;
      /** Whether that value is the smoke's own (created or edited), else the one the record had when found. */
      let own = false;
      /** Whether the list is narrowed by its filter of the marker (the record is not on the first page the list opens on). */
      let narrowed = false;
      /** The record a reference marker refers to, made for the smoke. */
      let referenced: Row | undefined;
      afterAll(async () => {
        if (referenced && marker.kind === 'reference') await remove(marker.entity, referenced);
      });

      const label = (enumName: string, code: unknown) => text(`enums.${enumName}.${String(code)}`);
      /** The row that shows the marker's `value`: a text in a cell, any other value as a whole cell. */
      const rowOf = (value: unknown) => {
        const shown = shownMarker(marker, schema, value, label);
        return marker.kind === 'text' || marker.kind === 'reference'
          ? rowWith(page, shown)
          : page.getByRole('row').filter({ has: page.getByRole('cell', { name: shown, exact: true }) });
      };
      /**
       * The row of the smoke's record. A value the record had when found is matched as a whole
       * cell: another row may hold the same words within a longer text.
       */
      const currentRow = () =>
        own
          ? rowOf(shownValue)
          : page
              .getByRole('row')
              .filter({ has: page.getByRole('cell', { name: shownMarker(marker, schema, shownValue, label), exact: true }) });
      /** The marker's field of a record as the list shows it (of a reference, the referred record's name). */
      const markerOf_ = (record: Row) => record[marker.kind === 'reference' ? marker.column : marker.field];

      /** The records of the list as it opens (its order, its first page size). */
      async function firstPage(): Promise<Row[]> {
        return (await openingList(server.app, admin, schema, scope)).records;
      }

      /** Whether the smoke's record was made through its entity's create call for a page that creates nothing. */
      let made = false;

      /**
       * On a page that creates nothing, the record its smoke edits or deletes. Where the page deletes
       * and its list is the generic one, a record made through the entity's create call with the
       * list's fixed conditions (a meter is a device of kind meter): a record the demo has may be in
       * use (a meter whose variables an energy label reads), which the server rightly refuses to
       * delete. Otherwise the first record of the list as it opens whose marker no other shows.
       */
      async function existing(): Promise<void> {
        if (id !== undefined) return;
        const records = await recordsOf(schema, scope);
        values = markerValues(marker, schema, records, stamp);
        const binding = operation(schema.resource.list).resource;
        const create = operationFor(schema.entity, 'create');
        if (steps.delete && binding?.action === 'list' && create) {
          const payload = { ...(await recordBody(server.app, admin, schema.entity)), ...binding.where, ...scope };
          const value = marker.kind === 'text' ? `${String(values.created)} made` : undefined;
          if (value) payload[marker.field] = value;
          const answer = await call<Row>(server.app, admin, { method: methodOf(create), url: url(create), payload });
          expect(answer.body.msg, `making a ${schema.entity} for the smoke`).toBe('success');
          id = answer.body.data.id;
          shownValue = markerOf_(answer.body.data);
          made = true;
          // The list is read again, as a user opening it now would.
          await page.reload();
          await totalShown(before + 1).waitFor();
          if (!(await firstPage()).some((row) => row.id === id))
            throw new Error(`${schema.page}: the record made is not on the first page`);
          return;
        }
        const found = (await firstPage()).find((record) => {
          const value = markerOf_(record);
          return (
            value !== undefined &&
            value !== null &&
            value !== '' &&
            !Array.isArray(value) &&
            records.filter((other) => holds(marker, other, value)).length === 1
          );
        });
        if (!found) throw new Error(`${schema.page}: the list's first page has no record whose ${marker.field} no other shows`);
        id = found.id;
        shownValue = markerOf_(found);
      }

      /** Writes the marker's `value` into the form (of a selection, the codes `previous` has not). */
      /** The entity's form of a new record: its required fields, and the write-only ones the example gives (a first password). */
      async function fillEntityForm(dialog: Locator, records: Row[]): Promise<void> {
        const sample = example(schema.entity);
        const writeOnly = Object.keys(sample).filter((name) => entity?.properties?.[name]?.writeOnly);
        // A field required on a condition (if / then) that the example meets: the example gives it.
        const conditional = ((entity as { then?: { required?: string[] } } | undefined)?.then?.required ?? []).filter(
          (name) => name in sample,
        );
        for (const required of new Set([...(entity?.required ?? []), ...conditional, ...writeOnly])) {
          const property = entity?.properties?.[required];
          if (!property || required === marker?.field || schema.scope?.includes(required)) continue;
          const unique = property['x-unique'] || required === 'username';
          await fill(
            dialog,
            schema.entity,
            required,
            property,
            unique ? `${String(sample[required])}${stamp}` : sample[required],
            records.map((record) => record[required]),
          );
        }
      }

      /**
       * The form of the call a page creates with (`createForm`: several records at once): each list
       * of uploads gets one small file, chosen through its button as a user picks it, so that one
       * record is made; the page's scope fills the rest.
       */
      async function fillCreateForm(dialog: Locator, { form, save }: { form: string; save: string }): Promise<void> {
        const body = operation(save).body ?? {};
        for (const required of body.required ?? []) {
          if (schema.scope?.includes(required)) continue;
          if (body.properties?.[required]?.['x-upload'] !== 'files')
            throw new Error(`${schema.page}: the smoke cannot fill ${required} of ${save}`);
          const name = `smoke-${stamp}.txt`;
          const chooser = page.waitForEvent('filechooser');
          // The field's label (after the required mark) names the button that opens the file chooser.
          await tap(dialog.getByRole('button', { name: `* ${text(`forms.${form}.fields.${required}`)}`, exact: true }));
          await (await chooser).setFiles({ name, mimeType: 'text/plain', buffer: Buffer.from('smoke') });
          // Uploaded: the file's name links to it.
          await dialog.getByRole('link', { name, exact: true }).waitFor();
        }
      }

      async function writeMarker(dialog: Locator, value: unknown, previous: unknown[] = []): Promise<void> {
        const property = entity?.properties?.[marker.field] ?? {};
        if (marker.kind === 'codes') {
          const added = (value as unknown[]).filter((code) => !previous.includes(code));
          const named = (code: unknown) => label(String(property.items?.['x-enum']), code);
          if (property['x-option-groups']) {
            // Ticks in groups: each code its own tick, named as the catalogue names it.
            for (const code of added) await dialog.getByRole('checkbox', { name: named(code), exact: true }).check();
            return;
          }
          const box = comboboxName(schema.entity, marker.field);
          for (const code of added) await choose(dialog, box, named(code));
          // A drop-down of several choices stays open after each: closed, as a user closes it before saving.
          if (added.length) await dialog.getByRole('combobox', { name: box, exact: true }).press('Escape');
        } else if (marker.kind === 'reference') await choose(dialog, comboboxName(schema.entity, marker.field), String(value));
        else if (marker.kind === 'date') await fill(dialog, schema.entity, marker.field, property, value);
        else await dialog.getByLabel(fieldLabel(schema.entity, marker.field), { exact: true }).fill(String(value));
      }

      /**
       * Narrows the list by its filter of the marker's field to the rows that show `value`, as a
       * user looks up a record the list's order puts on a later page.
       */
      async function narrow(value: unknown): Promise<void> {
        const filter = schema.filters?.find((f) => f.field === marker.field);
        if (!filter || filter.range || (marker.kind !== 'text' && marker.kind !== 'number'))
          throw new Error(
            `${schema.page}: the new record is not on the first page, and no text filter of ${marker.field} finds it`,
          );
        const search = page.getByRole('search');
        await search.getByLabel(fieldLabel(schema.entity, marker.field), { exact: true }).fill(String(value));
        await tap(search.getByRole('button', { name: 'Search', exact: true }));
      }

      test('the list loads with the server total', async () => {
        scope = await scopeOf(schema);
        before = await totalOf(schema, scope);
        // A reload boots the whole app, about a second of the browser's work; a screen opened inside it, a third of that.
        if (fresh || opened % PAGES_PER_DOCUMENT === 0)
          await page.goto(`${server.url}${schema.route}?${new URLSearchParams({ ...scope, lng: 'en' }).toString()}`);
        else
          await openInApp(page, `${schema.route}${Object.keys(scope).length ? `?${new URLSearchParams(scope).toString()}` : ''}`);
        fresh = false;
        opened += 1;
        // A page scoped to a record names it once its name has come ("Contacts of …"), at once or a moment later.
        const title = text(`pages.${schema.page}.title`).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        const scoped = Object.keys(scope).length > 0;
        await page.getByRole('heading', { name: new RegExp(`^${title}${scoped ? '( of .+)?' : ''}$`) }).waitFor();
        await totalShown(before).waitFor();
      });

      if (steps.create) {
        test('creates a record through the form', async () => {
          const records = await recordsOf(schema, scope);
          values = markerValues(marker, schema, records, stamp);
          if (marker.kind === 'reference') referenced = await madeNamed(marker.entity, String(values.created));
          await tap(page.getByRole('button', { name: 'New', exact: true }));
          const dialog = page.getByRole('dialog');
          // New opens the call's form, unless that form stands beside New (`beside`).
          if (schema.createForm && !schema.createForm.beside) await fillCreateForm(dialog, schema.createForm);
          else await fillEntityForm(dialog, records);
          await writeMarker(dialog, values.created);
          await save(dialog);
          await totalShown(before + 1).waitFor();
          expect(await totalOf(schema, scope)).toBe(before + 1);
          const created = await listed(schema, scope, (row) => holds(marker, row, values.created));
          id = created.id;
          shownValue = values.created;
          own = true;
          // The list as it opens: does it show the new record?
          narrowed = !(await firstPage()).some((row) => row.id === id);
          if (narrowed) await narrow(values.created);
          await currentRow().first().waitFor();
        });
      }

      if (steps.edit) {
        test('edits it; the row and the server show the change', async () => {
          if (!steps.create) await existing();
          await tap(currentRow().getByRole('button', { name: 'Edit', exact: true }));
          const dialog = page.getByRole('dialog');
          let change: Row;
          if (marker.kind === 'reference') {
            // The referred record stays; another code of the first coded column is chosen.
            const property = entity?.properties?.[marker.edit] ?? {};
            const current = (await listed(schema, scope, (row) => row.id === id))[marker.edit];
            const next = property.enum?.find((code) => code !== current);
            await choose(dialog, comboboxName(schema.entity, marker.edit), label(String(property['x-enum']), next));
            change = { [marker.edit]: next };
          } else {
            if (!own && marker.kind === 'codes') throw new Error(`${schema.page}: a found record's selection is not edited`);
            await writeMarker(dialog, values.edited, Array.isArray(shownValue) ? shownValue : []);
            change = { [marker.field]: values.edited };
            shownValue = values.edited;
            own = true;
          }
          await save(dialog);
          // Narrowed, the list is narrowed to the new value; else the edit may have moved the record off the first page.
          if (narrowed || !(await firstPage()).some((row) => row.id === id)) {
            narrowed = true;
            await narrow(shownValue);
          }
          const row = currentRow();
          await row.first().waitFor();
          if (marker.kind === 'reference') {
            const property = entity?.properties?.[marker.edit] ?? {};
            await row.getByText(label(String(property['x-enum']), change[marker.edit]), { exact: true }).waitFor();
          }
          expect(await listed(schema, scope, (record) => record.id === id)).toMatchObject(change);
        });
      }

      // A transition is walked on the smoke's own record only: a found one is in whatever state the demo left it.
      if (steps.create && transitionsOf(schema).length > 0) {
        test('moves it through the first transition its row offers; the row shows the new state', async () => {
          const machine = machineOf(schema.entity) as StateMachine;
          const record = await listed(schema, scope, (row) => row.id === id);
          const state = String(record[machine.field]);
          const offered = transitionsOf(schema).find((transition) => transition.from.map(String).includes(state));
          if (!offered) throw new Error(`no transition of the page starts from ${state}`);
          const enumName = entities[schema.entity]?.properties?.[machine.field]?.['x-enum'];
          const shown = text(`enums.${String(enumName)}.${String(offered.to)}`);
          const row = currentRow();
          const transitionLabel = text(`entities.${schema.entity}.transitions.${offered.name}`);
          await rowAction(row, transitionLabel);
          if (offered.confirm) await tap(page.getByRole('button', { name: 'OK', exact: true }));
          if (offered.form) {
            // The transition's form: its required fields, a coded one set to its first value.
            const dialog = page.getByRole('dialog', { name: transitionLabel });
            const body = operation(offered.operation).body;
            for (const required of body?.required ?? []) {
              const property = body?.properties?.[required] as JsonSchema;
              const name = text(`forms.${offered.form}.fields.${required}`);
              if (property['x-enum'])
                await choose(dialog, `* ${name}`, text(`enums.${property['x-enum']}.${String(property.enum?.[0])}`));
              else await dialog.getByLabel(name, { exact: true }).fill(`Smoke ${schema.page} ${stamp} ${required}`);
            }
            await save(dialog);
          }
          // The state as the row shows it, not a button's label (a contract's "Signed" is both).
          await row.getByText(shown, { exact: true }).locator('xpath=self::*[not(ancestor-or-self::button)]').first().waitFor();
          const after = await listed(schema, scope, (row) => row.id === record.id);
          expect(after[machine.field]).toBe(offered.to);
        });
      }

      if (steps.delete) {
        test('deletes it through the confirmation', async () => {
          if (!steps.create && !steps.edit) await existing();
          // The smoke's own record leaves the list as it was; a found one leaves it one shorter.
          const after = steps.create || made ? before : before - 1;
          const row = currentRow();
          await rowAction(row, 'Delete');
          await tap(page.getByRole('button', { name: 'OK', exact: true }));
          if (narrowed) {
            // The narrowed list loses the row; cleared, it counts what the server does.
            await row.first().waitFor({ state: 'detached' });
            await tap(page.getByRole('search').getByRole('button', { name: 'Reset', exact: true }));
          }
          try {
            await totalShown(after).waitFor();
          } catch {
            const shown = await page.locator('.ant-message, .ant-alert').allTextContents();
            const total = await totalOf(schema, scope);
            throw new Error(
              `after the delete the list does not show ${after} in total (the server has ${total}): ${shown.join(' | ')}`,
            );
          }
          expect(await totalOf(schema, scope)).toBe(after);
        });
      }
    });

    if (part === 0) rowSelectionJourneys();
    if (part !== parts - 1) return;

    test('a guard event is confirmed from its list with what was found: the row shows who confirmed it, and offers it no more', async () => {
      const description = `Fence alarm ${Date.now() % 100000}`;
      const cameras = await call<{ id: number }[]>(server.app, admin, { method: 'GET', url: url('listIpcOptions') });
      const added = await call(server.app, admin, {
        method: 'POST',
        url: url('addGuardEvent'),
        payload: { cameraId: cameras.body.data[0]?.id, eventType: 'intrusion', eventTime: new Date().toISOString(), description },
      });
      expect(added.status).toBe(200);
      const guardPage = pages.find((p) => p.page === 'emsGuardEvent');
      await page.goto(`${server.url}${guardPage?.route ?? ''}?lng=en`);
      const row = rowWith(page, description);
      await row.getByText('Unconfirmed', { exact: true }).waitFor();
      await tap(row.getByRole('button', { name: 'Confirm', exact: true }));
      const dialog = page.getByRole('dialog', { name: 'Confirm' });
      await dialog.getByLabel('What was found', { exact: true }).fill('A deer at the fence; nobody entered');
      await save(dialog);
      await row.getByText('Confirmed', { exact: true }).waitFor();
      expect(await row.getByText('A deer at the fence; nobody entered').count()).toBe(1);
      expect(await row.getByRole('button', { name: 'Confirm', exact: true }).count()).toBe(0);
      const stored = await listed(guardPage as PageSchema, {}, (record) => record.description === description);
      expect(stored).toMatchObject({ status: 'confirmed', confirmInfo: 'A deer at the fence; nobody entered' });
      expect(await row.getByText(String(stored.confirmedBy), { exact: true }).count()).toBe(1);
    });

    test.each(['customer', 'salesOrder'])(
      '%s: a record is transferred from its list to another employee, whom the row and the server name as its owner',
      async (name) => {
        const schema = pages.find((p) => p.page === name) as PageSchema;
        const list = schema.resource.list;
        const rows = await call<{ records: Row[] }>(server.app, admin, { method: methodOf(list), url: url(list) });
        const record = rows.body.data.records[0] as Row;
        const [next] = (await colleagues([record.ownerId])) as [{ id: number; name: string }];
        await page.goto(`${server.url}${schema.route}?lng=en`);
        const row = rowWith(page, String(record.name));
        await tap(row.getByRole('button', { name: 'Transfer', exact: true }).first());
        const dialog = page.getByRole('dialog', { name: 'Transfer' });
        await choose(dialog, '* New owner', next.name);
        await save(dialog);
        await row.first().getByText(next.name, { exact: true }).waitFor();
        const moved = await listed(schema, {}, (entry) => entry.id === record.id);
        // The owner is stored as the employee's sign-in account, named by the employee.
        expect(moved.ownerName).toBe(next.name);
        expect(moved.ownerId).not.toBe(record.ownerId);
      },
    );

    test('a notice is marked as read, then handled with what was done, from its list; the row offers neither again and the server has both', async () => {
      const title = `Reminder ${Date.now() % 100000}`;
      const added = await call(server.app, admin, {
        method: 'POST',
        url: url('saveNotice'),
        payload: { title, type: 'reminder', content: 'Check the fence of the storage station' },
      });
      expect(added.status).toBe(200);
      const notices = pages.find((p) => p.page === 'notice') as PageSchema;
      await page.goto(`${server.url}${notices.route}?lng=en`);
      const row = rowWith(page, title);
      await tap(row.getByRole('button', { name: text('actions.readNotice'), exact: true }));
      await expect.poll(() => row.getByRole('button', { name: text('actions.readNotice'), exact: true }).count()).toBe(0);
      await tap(row.getByRole('button', { name: text('forms.siteopsNoticeHandle.title'), exact: true }));
      const dialog = page.getByRole('dialog', { name: text('forms.siteopsNoticeHandle.title') });
      await dialog
        .getByLabel(text('forms.siteopsNoticeHandle.fields.handleResult'), { exact: true })
        .fill('Fence checked, gate locked');
      await save(dialog);
      await expect
        .poll(() => row.getByRole('button', { name: text('forms.siteopsNoticeHandle.title'), exact: true }).count())
        .toBe(0);
      const stored = await listed(notices, {}, (record) => record.title === title);
      expect(stored).toMatchObject({ isRead: true, handled: true, handleResult: 'Fence checked, gate locked' });
    });

    test('an air conditioner is switched on and off from the device list after a confirmation; the server records each command, and other devices offer no switch', async () => {
      const devices = pages.find((p) => p.page === 'emsDevice') as PageSchema;
      const commands = async () =>
        (
          await call<{ deviceSn: string; command?: { value: number; userName: string } }[]>(server.app, admin, {
            method: 'GET',
            url: url('getYkVariables', { stationSn: 'T2-ST1' }),
          })
        ).body.data;
      const controllable = new Set((await commands()).map((state) => state.deviceSn));
      const conditioners = await listed(
        devices,
        {},
        (record) => record.kind === 'airConditioner' && controllable.has(String(record.sn)),
      );
      await page.goto(`${server.url}${devices.route}?lng=en`);
      await page.getByLabel(fieldLabel('device', 'name'), { exact: true }).fill(String(conditioners.name));
      await tap(page.getByRole('button', { name: 'Search', exact: true }));
      const row = rowWith(page, String(conditioners.sn));
      for (const [operation, value] of [
        ['openAirConditioner', 1],
        ['closeAirConditioner', 0],
      ] as const) {
        await rowAction(row, text(`actions.${operation}`));
        await tap(page.getByRole('button', { name: 'OK', exact: true }));
        await expect
          .poll(async () => (await commands()).find((state) => state.deviceSn === conditioners.sn)?.command?.value)
          .toBe(value);
      }
      // The first page of every device: the switch is on the air conditioners' rows only.
      await page.goto(`${server.url}${devices.route}?lng=en`);
      const kind = text('enums.deviceKind.airConditioner');
      const rows = page.getByRole('row').filter({ has: page.getByRole('button', { name: 'Edit', exact: true }) });
      await rows.first().waitFor();
      // The switch is a row action, among the row's buttons or under its More.
      let switches = 0;
      for (const row of await rows.all()) switches += await rowActionCount(row, text('actions.openAirConditioner'));
      expect(switches).toBe(await rows.filter({ has: page.getByText(kind, { exact: true }) }).count());
      expect(await rows.count()).toBeGreaterThan(switches);
    });

    test('the bidding kanban shows the year’s figures as the server counts them; a tender won from its row counts at once', async () => {
      type Figures = Record<'total' | 'ongoing' | 'won', number>;
      const figuresNow = async () =>
        (await call<Figures>(server.app, admin, { method: 'GET', url: url('getBusBiddingInfoStatistics') })).body.data;
      const number = await call<string>(server.app, admin, { method: 'GET', url: url('generateBusBiddingInfoNumber') });
      const name = `Kanban tender ${Date.now() % 100000}`;
      const added = await call(server.app, admin, {
        method: 'POST',
        url: url('saveBusBiddingInfo'),
        payload: { ...example('tender'), tenderNo: number.body.data, name, planBidDate: new Date().toISOString().slice(0, 10) },
      });
      expect(added.status).toBe(200);
      const before = await figuresNow();
      const kanban = pages.find((p) => p.page === 'tenderKanban') as PageSchema;
      await page.goto(`${server.url}${kanban.route}?lng=en`);
      const year = page.getByRole('region', { name: text('charts.getBusBiddingInfoStatistics.title') });
      const figure = (field: keyof Figures) =>
        year
          .locator('.ant-statistic')
          .filter({ has: page.getByText(text(`charts.getBusBiddingInfoStatistics.${field}`), { exact: true }) })
          .locator('.ant-statistic-content-value');
      for (const field of ['total', 'ongoing', 'won'] as const)
        await expect.poll(() => figure(field).textContent()).toBe(before[field].toLocaleString('en-US'));
      const byStatus = text('charts.getBusBiddingInfoKanban.title');
      await page.getByRole('region', { name: byStatus }).getByRole('img', { name: byStatus }).waitFor();
      await page.getByLabel(fieldLabel('tender', 'name'), { exact: true }).fill(name);
      await tap(page.getByRole('button', { name: 'Search', exact: true }));
      await rowAction(rowWith(page, name), text('entities.tender.transitions.win'));
      await rowWith(page, name).getByText(text('enums.tenderStatus.won'), { exact: true }).waitFor();
      const after = await figuresNow();
      expect(after).toMatchObject({ total: before.total, ongoing: before.ongoing - 1, won: before.won + 1 });
      await expect.poll(() => figure('won').textContent()).toBe(after.won.toLocaleString('en-US'));
      expect(await figure('ongoing').textContent()).toBe(after.ongoing.toLocaleString('en-US'));
    });

    test.each(pages.filter((p) => p.charts).map((p) => ({ ...p, name: p.page })))(
      '$name: each of its charts shows what its call answers (figures, a chart or no data), none fails',
      async (schema) => {
        await page.goto(`${server.url}${schema.route}?lng=en`);
        if (schema.charts?.year)
          await expect
            .poll(() => page.getByRole('textbox', { name: 'Year' }).inputValue())
            .toBe(String(new Date().getFullYear()));
        for (const chart of schema.charts?.panels ?? []) {
          const title = text(`charts.${chart.call}.title`);
          const panel = page.getByRole('region', { name: title });
          const shown =
            chart.type === 'figures'
              ? panel.locator('.ant-statistic')
              : panel.getByRole('img', { name: title }).or(panel.getByText(text('common.empty'), { exact: true }));
          await shown.first().waitFor();
          if (chart.type === 'figures') expect(await shown.count()).toBe(chart.values.length);
        }
        expect(await page.locator('.ant-card .ant-alert-error').count()).toBe(0);
      },
    );

    test('every page schema has a smoke: its list, and each of create, edit and delete its schema offers', () => {
      // Each page is in exactly one part.
      const smoked = Array.from({ length: parts }, (_part, index) => smokePagesOf(pages, index, parts)).flat();
      expect(smoked.map((p) => p.page).sort()).toEqual(pages.map((p) => p.page).sort());
      // A step needs a marker to tell the smoke's record apart.
      const unmarked = pages.filter((p) => Object.values(smokeSteps(p)).some(Boolean) && !markerOf(p));
      expect(unmarked.map((p) => p.page)).toEqual([]);
    });
  });
}
