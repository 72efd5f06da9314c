import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ProjForecasts } from '../../generated/types';
import { call, databases, signIn, type Answer } from '../support/api';
import type { TestServer } from '../support/server';

/**
 * The forecasts of a tenant's open projects (`GET /manager/earnedValue/forecasts`): an order carried
 * out by a site with work left is listed with its earned value as the earned-value call answers it and
 * its forecasts (hand-checked for one order), a settled one is not; another tenant's orders never
 * appear; a day after today or no day at all is refused. Tenant 2 (`admin`) works; tenant 44
 * (`auditor`) is the other tenant.
 */

type Row = Record<string, unknown>;

const DAY_MS = 86_400_000;
const FORECASTS = '/manager/earnedValue/forecasts';

describe.each(databases())('project forecasts on $name', ({ start }) => {
  let server: TestServer;
  let app: FastifyInstance;
  let admin: string;
  let other: string;
  let today: string;
  const dayAt = (days: number) => new Date(Date.parse(today) + days * DAY_MS).toISOString().slice(0, 10);

  beforeAll(async () => {
    server = await start();
    app = server.app;
    admin = await signIn(app, 'admin', 'admin123');
    other = await signIn(app, 'auditor', 'auditor123');
    today = (await forecasts(admin)).date;
  });
  afterAll(() => server.stop());

  const as = <T = Row>(token: string, method: 'GET' | 'POST', url: string, options: { payload?: Row; query?: Row } = {}) =>
    call<T>(app, token, {
      method,
      url,
      ...(options.payload ? { payload: options.payload } : {}),
      query: Object.fromEntries(Object.entries(options.query ?? {}).map(([k, v]) => [k, String(v)])),
    });
  async function data<T = Row>(method: 'GET' | 'POST', url: string, options: { payload?: Row; query?: Row } = {}) {
    const answer: Answer<T> = await as<T>(admin, method, url, options);
    expect([url, answer.status, answer.body.code]).toEqual([url, 200, 0]);
    return answer.body.data;
  }
  async function forecasts(token: string, date?: string): Promise<ProjForecasts> {
    const answer = await as<ProjForecasts>(token, 'GET', FORECASTS, { query: date ? { date } : {} });
    expect([answer.status, answer.body.code]).toEqual([200, 0]);
    return answer.body.data;
  }
  const orderOf = async (orderNo: string) =>
    (await data<{ records: Row[] }>('GET', '/manager/orderinfo/page', { query: { orderNo } })).records[0] as Row & { id: number };
  const projectOf = (answer: ProjForecasts, orderId: number) => answer.projects.find((p) => p.orderId === orderId);

  describe('an open project of the tenant', () => {
    let order: Row & { id: number };
    let siteId: number;

    beforeAll(async () => {
      // Order SO-2-0005 (no site of the demo's carries it) gets a site of 100 000 planned for 100 days,
      // the 50th of them today; one of its four steps is done and 20 000 spent on hours.
      order = await orderOf('SO-2-0005');
      const site = await data('POST', '/manager/executesite', {
        payload: {
          name: '预测站点',
          orderId: order.id,
          budgetAmount: 100000,
          planStartDate: dayAt(-49),
          planFinishDate: dayAt(50),
        },
      });
      siteId = Number(site.id);
      const steps = [
        { name: '设备进场', sort: 1, done: true, finishDate: dayAt(-30) },
        { name: '基础施工', sort: 2, done: false },
        { name: '电气接线', sort: 3, done: false },
        { name: '系统调试', sort: 4, done: false },
      ];
      for (const step of steps)
        await data('POST', '/manager/executesite/setup/process/item/save', { payload: { siteId, ...step } });
      await data('POST', '/manager/manualWorkload', {
        payload: { siteId, workerName: '王伟', workDate: dayAt(-20), hours: 10, hourlyRate: 2000 },
      });
    });

    test('is listed with its earned value as the earned-value call answers it, and its forecasts by hand', async () => {
      const answer = await forecasts(admin);
      const project = projectOf(answer, order.id);
      const earned = await data('POST', '/manager/earnedValue/statistics', { query: { orderId: order.id } });
      // PV = 100 000 × 50/100, EV = 100 000 × 1/4, AC = 10 h × 2 000: CPI 1.25, SPI 0.5.
      expect(earned).toMatchObject({ budgetAtCompletion: 100000, plannedValue: 50000, earnedValue: 25000, actualCost: 20000 });
      expect(project).toEqual({
        orderId: order.id,
        orderNo: 'SO-2-0005',
        name: order.name,
        siteCount: 1,
        budgetAtCompletion: earned.budgetAtCompletion,
        plannedValue: earned.plannedValue,
        earnedValue: earned.earnedValue,
        actualCost: earned.actualCost,
        cpi: earned.cpi,
        spi: earned.spi,
        // EAC = 100 000 / 1.25; ETC = EAC − 20 000; VAC = BAC − EAC; TCPI = 75 000 / 80 000.
        estimateAtCompletion: 80000,
        estimateToComplete: 60000,
        varianceAtCompletion: 20000,
        tcpi: 0.9375,
        firstPlannedDay: dayAt(-49),
        plannedFinish: dayAt(50),
        // 100 days / SPI 0.5 = 200 days from the first planned day: its last is 100 days after the planned one.
        forecastFinish: dayAt(150),
        daysLate: 100,
        status: 'late',
      });
      // Most over budget first.
      const variances = answer.projects.map((p) => p.varianceAtCompletion);
      expect(variances).toEqual([...variances].sort((a, b) => a - b));
    });

    test('on a past day its figures are those the earned-value call answers for that day; before its plan it is left out', async () => {
      const day = dayAt(-25);
      const project = projectOf(await forecasts(admin, day), order.id);
      const earned = await data('POST', '/manager/earnedValue/statistics', { query: { orderId: order.id, date: day } });
      // Day 25 of 100: PV 25 000; the step finished on day 20 is earned, the hours of day 30 not yet spent.
      expect(earned).toMatchObject({ plannedValue: 25000, earnedValue: 25000, actualCost: 0 });
      expect(project).toMatchObject({ plannedValue: 25000, earnedValue: 25000, actualCost: 0, cpi: null, spi: 1 });
      expect(project).toMatchObject({ estimateAtCompletion: 75000, forecastFinish: dayAt(50), daysLate: 0, status: 'onTrack' });
      expect(projectOf(await forecasts(admin, dayAt(-50)), order.id)).toBeUndefined();
    });

    test('an order whose sites are all past the final account is no open project; back to executing, it is again', async () => {
      const settled = await orderOf('SO-2-0008');
      const site = await data('POST', '/manager/executesite', {
        payload: {
          name: '结算站点',
          orderId: settled.id,
          budgetAmount: 50000,
          planStartDate: dayAt(-10),
          planFinishDate: dayAt(10),
        },
      });
      const move = (projStatus: string) =>
        data('POST', '/manager/executesite/setProjStatus', { payload: { id: site.id, projStatus } });
      expect(projectOf(await forecasts(admin), settled.id)).toMatchObject({ siteCount: 1 });
      await move('executing');
      await move('finalAccountConfirmed');
      expect(projectOf(await forecasts(admin), settled.id)).toBeUndefined();
      await move('executing');
      expect(projectOf(await forecasts(admin), settled.id)).toMatchObject({ siteCount: 1, budgetAtCompletion: 50000 });
    });

    test('another tenant never sees the tenant’s orders, nor asks for them by naming the tenant', async () => {
      const ofA = await forecasts(admin);
      const ofB = await forecasts(other);
      expect(ofA.projects.map((p) => p.orderId)).toContain(order.id);
      expect(ofB.projects.length).toBeGreaterThan(0);
      const idsOfA = new Set(ofA.projects.map((p) => p.orderId));
      expect(ofB.projects.filter((p) => idsOfA.has(p.orderId))).toEqual([]);
      expect(ofB.projects.filter((p) => !p.orderNo.startsWith('SO-44-'))).toEqual([]);
      // Each order B sees is B's own: B reads it; A's order is unknown to B.
      for (const project of ofB.projects) {
        const own = await as(other, 'GET', '/manager/orderinfo/getById', { query: { id: project.orderId } });
        expect([project.orderNo, own.status]).toEqual([project.orderNo, 200]);
      }
      expect((await as(other, 'GET', '/manager/orderinfo/getById', { query: { id: order.id } })).status).toBe(404);
      const named = await as(other, 'GET', FORECASTS, { query: { tenantId: 2 } });
      expect(named.status).toBe(403);
    });
  });

  test('a day after today, or not a day, is refused with 400 and what was wrong', async () => {
    for (const date of [dayAt(1), '2025-02-30', '2025-1-05', 'yesterday', '']) {
      const refused = await as(admin, 'GET', FORECASTS, { query: { date } });
      expect([date, refused.status, refused.body.code, typeof refused.body.msg]).toEqual([date, 400, 40001, 'string']);
      expect(refused.body.msg).toMatch(/date/);
    }
    expect((await forecasts(admin, today)).date).toBe(today);
  });
});
