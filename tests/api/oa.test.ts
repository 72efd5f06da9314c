import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import en from '../../schemas/i18n/en/oa.json';
import { call, databases, signIn } from '../support/api';
import { example } from '../support/contract';
import type { TestServer } from '../support/server';

type Row = Record<string, unknown>;
type Page = { records: Row[]; total: number };

/** The leave types of the specification (§3), as it words them, with the code each has. */
const LEAVE_TYPES: [string, string][] = [
  ['annual', 'annual'],
  ['paidSick', 'paid sick'],
  ['engineeringWelfare', 'engineering welfare'],
  ['personal', 'personal'],
  ['sick', 'sick'],
  ['parental', 'parental'],
  ['marriage', 'marriage'],
  ['prenatalCheckup', 'prenatal check-up'],
  ['maternity', 'maternity'],
  ['paternity', 'paternity'],
  ['bereavement', 'bereavement'],
  ['substationHoliday', 'substation (operation) public holiday'],
  ['compensatory', 'compensatory (production center only)'],
];

describe.each(databases())('office on $name', ({ start }) => {
  let server: TestServer;
  let app: FastifyInstance;
  let admin: string;
  /** The administrator's own employee record, and a colleague's. */
  let me: number;
  let colleague: number;
  beforeAll(async () => {
    server = await start();
    app = server.app;
    admin = await signIn(app, 'admin', 'admin123');
    const users = await call<Page>(app, admin, { method: 'GET', url: '/manager/user/page', query: { size: '50' } });
    me = Number(users.body.data.records.find((u) => u.name === '系统管理员')?.id);
    colleague = Number(users.body.data.records.find((u) => u.name !== '系统管理员')?.id);
  });
  afterAll(() => server.stop());

  const get = <T = Page>(token: string, url: string, query: Record<string, string> = {}) =>
    call<T>(app, token, { method: 'GET', url, query: { size: '50', ...query } });
  const put = (token: string, url: string, payload: Row) => call<Row>(app, token, { method: 'PUT', url, payload });
  const apply = async (approverId: number, extra: Row = {}) => {
    const answer = await call<Row>(app, admin, {
      method: 'POST',
      url: '/manager/approval',
      payload: { ...example('approval'), approverId, copyUsers: [], ...extra },
    });
    expect(answer.body.msg).toBe('success');
    return answer.body.data;
  };
  const idsOf = (page: Page) => page.records.map((r) => r.id);
  const approvalOf = async (id: unknown) => (await get<Row>(admin, `/manager/approval/${String(id)}`)).body.data;

  describe('approvals', () => {
    test('the demo approver has their pending tasks, the ones they decided, and those copied to them', async () => {
      const todo = (await get(admin, '/act/task/todoPage')).body.data;
      expect(todo.total).toBeGreaterThanOrEqual(3);
      expect(todo.records.every((r) => r.state === 'pending' && r.approverId === me)).toBe(true);
      const done = (await get(admin, '/act/task/donePage')).body.data;
      expect(done.records.map((r) => r.state).sort()).toEqual(expect.arrayContaining(['agreed', 'rejected']));
      expect(done.records.every((r) => r.approverId === me)).toBe(true);
      const copied = (await get(admin, '/manager/approval/copiedPage')).body.data;
      expect(copied.total).toBeGreaterThan(0);
      for (const row of copied.records) expect(row.copyUsers).toContainEqual({ userId: me });
      const mine = (await get(admin, '/manager/approval/myPage')).body.data;
      expect(mine.records.every((r) => r.applicantName === '系统管理员')).toBe(true);
    });

    test('the assigned approver agrees: the approval leaves their tasks for the decided ones, with the opinion', async () => {
      const approval = await apply(me);
      expect(approval.state).toBe('pending');
      expect(idsOf((await get(admin, '/act/task/todoPage')).body.data)).toContain(approval.id);
      const agreed = await put(admin, '/act/task/approve', { id: approval.id, opinion: '同意采购。' });
      expect(agreed.body.data).toMatchObject({ state: 'agreed', opinion: '同意采购。' });
      expect(idsOf((await get(admin, '/act/task/todoPage')).body.data)).not.toContain(approval.id);
      expect(idsOf((await get(admin, '/act/task/donePage')).body.data)).toContain(approval.id);
      // Decided once: a second decision is refused and changes nothing.
      const again = await put(admin, '/act/task/reject', { id: approval.id, opinion: 'No' });
      expect(again.status).toBe(409);
      expect(again.body.code).toBe(40904);
      expect((await approvalOf(approval.id)).state).toBe('agreed');
    });

    test.each([
      ['approve', '/act/task/approve'],
      ['reject', '/act/task/reject'],
    ])('only the assigned approver may %s: anyone else gets 403 and the approval stays pending', async (_step, url) => {
      const approval = await apply(colleague);
      const answer = await put(admin, url, { id: approval.id, opinion: 'Not mine to decide' });
      expect(answer.status).toBe(403);
      expect(answer.body.code).toBe(42300);
      expect(answer.body.msg).not.toBe('');
      expect((await approvalOf(approval.id)).state).toBe('pending');
      expect(idsOf((await get(admin, '/act/task/todoPage')).body.data)).not.toContain(approval.id);
    });

    test('a rejection needs a reason', async () => {
      const approval = await apply(me);
      const answer = await put(admin, '/act/task/reject', { id: approval.id });
      expect(answer.status).toBe(400);
      expect((await approvalOf(approval.id)).state).toBe('pending');
      const rejected = await put(admin, '/act/task/reject', { id: approval.id, opinion: '预算不足。' });
      expect(rejected.body.data).toMatchObject({ state: 'rejected', opinion: '预算不足。' });
    });

    test('the applicant withdraws and submits again; another employee of the tenant may do neither', async () => {
      const approval = await apply(colleague);
      const withdrawn = await put(admin, '/manager/approval/withdraw', { id: approval.id });
      expect(withdrawn.body.data.state).toBe('canceled');
      const resubmitted = await put(admin, '/manager/approval/resubmit', { id: approval.id });
      expect(resubmitted.body.data.state).toBe('pending');

      const departments = await get(admin, '/manager/department/page');
      const user: Row = {
        ...example('user'),
        username: `oa.colleague.${Date.now()}`,
        departments: [{ departmentId: departments.body.data.records.find((d) => !d.endTime)?.id, positionType: 'member' }],
      };
      expect((await call(app, admin, { method: 'POST', url: '/manager/user/save', payload: user })).body).toMatchObject({
        code: 0,
      });
      const other = await signIn(app, String(user.username), String(user.password));
      for (const url of ['/manager/approval/withdraw', '/manager/approval/resubmit']) {
        const answer = await put(other, url, { id: approval.id });
        expect(answer.status).toBe(403);
        expect(answer.body.code).toBe(42301);
      }
      expect((await approvalOf(approval.id)).state).toBe('pending');
      // Copies: the new colleague reads it among the approvals copied to them only once it is copied to them.
      expect(idsOf((await get(other, '/manager/approval/copiedPage')).body.data)).not.toContain(approval.id);
    });

    test('an approval copied to an employee is in their copied list, and one that is not stays out', async () => {
      const copied = await apply(colleague, { copyUsers: [{ userId: me }] });
      const notCopied = await apply(colleague, { copyUsers: [{ userId: colleague }] });
      const ids = idsOf((await get(admin, '/manager/approval/copiedPage')).body.data);
      expect(ids).toContain(copied.id);
      expect(ids).not.toContain(notCopied.id);
    });

    test.each([
      ['an approver of another tenant', { approverId: 999999 }, 400],
      ['no approver', { approverId: undefined }, 400],
      ['an unknown kind', { kind: 'party' }, 400],
    ])('an application with %s is refused', async (_case, change, status) => {
      const answer = await call(app, admin, {
        method: 'POST',
        url: '/manager/approval',
        payload: { ...example('approval'), approverId: me, ...change },
      });
      expect(answer.status).toBe(status);
    });
  });

  describe('expenditure', () => {
    const save = (amount: number) =>
      call<Row>(app, admin, {
        method: 'POST',
        url: '/manager/userexpendprocess',
        payload: { ...example('expenditure'), amount },
      });

    // Money: at most 10 digits and 2 decimals, from -9999999999.99 to 9999999999.99.
    test.each([
      [9999999999.99, 200],
      [-9999999999.99, 200],
      [0, 200],
      [10000000000, 400],
      [-10000000000, 400],
      [12.345, 400],
    ])('an amount of %d answers %d', async (amount, status) => {
      const answer = await save(amount);
      expect(answer.status).toBe(status);
      if (status === 200) expect(answer.body.data.amount).toBe(amount);
    });

    test('a loan is paid back and its invoices recorded; the totals by type count it', async () => {
      const before = (await get<{ key: string; count: number; sum: number }[]>(admin, '/manager/userexpendprocess/statistic'))
        .body.data;
      const loan = (await save(5000)).body.data;
      const paid = await put(admin, '/manager/userprocesspayback', {
        id: loan.id,
        paybackAmount: 1200.5,
        paybackDate: '2026-11-30',
      });
      expect(paid.body.data).toMatchObject({ paybackAmount: 1200.5, paybackDate: '2026-11-30', amount: 5000 });
      const invoiced = await put(admin, '/manager/userprocessinvoice', { id: loan.id, invoiceNo: 'FP-9', invoiceAmount: 3799.5 });
      expect(invoiced.body.data).toMatchObject({ invoiceNo: 'FP-9', invoiceAmount: 3799.5, paybackAmount: 1200.5 });
      const after = (await get<{ key: string; count: number; sum: number }[]>(admin, '/manager/userexpendprocess/statistic')).body
        .data;
      const loans = (rows: typeof after) => rows.find((r) => r.key === 'loan') ?? { count: 0, sum: 0 };
      expect(loans(after).count).toBe(loans(before).count + 1);
      expect(loans(after).sum).toBeCloseTo(loans(before).sum + 5000, 2);
    });

    test('the applicant withdraws and submits again; a decided application cannot be withdrawn', async () => {
      const record = (await save(100)).body.data;
      expect((await put(admin, '/manager/userexpendprocess/withdraw', { id: record.id })).body.data.state).toBe('canceled');
      expect((await put(admin, '/manager/userexpendprocess/resubmit', { id: record.id })).body.data.state).toBe('pending');
      await put(admin, `/manager/userexpendprocess/${String(record.id)}/approve`, {});
      const late = await put(admin, '/manager/userexpendprocess/withdraw', { id: record.id });
      expect(late.status).toBe(409);
      expect(late.body.code).toBe(40904);
    });

    test('administrators approve an application; a decided one cannot be withdrawn', async () => {
      const record = (await save(100)).body.data;
      const approved = await put(admin, `/manager/userexpendprocess/${String(record.id)}/approve`, { opinion: '同意' });
      expect(approved.body.data).toMatchObject({ state: 'agreed', opinion: '同意' });
      const withdraw = await call(app, admin, { method: 'PUT', url: `/manager/userexpendprocess/${String(record.id)}/withdraw` });
      expect(withdraw.status).toBe(409);
    });
  });

  describe('leave', () => {
    test.each(LEAVE_TYPES)('leave type %s (%s) has its label and is taken by an application', async (code, words) => {
      const labels = en.enums.oaLeaveType as Record<string, string>;
      expect(labels[code]?.toLowerCase()).toContain(words);
      const answer = await call<Row>(app, admin, {
        method: 'POST',
        url: '/manager/vacationprocess',
        payload: { ...example('leaveApplication'), userId: me, leaveType: code },
      });
      expect(answer.body.data).toMatchObject({ leaveType: code, state: 'pending', userName: '系统管理员' });
    });

    test('the policy of every leave type is in the demo, and no other type is taken', async () => {
      const policies = (await get(admin, '/manager/vacation/page')).body.data;
      expect(policies.records.map((r) => r.leaveType).sort()).toEqual(LEAVE_TYPES.map(([code]) => code).sort());
      const answer = await call(app, admin, {
        method: 'POST',
        url: '/manager/vacationprocess',
        payload: { ...example('leaveApplication'), userId: me, leaveType: 'holiday' },
      });
      expect(answer.status).toBe(400);
    });

    test('a leave that ends before it starts, or in quarter days, is refused', async () => {
      for (const change of [{ startDate: '2026-12-10', endDate: '2026-12-09' }, { days: 0.25 }]) {
        const answer = await call(app, admin, {
          method: 'POST',
          url: '/manager/vacationprocess',
          payload: { ...example('leaveApplication'), userId: me, ...change },
        });
        expect(answer.status).toBe(400);
      }
    });

    test('only the applicant withdraws a leave application', async () => {
      const application = await call<Row>(app, admin, {
        method: 'POST',
        url: '/manager/vacationprocess',
        payload: { ...example('leaveApplication'), userId: me },
      });
      const id = application.body.data.id;
      const operator = await signIn(app, 'operator', 'operator123');
      // Someone of another tenant does not find it at all.
      expect((await put(operator, '/manager/vacationprocess/withdraw', { id })).status).toBe(404);
      expect((await put(admin, '/manager/vacationprocess/withdraw', { id })).body.data.state).toBe('canceled');
      expect((await put(admin, '/manager/vacationprocess/resubmit', { id })).body.data.state).toBe('pending');
    });

    test('the leave records of the management center list every employee, by employee', async () => {
      const mine = (await get(admin, '/manager/uservacationdetail/page', { userId: String(me) })).body.data;
      expect(mine.total).toBeGreaterThan(0);
      expect(mine.records.every((r) => r.userId === me)).toBe(true);
      const balances = (await get(admin, '/manager/uservacation/page', { userId: String(me) })).body.data;
      expect(balances.records.map((r) => r.leaveType).sort()).toEqual(['annual', 'paidSick']);
    });
  });

  describe('problem flow', () => {
    test('add, approve, assign, temporary, complete; solutions and repairs go with the problem', async () => {
      const created = await call<Row>(app, admin, { method: 'POST', url: '/manager/itr/problem', payload: example('problem') });
      const id = String(created.body.data.id);
      expect(created.body.data.state).toBe('pendingApproval');
      const step = (name: string, payload?: Row) =>
        call<Row>(app, admin, { method: 'PUT', url: `/manager/itr/problem/${id}/${name}`, ...(payload ? { payload } : {}) });
      // Not assigned before it is approved.
      expect((await step('assign', { assigneeId: colleague })).status).toBe(409);
      expect((await step('approve', { opinion: '同意处理' })).body.data.state).toBe('unprocessed');
      const assigned = await step('assign', { assigneeId: colleague });
      expect(assigned.body.data).toMatchObject({ state: 'processing', assigneeId: colleague });
      expect(assigned.body.data.assigneeName).toBeTruthy();
      const temporary = await step('temporary', { temporaryMeasure: '临时断开故障支路。' });
      expect(temporary.body.data).toMatchObject({ state: 'temporary', temporaryMeasure: '临时断开故障支路。' });
      expect((await step('complete')).body.data.state).toBe('completed');
      expect((await step('temporary', { temporaryMeasure: 'x' })).status).toBe(409);

      const solution = await call<Row>(app, admin, {
        method: 'POST',
        url: '/manager/itr/solution',
        payload: { problemId: Number(id), content: '更换故障支路断路器。', adopted: true },
      });
      expect(solution.body.data.problemTitle).toBe(example('problem').name);
      await call(app, admin, {
        method: 'POST',
        url: '/manager/itr/repair',
        payload: { problemId: Number(id), content: '已更换。', repairDate: '2026-11-21', cost: 320.5 },
      });
      expect((await get(admin, '/manager/itr/repair/page', { problemId: id })).body.data.total).toBe(1);
      // Deleting the problem takes its solutions and repairs with it.
      expect((await call(app, admin, { method: 'DELETE', url: `/manager/itr/problem/${id}` })).status).toBe(200);
      expect((await get(admin, '/manager/itr/solution/page', { problemId: id })).body.data.total).toBe(0);
      expect((await get(admin, '/manager/itr/repair/page', { problemId: id })).body.data.total).toBe(0);
    });
  });
});
