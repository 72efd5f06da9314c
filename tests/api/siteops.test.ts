import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, connectedDatabases, emsTokenOf, signIn, type ConnectedServer } from '../support/api';
import { createRecord, url, type Row } from '../support/records';

/**
 * Site operations beyond CRUD: notices whose read flags are each user's own, the support request
 * steps the specification names by their own parameters, the worksheet calendar, inspections of a
 * worksheet and their re-check, factory tests and their lists, and the two Excel exports.
 */

const today = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

describe.each(connectedDatabases())('site operations on $name', ({ start }) => {
  let server: ConnectedServer;
  let app: FastifyInstance;
  let admin: string;
  let principal: { userId: number; tenantId: number };

  const get = <T = Row>(token: string, id: string, query: Record<string, string> = {}, params: Row = {}) =>
    call<T>(app, token, { method: 'GET', url: url(id, params), query });
  const send = <T = Row>(
    token: string,
    method: 'POST' | 'PUT' | 'DELETE',
    id: string,
    options: { query?: Record<string, string>; payload?: Row; params?: Row } = {},
  ) =>
    call<T>(app, token, {
      method,
      url: url(id, options.params ?? {}),
      ...(options.query ? { query: options.query } : {}),
      ...(options.payload ? { payload: options.payload } : {}),
    });

  beforeAll(async () => {
    server = await start();
    app = server.app;
    admin = await signIn(app, 'admin', 'admin123');
    principal = (await get<{ userId: number; tenantId: number }>(admin, 'getPrincipal')).body.data;
  });
  afterAll(() => server.stop());

  describe('notices', () => {
    const unread = async (token: string, who: { userId: number; tenantId: number }) =>
      (await get<number>(token, 'getUnreadNoticeCount', { userId: String(who.userId), tenantId: String(who.tenantId) })).body
        .data;

    test('the demo gives the first user of a tenant notices, some of them unread', async () => {
      const page = await get<{ records: Row[]; total: number }>(admin, 'getNoticePage', { size: '50' });
      expect(page.body.data.total).toBeGreaterThanOrEqual(5);
      expect(await unread(admin, principal)).toBeGreaterThan(0);
      const counts = await get<Row>(admin, 'getNoticeTaskCount');
      expect(counts.body.data).toMatchObject({ unreadNotices: await unread(admin, principal) });
    });

    test('read flags are per user: a colleague neither sees nor reads my notice, and reading mine leaves theirs', async () => {
      const colleague = await createRecord(app, admin, 'user');
      const theirToken = await signIn(app, String(colleague.username), 'secret123');
      const them = (await get<{ userId: number; tenantId: number }>(theirToken, 'getPrincipal')).body.data;
      expect(them.tenantId).toBe(principal.tenantId);
      const mine = (await send<Row>(admin, 'POST', 'saveNotice', { payload: { title: '我的提醒', type: 'reminder' } })).body.data;
      const theirs = (await send<Row>(theirToken, 'POST', 'saveNotice', { payload: { title: '同事的提醒', type: 'reminder' } }))
        .body.data;
      expect(mine.isRead).toBeUndefined();
      const myUnread = await unread(admin, principal);
      const theirUnread = await unread(theirToken, them);
      // The colleague, in the same tenant, does not find my notice.
      expect((await get(theirToken, 'getNoticeById', { id: String(mine.id) })).status).toBe(404);
      expect((await send(theirToken, 'PUT', 'readNotice', { params: mine })).status).toBe(404);
      const theirPage = await get<{ records: Row[] }>(theirToken, 'getNoticePage', { size: '50' });
      expect(theirPage.body.data.records.map((r) => r.id)).toEqual([theirs.id]);
      // Reading mine: read, with the time, and only my count goes down.
      const read = await send<Row>(admin, 'PUT', 'readNotice', { params: mine });
      expect(read.body.data).toMatchObject({ id: mine.id, isRead: true, readTime: expect.any(String) });
      expect(await unread(admin, principal)).toBe(myUnread - 1);
      expect(await unread(theirToken, them)).toBe(theirUnread);
      expect((await get<Row>(theirToken, 'getNoticeById', { id: String(theirs.id) })).body.data.isRead).toBeUndefined();
      // Reading again keeps the first reading time.
      const again = await send<Row>(admin, 'PUT', 'readNotice', { params: mine });
      expect(again.body.data.readTime).toBe(read.body.data.readTime);
    });

    test.each([
      ['another user id', (p: { userId: number; tenantId: number }) => ({ userId: p.userId + 1, tenantId: p.tenantId })],
      ['another tenant id', (p: { userId: number; tenantId: number }) => ({ userId: p.userId, tenantId: 10 })],
    ])('the unread count with %s is refused (403)', async (_name, other) => {
      const who = other(principal);
      const answer = await get(admin, 'getUnreadNoticeCount', { userId: String(who.userId), tenantId: String(who.tenantId) });
      expect(answer.status).toBe(403);
      expect(answer.body.code).toBe(40300);
    });

    test('handling a notice records what was done and reads it', async () => {
      const notice = (await send<Row>(admin, 'POST', 'saveNotice', { payload: { title: '处理我', type: 'system' } })).body.data;
      const handled = await send<Row>(admin, 'PUT', 'handleNotice', { payload: { id: notice.id, handleResult: '已安排' } });
      expect(handled.body.data).toMatchObject({ handled: true, handleResult: '已安排', isRead: true });
      expect((await get<Row>(admin, 'getNoticeById', { id: String(notice.id) })).body.data).toEqual(handled.body.data);
    });

    // A notice's flags as a machine: unread → read by reading; unread or read → handled by handling
    // (which reads it too). Reading again changes nothing; handling again is refused.
    const stateOf = (notice: Row) => (notice.handled === true ? 'handled' : notice.isRead === true ? 'read' : 'unread');
    const noticeSteps = {
      read: (notice: Row) => send<Row>(admin, 'PUT', 'readNotice', { params: notice }),
      handle: (notice: Row) => send<Row>(admin, 'PUT', 'handleNotice', { payload: { id: notice.id, handleResult: '已处理' } }),
    };
    test.each([
      ['unread', 'read', 'read'],
      ['unread', 'handle', 'handled'],
      ['read', 'read', 'read'],
      ['read', 'handle', 'handled'],
      ['handled', 'read', 'handled'],
      ['handled', 'handle', 'refused'],
    ] as const)('a notice %s, then %s: %s', async (state, name, to) => {
      const created = (await send<Row>(admin, 'POST', 'saveNotice', { payload: { title: `${state} ${name}`, type: 'reminder' } }))
        .body.data;
      if (state !== 'unread') await noticeSteps[state === 'read' ? 'read' : 'handle'](created);
      const before = (await get<Row>(admin, 'getNoticeById', { id: String(created.id) })).body.data;
      expect(stateOf(before)).toBe(state);
      const answer = await noticeSteps[name](before);
      const after = (await get<Row>(admin, 'getNoticeById', { id: String(created.id) })).body.data;
      if (to === 'refused') {
        expect(answer.status).toBe(409);
        expect(answer.body.msg).toBe('“Handle” is not possible while the record is Handled');
        expect(after).toEqual(before);
      } else {
        expect(answer.status).toBe(200);
        expect(stateOf(answer.body.data)).toBe(to);
        expect(stateOf(after)).toBe(to);
        // The first reading's time stays.
        if (before.readTime) expect(after.readTime).toBe(before.readTime);
      }
    });

    test("deleting by ids is all or none: one of another user's ids leaves mine", async () => {
      const colleague = await createRecord(app, admin, 'user');
      const theirToken = await signIn(app, String(colleague.username), 'secret123');
      const theirs = (await send<Row>(theirToken, 'POST', 'saveNotice', { payload: { title: '别人的', type: 'reminder' } })).body
        .data;
      const mine = (await send<Row>(admin, 'POST', 'saveNotice', { payload: { title: '我的', type: 'reminder' } })).body.data;
      const refused = await send(admin, 'DELETE', 'deleteNotices', { query: { ids: `${String(mine.id)},${String(theirs.id)}` } });
      expect(refused.status).toBe(404);
      expect((await get(admin, 'getNoticeById', { id: String(mine.id) })).status).toBe(200);
      expect((await get(theirToken, 'getNoticeById', { id: String(theirs.id) })).status).toBe(200);
      const deleted = await send(admin, 'DELETE', 'deleteNotices', { query: { ids: String(mine.id) } });
      expect(deleted.body).toEqual({ code: 0, msg: 'success', data: true });
      expect((await get(admin, 'getNoticeById', { id: String(mine.id) })).status).toBe(404);
      expect((await send(theirToken, 'DELETE', 'deleteNotice', { params: theirs })).body.data).toBe(true);
    });
  });

  describe('support requests', () => {
    const newRequest = async () => (await createRecord(app, admin, 'supportRequest')) as Row & { id: number };
    const step = (id: string, record: Row, payload?: Row) =>
      send<Row>(admin, 'POST', id, { query: { id: String(record.id) }, ...(payload ? { payload } : {}) });

    test('setQuoteBasis takes the supportDetailId and only a reviewed request: a draft answers 409 and stays a draft', async () => {
      const record = await newRequest();
      const refused = await send<Row>(admin, 'POST', 'setQuoteBasis', { query: { supportDetailId: String(record.id) } });
      expect(refused.status).toBe(409);
      expect(refused.body.msg).toBe('“Set as quote basis” is not possible while the record is Draft');
      expect((await get<Row>(admin, 'getSupportById', { id: String(record.id) })).body.data.status).toBe('draft');
      expect((await step('submitSupportNew', record)).body.data.status).toBe('submitted');
      const reviewed = await step('reviewSupportDetail', record, { reviewResult: 'accepted', reviewComment: '同意' });
      expect(reviewed.body.data).toMatchObject({ status: 'reviewed', reviewResult: 'accepted', reviewComment: '同意' });
      const basis = await send<Row>(admin, 'POST', 'setQuoteBasis', { query: { supportDetailId: String(record.id) } });
      expect(basis.body.data.status).toBe('quoteBasis');
    });

    test('a draft can be changed; a submitted request answers 409 and stays as it was', async () => {
      const record = await newRequest();
      const { id, category, urgency } = record;
      const changed = await send<Row>(admin, 'PUT', 'updateSupport', { payload: { id, name: '改过的标题', category, urgency } });
      expect(changed.body.data.name).toBe('改过的标题');
      await step('submitSupportNew', record);
      const before = (await get<Row>(admin, 'getSupportById', { id: String(id) })).body.data;
      const refused = await send<Row>(admin, 'PUT', 'updateSupport', { payload: { id, name: '再改', category, urgency } });
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ code: 42700, msg: 'Only a draft support request can be changed' });
      expect((await get<Row>(admin, 'getSupportById', { id: String(id) })).body.data).toEqual(before);
    });

    test('a submitted request can be cancelled, a cancelled one not submitted again', async () => {
      const record = await newRequest();
      await step('submitSupportNew', record);
      expect((await step('cancelSupport', record)).body.data.status).toBe('cancelled');
      expect((await step('submitSupportNew', record)).status).toBe(409);
    });

    test('the requester marks the outcome read; a message read flag is set and cleared', async () => {
      const record = await newRequest();
      const read = await get<Row>(admin, 'updateSupportRead', { id: String(record.id) });
      expect(read.body.data.isRead).toBe(true);
      const message = (
        await send<Row>(admin, 'POST', 'feedbackTechnicalSupport', {
          payload: { supportRequestId: record.id, content: '请尽快处理' },
        })
      ).body.data;
      for (const flag of [true, false]) {
        const answer = await send<Row>(admin, 'PUT', 'setSupportNoticeReadFlag', {
          query: { noticeId: String(message.id), readFlag: String(flag) },
        });
        expect(answer.body.data.readFlag).toBe(flag);
      }
      const thread = await get<{ records: Row[] }>(admin, 'getSupportNoticeList', { supportRequestId: String(record.id) });
      expect(thread.body.data.records.map((r) => r.content)).toEqual(['请尽快处理']);
    });
  });

  describe('worksheets', () => {
    let sheet: Row;
    beforeAll(async () => {
      const created = await createRecord(app, admin, 'worksheet');
      const moved = await send<Row>(admin, 'PUT', 'updateTask', {
        payload: { name: '今日测试工单', type: 'repair', planDate: today(), endDate: today(), id: created.id },
      });
      sheet = moved.body.data;
    });

    test("today's arrangement lists today's worksheets, and a revoked one no more", async () => {
      const before = await get<Row[]>(admin, 'getTodayArrange');
      expect(before.body.data.map((s) => s.id)).toContain(sheet.id);
      expect(before.body.data.every((s) => s.planDate === today() && s.status !== 'revoked')).toBe(true);
      const month = await get<{ date: string; worksheets: Row[] }[]>(admin, 'getMonthArrange', { month: today().slice(0, 7) });
      expect(month.body.data.find((d) => d.date === today())?.worksheets.map((s) => s.id)).toContain(sheet.id);
      const statusBefore = await get<Row[]>(admin, 'getMonthTaskStatus', { month: today().slice(0, 7) });
      const dayBefore = statusBefore.body.data.find((d) => d.date === today()) ?? {};
      const revoked = await send<Row>(admin, 'PUT', 'revokeTask', { query: { id: String(sheet.id) } });
      expect(revoked.body.data.status).toBe('revoked');
      expect((await get<Row[]>(admin, 'getTodayArrange')).body.data.map((s) => s.id)).not.toContain(sheet.id);
      const statusAfter = await get<Row[]>(admin, 'getMonthTaskStatus', { month: today().slice(0, 7) });
      const dayAfter = statusAfter.body.data.find((d) => d.date === today()) ?? {};
      expect(dayAfter).toMatchObject({
        total: dayBefore.total,
        toDo: Number(dayBefore.toDo) - 1,
        revoked: Number(dayBefore.revoked) + 1,
      });
      // A revoked worksheet cannot be revoked or started again.
      expect((await send(admin, 'PUT', 'revokeTask', { query: { id: String(sheet.id) } })).status).toBe(409);
      expect((await send(admin, 'PUT', 'startTask', { query: { id: String(sheet.id) } })).status).toBe(409);
    });

    test("giving a worksheet to an employee writes a notice for the employee's account, once", async () => {
      const colleague = await createRecord(app, admin, 'user');
      const theirToken = await signIn(app, String(colleague.username), 'secret123');
      const given = await send<Row>(admin, 'POST', 'saveTask', {
        payload: { name: '更换滤网', type: 'maintenance', planDate: today(), assigneeId: colleague.id },
      });
      expect(given.body.data.assigneeName).toBe(colleague.name);
      const notices = async () =>
        (await get<{ records: Row[] }>(theirToken, 'getNoticePage', { size: '50', type: 'worksheet' })).body.data.records;
      expect(await notices()).toEqual([
        expect.objectContaining({ title: 'New worksheet: 更换滤网', businessId: given.body.data.id, type: 'worksheet' }),
      ]);
      // Saved again with the same employee: no second notice.
      await send(admin, 'PUT', 'updateTask', {
        payload: { name: '更换滤网', type: 'maintenance', planDate: today(), assigneeId: colleague.id, id: given.body.data.id },
      });
      expect(await notices()).toHaveLength(1);
    });

    test("a worksheet names its station by serial number; another tenant's serial number is no station (400)", async () => {
      const own = await send<Row>(admin, 'POST', 'saveTask', {
        payload: { name: '按编号', type: 'repair', planDate: today(), stationSn: 'T2-ST1' },
      });
      expect(own.body.data).toMatchObject({ stationSn: 'T2-ST1', stationName: '张江储能电站', stationId: expect.any(Number) });
      const foreign = await send(admin, 'POST', 'saveTask', {
        payload: { name: '越界', type: 'repair', planDate: today(), stationSn: 'T44-ST1' },
      });
      expect(foreign.status).toBe(400);
    });

    test.each(['2026-13', '2026-1', 'november'])('a month written %s is refused (400)', async (month) => {
      expect((await get(admin, 'getMonthTaskStatus', { month })).status).toBe(400);
    });

    test('a worksheet refers to a station of the tenant only', async () => {
      const foreign = await send(admin, 'POST', 'saveTask', {
        payload: { name: '越界', type: 'repair', planDate: today(), stationId: 2147483647 },
      });
      expect(foreign.status).toBe(400);
    });
  });

  describe('inspections', () => {
    test('the detail of an inspection is found through its own worksheet only; a record is checked, then re-checked', async () => {
      const sheet = await createRecord(app, admin, 'worksheet');
      const other = await createRecord(app, admin, 'worksheet');
      const task = (
        await send<Row>(admin, 'POST', 'saveInspectTask', { payload: { name: '巡检', planDate: today(), worksheetId: sheet.id } })
      ).body.data;
      const record = (
        await send<Row>(admin, 'POST', 'saveInspectRecord', {
          payload: { taskId: task.id, deviceName: '1号PCS', itemName: '风扇' },
        })
      ).body.data;
      expect(record.status).toBe('pending');
      expect(
        (await send(admin, 'PUT', 'recheckInspectRecord', { query: { id: String(record.id) }, payload: { result: 'normal' } }))
          .status,
      ).toBe(409);
      const checked = await send<Row>(admin, 'PUT', 'checkInspectRecord', {
        query: { id: String(record.id) },
        payload: { result: 'abnormal', remark: '异响' },
      });
      expect(checked.body.data).toMatchObject({ status: 'checked', result: 'abnormal', remark: '异响' });
      const rechecked = await send<Row>(admin, 'PUT', 'recheckInspectRecord', {
        query: { id: String(record.id) },
        payload: { result: 'normal', remark: '已恢复' },
      });
      expect(rechecked.body.data).toMatchObject({ status: 'rechecked', result: 'normal', remark: '已恢复' });
      const detail = await send<{ task: Row; records: Row[] }>(admin, 'POST', 'getInspectTaskDetail', {
        query: { id: String(task.id), sheetId: String(sheet.id) },
      });
      expect(detail.body.data.task.id).toBe(task.id);
      expect(detail.body.data.records).toEqual([rechecked.body.data]);
      const wrong = await send(admin, 'POST', 'getInspectTaskDetail', {
        query: { id: String(task.id), sheetId: String(other.id) },
      });
      expect(wrong.status).toBe(404);
      expect(wrong.body.msg).toBe('The inspection does not belong to this worksheet');
      const devices = await get<{ key: string; count: number }[]>(admin, 'getInspectDeviceList', { taskId: String(task.id) });
      expect(devices.body.data).toEqual([{ key: '1号PCS', count: 1 }]);
    });

    test('the detail export is a real workbook of the records of the inspection, labelled in the language of the request', async () => {
      const tasks = await get<{ records: Row[] }>(admin, 'getInspectReportList', { size: '10', status: 'done' });
      const task = tasks.body.data.records[0];
      expect(task).toBeDefined();
      const records = await get<{ total: number }>(admin, 'getInspectTaskRecords', { taskId: String(task?.id), size: '10' });
      const answer = await app.inject({
        method: 'GET',
        url: url('exportInspectDetail'),
        query: { taskId: String(task?.id) },
        headers: { authorization: `Bearer ${admin}`, 'accept-language': 'en' },
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toContain('spreadsheetml');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(answer.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0];
      expect(sheet?.getRow(1).getCell(2).value).toBe('Device');
      expect((sheet?.actualRowCount ?? 0) - 1).toBe(records.body.data.total);
      expect(records.body.data.total).toBeGreaterThan(0);
    });
  });

  describe('factory tests', () => {
    test.each([
      ['getFactoryTestStrategyEnum', { code: 'constantPower', name: 'Constant power' }],
      ['getChargeDischargeCapacityEnum', { code: 'C050', name: '0.5C' }],
      ['getFactoryTestStatusEnum', { code: 'suspended', name: 'Suspended' }],
      ['getTestSteps', { code: 'discharge', name: 'Discharge' }],
      ['getTestStatuses', { code: 'chargeDischargeTesting', name: 'Charge-discharge testing' }],
    ])('%s lists %o', async (id, entry) => {
      const answer = await get<Row[]>(admin, id);
      expect(answer.body.data).toContainEqual(entry);
    });

    test('a factory test is started, suspended, resumed and terminated; a terminated one cannot start again', async () => {
      const record = await createRecord(app, admin, 'factoryTestRecord');
      const steps: [string, number, string | undefined][] = [
        ['suspendFactoryTest', 409, undefined],
        ['startFactoryTest', 200, 'running'],
        ['suspendFactoryTest', 200, 'suspended'],
        ['startFactoryTest', 200, 'running'],
        ['terminateFactoryTest', 200, 'terminated'],
        ['startFactoryTest', 409, undefined],
      ];
      for (const [id, status, state] of steps) {
        const answer = await get<Row>(admin, id, { id: String(record.id) });
        expect(answer.status, id).toBe(status);
        if (state) expect(answer.body.data.status).toBe(state);
      }
      const confirm = await get<{ records: Row[] }>(admin, 'getFactoryTestConfirmPage', { size: '50', status: 'terminated' });
      expect(confirm.body.data.records.map((r) => r.id)).toContain(record.id);
      expect(confirm.body.data.records.every((r) => r.status === 'terminated')).toBe(true);
    });

    test('the export of one factory test by id is a workbook of that test alone, though another was made at the same instant', async () => {
      const page = await get<{ records: Row[] }>(admin, 'getFactoryTestRecordPage', { size: '50' });
      const [one, other] = page.body.data.records as [Row, Row];
      // The demo's tests are seeded in one go: two may share their creation instant.
      const { db } = server.database;
      const stored = await db
        .selectFrom('factoryTestRecord')
        .select('createTime')
        .where('id', '=', Number(one.id))
        .executeTakeFirstOrThrow();
      await db
        .updateTable('factoryTestRecord')
        .set({ createTime: stored.createTime })
        .where('id', '=', Number(other.id))
        .execute();
      const exported = async (id: unknown) => {
        const answer = await app.inject({
          method: 'POST',
          url: url('exportFactoryTestRecord'),
          query: { id: String(id) },
          headers: { authorization: `Bearer ${await emsTokenOf(app, admin)}`, 'accept-language': 'en' },
        });
        expect(answer.statusCode).toBe(200);
        const workbook = new ExcelJS.Workbook();
        await workbook.xlsx.load(answer.rawPayload as unknown as ArrayBuffer);
        const sheet = workbook.worksheets[0];
        return Array.from({ length: (sheet?.actualRowCount ?? 1) - 1 }, (_, row) => sheet?.getRow(row + 2).getCell(2).value);
      };
      expect(await exported(one.id)).toEqual([one.sn]);
      expect(await exported(other.id)).toEqual([other.sn]);
    });

    test('the export of factory tests chosen by serial number is a workbook of those tests', async () => {
      const page = await get<{ records: Row[] }>(admin, 'getFactoryTestRecordPage', { size: '50' });
      const sn = String(page.body.data.records.find((r) => r.sn)?.sn);
      const chosen = page.body.data.records.filter((r) => String(r.sn).includes(sn));
      const answer = await app.inject({
        method: 'POST',
        url: url('exportFactoryTestRecord'),
        query: { sn },
        headers: { authorization: `Bearer ${await emsTokenOf(app, admin)}`, 'accept-language': 'en' },
      });
      expect(answer.statusCode).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(answer.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0];
      expect(sheet?.getRow(1).getCell(1).value).toBe('Test');
      expect((sheet?.actualRowCount ?? 0) - 1).toBe(chosen.length);
      expect(chosen.length).toBeGreaterThan(0);
    });
  });
});
