import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, databases, signIn, type Answer } from '../support/api';
import type { TestServer } from '../support/server';

/**
 * Execution sites and projects: the site's state machine through setProjStatus and the named
 * steps, the site's home figures, setup process and team, the budget and earned value of an
 * order, the board, and the board's energy figures from stored telemetry. Tenant 2 (`admin`)
 * works; tenant 44 (`auditor`) is the other tenant.
 */

type Row = Record<string, unknown>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe.each(databases())('execution sites and projects on $name', ({ start }) => {
  let server: TestServer;
  let app: FastifyInstance;
  let admin: string;
  let other: string;
  let orderSeq = 900000;

  beforeAll(async () => {
    server = await start();
    app = server.app;
    admin = await signIn(app, 'admin', 'admin123');
    other = await signIn(app, 'auditor', 'auditor123');
  });
  afterAll(() => server.stop());

  const as = <T = Row>(
    token: string,
    method: Method,
    url: string,
    options: { payload?: Row; query?: Record<string, string>; headers?: Record<string, string> } = {},
  ): Promise<Answer<T>> => call<T>(app, token, { method, url, ...options });

  /** The data of a successful call of tenant 2. */
  async function data<T = Row>(method: Method, url: string, options: { payload?: Row; query?: Record<string, string> } = {}) {
    const answer = await as<T>(admin, method, url, options);
    expect([url, answer.status, answer.body.code]).toEqual([url, 200, 0]);
    return answer.body.data;
  }

  /** A demo order of tenant 2 that no execution site carries (the demo's sites carry its first orders). */
  const orderWithoutSites = async () =>
    (await data<{ records: Row[] }>('GET', '/manager/orderinfo/page', { query: { orderNo: 'SO-2-0007' } })).records[0] as {
      id: number;
    };

  /** A new execution site of tenant 2 for a new order. */
  const newSite = (fields: Row = {}) =>
    data('POST', '/manager/executesite', { payload: { name: '测试站点', orderId: (orderSeq += 1), ...fields } });

  const statusOf = async (id: unknown) =>
    (await data('GET', '/manager/executesite/getById', { query: { id: String(id) } })).projStatus;

  describe('the execution-site state machine', () => {
    test('a new site is not started, whatever the body says', async () => {
      const site = await newSite({ projStatus: 'closed' });
      expect(site.projStatus).toBe('notStarted');
    });

    // Each row: the status the site is in, the status asked for, and whether a step leads there.
    test.each([
      ['notStarted', 'executing', true],
      ['notStarted', 'completed', false],
      ['notStarted', 'notStarted', false],
      ['executing', 'finalAccountConfirmed', true],
      ['executing', 'notStarted', false],
      ['executing', 'closed', false],
      ['finalAccountConfirmed', 'completed', true],
      ['finalAccountConfirmed', 'executing', true],
      ['completed', 'closed', true],
      ['completed', 'executing', true],
      ['closed', 'executing', false],
      ['closed', 'completed', false],
    ] as const)('setProjStatus from %s to %s: allowed %s', async (from, to, allowed) => {
      const path: Record<string, string[]> = {
        notStarted: [],
        executing: ['executing'],
        finalAccountConfirmed: ['executing', 'finalAccountConfirmed'],
        completed: ['executing', 'finalAccountConfirmed', 'completed'],
        closed: ['executing', 'finalAccountConfirmed', 'completed', 'closed'],
      };
      const site = await newSite();
      for (const step of path[from] ?? [])
        await data('POST', '/manager/executesite/setProjStatus', { payload: { id: site.id, projStatus: step } });
      const before = await data('GET', '/manager/executesite/getById', { query: { id: String(site.id) } });
      expect(before.projStatus).toBe(from);
      const answer = await as(admin, 'POST', '/manager/executesite/setProjStatus', { payload: { id: site.id, projStatus: to } });
      if (allowed) {
        expect(answer.status).toBe(200);
        expect(answer.body.data.projStatus).toBe(to);
      } else {
        expect(answer.status).toBe(409);
        expect(answer.body.code).toBe(40904);
        expect(await data('GET', '/manager/executesite/getById', { query: { id: String(site.id) } })).toEqual(before);
      }
    });

    test('the named steps: start, final account, completion announcement, withdraw, close', async () => {
      const site = await newSite();
      const id = String(site.id);
      // Withdrawing a site that has not started is refused, and changes nothing.
      expect((await as(admin, 'DELETE', `/act/process/rollback/${id}`)).status).toBe(409);
      await data('PUT', '/manager/executesite/startExecuteSiteNew', { query: { id } });
      expect((await as(admin, 'PUT', '/manager/executesite/startExecuteSite', { query: { id } })).status).toBe(409);
      await data('POST', '/manager/executesitesetupprocess/finalAccountConfirm', { query: { id } });
      await data('PUT', '/act/saleStatus/completenew', { query: { id } });
      expect(await statusOf(id)).toBe('completed');
      await data('DELETE', `/act/process/rollback/${id}`);
      expect(await statusOf(id)).toBe('executing');
      expect((await as(admin, 'POST', '/manager/executesitesetupprocess/projCloseConfirm', { query: { id } })).status).toBe(409);
      await data('POST', '/manager/executesitesetupprocess/finalAccountConfirm', { query: { id } });
      await data('POST', '/manager/executesitesetupprocess/projCompleteAnnounce', { query: { id } });
      await data('POST', '/manager/executesitesetupprocess/projCloseConfirm', { query: { id } });
      expect(await statusOf(id)).toBe('closed');
      expect((await as(admin, 'DELETE', `/act/process/rollback/${id}`)).status).toBe(409);
    });

    test('setProjStatus of a site of another tenant is not found, and leaves it', async () => {
      const site = await newSite();
      const answer = await as(other, 'POST', '/manager/executesite/setProjStatus', {
        payload: { id: site.id, projStatus: 'executing' },
      });
      expect(answer.status).toBe(404);
      expect(await statusOf(site.id)).toBe('notStarted');
    });
  });

  describe('a site and its records', () => {
    let site: Row;
    beforeAll(async () => {
      site = await newSite({
        budgetAmount: 100000,
        contractAmount: 150000,
        planStartDate: '2020-01-01',
        planFinishDate: '2099-12-31',
      });
      const steps: Row[] = [
        { name: '电气接线', sort: 3, teamName: '电气班', leader: '周磊', done: false },
        { name: '设备进场', sort: 1, teamName: '安装一班', leader: '赵伟', done: true },
        { name: '设备吊装', sort: 2, teamName: '安装一班', done: false },
        { name: '系统调试', sort: 4, done: false },
      ];
      for (const step of steps)
        await data('POST', '/manager/executesite/setup/process/item/save', { payload: { siteId: site.id, ...step } });
      await data('POST', '/manager/executesite/member', { payload: { siteId: site.id, userId: 1, memberRole: 'engineer' } });
      await data('POST', '/manager/executesite/member', { payload: { siteId: site.id, userId: 1, memberRole: 'observer' } });
      await data('POST', '/manager/executesiteworkplan', { payload: { siteId: site.id, title: '基础施工' } });
      const area = await data('POST', '/manager/calcArea', { payload: { name: '设备区', siteId: site.id } });
      await data('POST', '/manager/calcData', { payload: { areaId: area.id, itemName: '电缆', amount: 10000 } });
      await data('POST', '/manager/calcData', { payload: { areaId: area.id, itemName: '基础', amount: 2500.5 } });
      await data('POST', '/manager/manualWorkload', {
        payload: { siteId: site.id, workerName: '王伟', hours: 8, hourlyRate: 50 },
      });
    });

    test.each([
      ['executesiteworkplan', { title: '设备基础浇筑', progress: 40 }, { title: '设备基础养护', progress: 80 }],
      ['executesiteservicereport', { title: '安装报告', serviceType: 'install' }, { title: '维修报告', serviceType: 'repair' }],
    ])(
      'POST %s/{id} saves the record of the path; another id in the body, or another tenant, changes nothing',
      async (call, created, saved) => {
        const record = await data('POST', `/manager/${call}`, { payload: { siteId: site.id, ...created } });
        const path = `/manager/${call}/${String(record.id)}`;
        const answer = await data('POST', path, { payload: { siteId: site.id, ...saved } });
        expect(answer).toMatchObject({ id: record.id, siteId: site.id, ...saved });
        const read = () => data('GET', `/manager/${call}/getById`, { query: { id: String(record.id) } });
        const refused = await as(admin, 'POST', path, { payload: { id: Number(record.id) + 1, siteId: site.id, ...created } });
        expect(refused.status).toBe(400);
        expect(refused.body.msg).toContain('id: differs from the path');
        expect((await as(other, 'POST', path, { payload: { siteId: site.id, ...created } })).status).toBe(404);
        expect(await read()).toMatchObject(saved);
        expect((await as(admin, 'POST', `/manager/${call}/999999`, { payload: { siteId: site.id, ...saved } })).status).toBe(404);
        await data('DELETE', path);
      },
    );

    test('the setup process lists the steps in their order', async () => {
      const steps = await data<Row[]>('GET', `/manager/executesite/setup/process/list/${String(site.id)}`);
      expect(steps.map((s) => s.name)).toEqual(['设备进场', '设备吊装', '电气接线', '系统调试']);
    });

    test('the setup team groups the steps by team, with the members and observers', async () => {
      const team = await data<{ teams: Row[]; members: Row[] }>(
        'GET',
        `/manager/executesite/setup/process/team/${String(site.id)}`,
      );
      expect(team.teams).toEqual([
        { teamName: '安装一班', leader: '赵伟', steps: 2, done: 1 },
        { teamName: '电气班', leader: '周磊', steps: 1, done: 0 },
      ]);
      expect(team.members.map((m) => m.memberRole).sort()).toEqual(['engineer', 'observer']);
    });

    test('the home figures count what the site holds', async () => {
      const info = await data('POST', '/manager/executesite/getSiteIndexInfo', { payload: { id: site.id } });
      expect(info).toMatchObject({
        memberCount: 1,
        observerCount: 1,
        workPlanCount: 1,
        serviceReportCount: 0,
        setupSteps: 4,
        setupDone: 1,
        progress: 25,
      });
      expect((info.site as Row).id).toBe(site.id);
    });

    test('the budget of the order comes from its sites and their calculation items', async () => {
      const budget = await data('GET', '/manager/technicalSupportDetail/getBudgetByOrderId', {
        query: { orderId: String(site.orderId) },
      });
      expect(budget).toMatchObject({
        orderId: site.orderId,
        budgetAmount: 100000,
        contractAmount: 150000,
        calculatedAmount: 12500.5,
      });
      const bare = await orderWithoutSites();
      const none = await data('GET', '/manager/technicalSupportDetail/getBudgetByOrderId', {
        query: { orderId: String(bare.id) },
      });
      expect(none).toEqual({
        orderId: bare.id,
        sites: [],
        budgetAmount: 0,
        contractAmount: 0,
        calculatedAmount: 0,
      });
    });

    test('earned value: EV is the budget times the steps done, AC the items plus the hours at their rate', async () => {
      const query = { orderId: String(site.orderId) };
      const value = await data('POST', '/manager/earnedValue/statistics', { query });
      // 1 of 4 steps: EV = 25 000; AC = 12 500.50 + 8 h × 50 = 12 900.50.
      expect(value).toMatchObject({
        siteCount: 1,
        budgetAtCompletion: 100000,
        earnedValue: 25000,
        actualCost: 12900.5,
        costVariance: 12099.5,
      });
      expect(value.cpi).toBeCloseTo(25000 / 12900.5, 4);
      // Once the final account is confirmed the whole budget is earned.
      await data('PUT', '/manager/executesite/startExecuteSite', { query: { id: String(site.id) } });
      await data('POST', '/manager/executesitesetupprocess/finalAccountConfirm', { query: { id: String(site.id) } });
      expect(await data('POST', '/manager/earnedValue/statistics', { query })).toMatchObject({ earnedValue: 100000 });
      // The tenant in the query must be the token's.
      expect((await as(admin, 'POST', '/manager/earnedValue/statistics', { query: { ...query, tenantId: '2' } })).status).toBe(
        200,
      );
      const foreign = await as(admin, 'POST', '/manager/earnedValue/statistics', { query: { ...query, tenantId: '44' } });
      expect([foreign.status, foreign.body.code]).toEqual([403, 40300]);
    });

    test('earned value of one station covers only the sites of that station', async () => {
      const stationSite = await newSite({ stationSn: 'T2-ST1', budgetAmount: 40000, orderId: site.orderId });
      expect(stationSite.orderId).toBe(site.orderId);
      const station = await data('GET', '/ems/api/device/station/get_station_by_sn/T2-ST1');
      const query = { orderId: String(site.orderId) };
      const all = await data('POST', '/manager/earnedValue/statistics', { query });
      const one = await data('POST', '/manager/earnedValue/statistics', { query: { ...query, stationId: String(station.id) } });
      expect([all.siteCount, one.siteCount]).toEqual([2, 1]);
      expect(one).toMatchObject({ budgetAtCompletion: 40000, earnedValue: 0, actualCost: 0, cpi: null });
      // A station id of another tenant is not found.
      const foreign = await as(other, 'POST', '/manager/earnedValue/statistics', {
        query: { ...query, stationId: String(station.id) },
      });
      expect(foreign.status).toBe(404);
    });

    test('earned value on a past day: what was planned, finished and spent by then, from the first planned day', async () => {
      // 100 days planned from 2025-01-01, and a second site of the order planned for March 2025.
      const dated = await newSite({ budgetAmount: 100000, planStartDate: '2025-01-01', planFinishDate: '2025-04-10' });
      await newSite({ orderId: dated.orderId, budgetAmount: 50000, planStartDate: '2025-03-01', planFinishDate: '2025-03-31' });
      const steps: Row[] = [
        { name: '设备进场', sort: 1, done: true, finishDate: '2025-02-10' },
        { name: '设备吊装', sort: 2, done: true, finishDate: '2025-03-05' },
        { name: '电气接线', sort: 3, done: false },
        { name: '系统调试', sort: 4, done: false },
      ];
      for (const step of steps)
        await data('POST', '/manager/executesite/setup/process/item/save', { payload: { siteId: dated.id, ...step } });
      await data('POST', '/manager/manualWorkload', {
        payload: { siteId: dated.id, workerName: '王伟', workDate: '2025-04-01', hours: 8, hourlyRate: 50 },
      });
      const orderId = String(dated.orderId);
      const on = (date?: string) =>
        data('POST', '/manager/earnedValue/statistics', { query: { orderId, ...(date ? { date } : {}) } });
      const today = await on();
      expect(today).toMatchObject({ plannedValue: 150000, earnedValue: 50000, actualCost: 400, firstPlannedDay: '2025-01-01' });
      expect(await on(String(today.date))).toEqual(today);
      for (const [date, pv, ev, ac] of [
        ['2025-01-01', 1000, 0, 0],
        ['2025-01-20', 20000, 0, 0],
        ['2025-02-10', 41000, 25000, 0],
        ['2025-03-31', 140000, 50000, 0],
        ['2025-04-30', 150000, 50000, 400],
      ] as const) {
        expect([date, await on(date)]).toEqual([
          date,
          expect.objectContaining({ date, budgetAtCompletion: 150000, plannedValue: pv, earnedValue: ev, actualCost: ac }),
        ]);
      }
      expect(await on('2025-02-10')).toMatchObject({ costVariance: 25000, scheduleVariance: -16000, cpi: null, spi: 0.6098 });

      // A day before the plan, after today, or no day at all: 400 naming the field, and nothing changed.
      const tomorrow = new Date(Date.parse(String(today.date)) + 86_400_000).toISOString().slice(0, 10);
      for (const date of ['2024-12-31', tomorrow, '2025-02-30', '2025-1-05', 'yesterday', '']) {
        const refused = await as(admin, 'POST', '/manager/earnedValue/statistics', { query: { orderId, date } });
        expect([date, refused.status, refused.body.code, refused.body.data]).toEqual([
          date,
          400,
          40001,
          [{ path: 'date', message: expect.any(String) }],
        ]);
      }
      expect(await on()).toEqual(today);
      // An order no site carries has no plan to be before.
      expect(
        await data('POST', '/manager/earnedValue/statistics', {
          query: { orderId: String((await orderWithoutSites()).id), date: '2000-01-01' },
        }),
      ).toMatchObject({ siteCount: 0, plannedValue: 0, firstPlannedDay: null, stations: [] });
    });

    test('a site of another tenant has no setup process, team or home figures for the caller', async () => {
      for (const [method, url, payload] of [
        ['GET', `/manager/executesite/setup/process/list/${String(site.id)}`],
        ['GET', `/manager/executesite/setup/process/team/${String(site.id)}`],
        ['POST', '/manager/executesite/getSiteIndexInfo', { id: site.id }],
      ] as const) {
        const answer = await as(other, method, url, payload ? { payload } : {});
        expect([url, answer.status, answer.body.code]).toEqual([url, 404, 40400]);
      }
    });
  });

  describe('the board', () => {
    test('site names by ids keep the order asked and leave out ids the tenant does not have', async () => {
      const a = await newSite({ name: '甲站点' });
      const b = await newSite({ name: '乙站点' });
      const names = await data<Row[]>('POST', '/manager/board/getSiteNameByIds', { payload: { ids: [b.id, 999999, a.id] } });
      expect(names).toEqual([
        { id: b.id, name: '乙站点' },
        { id: a.id, name: '甲站点' },
      ]);
    });

    test('the id list and the synthesis agree with the site list', async () => {
      const executing = await data<number[]>('POST', '/manager/board/getIdList', { payload: { projStatus: 'executing' } });
      const page = await data<{ records: Row[]; total: number }>('GET', '/manager/executesite/page', {
        query: { projStatus: 'executing', size: '50' },
      });
      expect([...executing].sort()).toEqual(page.records.map((r) => r.id).sort());
      const info = await data<{ siteCount: number; byStatus: Record<string, number> }>(
        'POST',
        '/manager/board/getSynthesizeInfo',
      );
      expect(info.byStatus.executing).toBe(page.total);
      expect(info.siteCount).toBe(Object.values(info.byStatus).reduce((x, y) => x + y, 0));
      const operation = await data('POST', '/manager/board/getOperationInfo');
      expect(operation.executingSites).toBe(page.total);
    });

    test('the board orders by type sum the contract amounts of the sites', async () => {
      const groups = await data<{ key: string; count: number; sum: number }[]>('GET', '/manager/board/boardOrderType');
      const total = await data<{ count: number; sum: number }[]>('GET', '/manager/board/boardOrderTotal');
      expect(groups.reduce((s, g) => s + g.count, 0)).toBe(total[0]?.count);
      expect(groups.reduce((s, g) => s + g.sum, 0)).toBeCloseTo(total[0]?.sum ?? NaN, 2);
    });

    test('service types are labelled in the language of the request', async () => {
      const zh = await as<Row[]>(admin, 'GET', '/manager/executesite/serviceType/list', {
        headers: { 'accept-language': 'zh-CN' },
      });
      expect(zh.body.data).toContainEqual({ code: 'commissioning', name: '调试' });
      const en = await as<Row[]>(admin, 'GET', '/manager/executesite/serviceType/list', { headers: { 'accept-language': 'en' } });
      expect(en.body.data).toContainEqual({ code: 'commissioning', name: 'Commissioning' });
    });
  });

  describe('energy figures of the board, from stored telemetry', () => {
    const at = (local: string) => Date.parse(`${local.replace(' ', 'T')}:00+08:00`);
    beforeAll(async () => {
      // Counters of the storage station T2-ST1 on 15 July 2024 (Shanghai): charged 250 kWh, discharged 180 kWh.
      const readings: [string, string, number][] = [
        ['T2-ST1-PCS1.chargeEnergy', '2024-07-15 01:00', 5000],
        ['T2-ST1-PCS1.chargeEnergy', '2024-07-15 03:00', 5100],
        ['T2-ST1-PCS1.chargeEnergy', '2024-07-15 05:00', 5250],
        ['T2-ST1-PCS1.dischargeEnergy', '2024-07-15 01:00', 4000],
        ['T2-ST1-PCS1.dischargeEnergy', '2024-07-15 10:00', 4100],
        ['T2-ST1-PCS1.dischargeEnergy', '2024-07-15 19:00', 4180],
      ];
      const ems = await call<{ access_token: string }>(app, admin, { method: 'POST', url: '/tools/ems/emsToken' });
      const sent = await call<{ accepted: number }>(app, ems.body.data.access_token, {
        method: 'POST',
        url: '/ems/api/collector/samples',
        payload: { samples: readings.map(([sn, time, value]) => ({ sn, ts: at(time), value })) },
      });
      expect(sent.body.data.accepted).toBe(readings.length);
    });

    test('the daily charge sum of a day is the growth of the counters that day', async () => {
      const sum = await data<{ period: string; charge: number; discharge: number; stations: Row[] }>(
        'GET',
        '/ems/api/board/dailyChargeSum',
        {
          query: { day: '2024-07-15' },
        },
      );
      expect(sum).toMatchObject({ period: '2024-07-15', charge: 250, discharge: 180 });
      expect(sum.stations.find((s) => s.stationSn === 'T2-ST1')).toMatchObject({ charge: 250, discharge: 180 });
      const one = await data('GET', '/ems/api/board/dailyChargeSum', { query: { day: '2024-07-15', stationSn: 'T2-ST1' } });
      expect(one.stations).toHaveLength(1);
      const empty = await data('GET', '/ems/api/board/dailyChargeSum', { query: { day: '2024-07-16', stationSn: 'T2-ST1' } });
      expect(empty).toMatchObject({ charge: null, discharge: null });
      // Without a day: today, each of the tenant's stations (none of them has samples today).
      const today = await data<{ period: string; charge: null; stations: Row[] }>('GET', '/ems/api/board/dailyChargeSum');
      expect(today.period).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(today.stations.map((s) => s.stationSn)).toEqual(['T2-EMS1', 'T2-PV1', 'T2-ST1', 'T2-ST2', 'T2-ST3']);
    });

    test('the yearly charge sum of the year holds the day', async () => {
      expect(await data('GET', '/ems/api/board/yearlyChargeSum', { query: { year: '2024' } })).toMatchObject({
        period: '2024',
        charge: 250,
        discharge: 180,
      });
    });

    test('the ranking puts the station with the energy first, stations without figures after', async () => {
      const ranking = await data<Row[]>('GET', '/ems/api/board/stationRanking', { query: { type: 'DAY', time: '2024-07-15' } });
      expect(ranking[0]).toEqual({ rank: 1, stationSn: 'T2-ST1', stationName: expect.any(String) as string, value: 180 });
      expect(ranking.map((r) => r.rank)).toEqual(ranking.map((_, i) => i + 1));
      expect(ranking.slice(1).every((r) => r.value === null)).toBe(true);
    });

    test('the profit of the month is what the station charge call prices for it', async () => {
      const profit = await data<{ period: string; revenue: number; stations: Row[] }>('GET', '/ems/api/board/profit', {
        query: { type: 'MONTH', time: '2024-07-15' },
      });
      const monthly = await data<{ total: { charge: number; discharge: number; revenue: number } }>(
        'GET',
        '/ems/api/device/station/monthlyCharge/T2-ST1',
        { query: { month: '2024-07' } },
      );
      expect(profit.period).toBe('2024-07');
      expect(profit.stations.find((s) => s.stationSn === 'T2-ST1')).toMatchObject(monthly.total);
      expect(profit.revenue).toBe(monthly.total.revenue);
    });
  });
});
