import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, databases, emsTokenOf, signIn } from '../support/api';
import type { TestServer } from '../support/server';

type Row = Record<string, unknown>;
interface Ledger extends Row {
  parts: Row[];
  intervals?: Row[];
}

const STATION = 'T2-ST1';
const HOUR = 3_600_000;
/** Shanghai has no daylight saving: local times are UTC+8 all year. */
const localMonth = (ms: number) => new Date(ms + 8 * HOUR).toISOString().slice(0, 7);
const thisMonth = localMonth(Date.now());
const lastMonth = localMonth(Date.parse(`${thisMonth}-01T00:00:00+08:00`) - HOUR);
const aDay = `${lastMonth}-12`;

/** The cells of a sheet, row by row, from its first column. */
const cellsOf = (sheet: ExcelJS.Worksheet | undefined) =>
  (sheet?.getSheetValues() ?? []).slice(1).map((row) => (Array.isArray(row) ? row.slice(1) : []));

describe.each(databases())('the ledger as a workbook on $name', ({ start }) => {
  let server: TestServer;
  let app: FastifyInstance;
  let admin: string;
  let auditor: string;

  const ledger = async (query: Record<string, string>) => {
    const answer = await call<Ledger>(app, admin, { method: 'GET', url: '/ems/api/ledger/station', query });
    expect(answer.status).toBe(200);
    return answer.body.data;
  };
  const exported = async (query: Record<string, string>, token = admin, language = 'en') =>
    app.inject({
      method: 'GET',
      url: '/ems/api/ledger/station/export',
      query,
      headers: { authorization: `Bearer ${await emsTokenOf(app, token)}`, 'accept-language': language },
    });
  const workbookOf = async (payload: Buffer) => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(payload as unknown as ArrayBuffer);
    return workbook;
  };

  beforeAll(async () => {
    server = await start();
    app = server.app;
    admin = await signIn(app, 'admin', 'admin123');
    auditor = await signIn(app, 'auditor', 'auditor123');
    // Hourly readings (at :30) through six hours of one day of last month, through the collectors'
    // call: 100 kWh imported, 5 exported, 50 charged and 20 discharged an hour.
    const samples = [];
    for (let h = 0; h < 6; h += 1) {
      const ts = Date.parse(`${aDay}T0${h}:30:00+08:00`);
      samples.push(
        { sn: `${STATION}-MTR.importEnergy`, ts, value: 1000 + 100 * h },
        { sn: `${STATION}-MTR.exportEnergy`, ts, value: 5 * h },
        { sn: `${STATION}-PCS1.chargeEnergy`, ts, value: 50 * h },
        { sn: `${STATION}-PCS1.dischargeEnergy`, ts, value: 20 * h },
      );
    }
    const sent = await call<{ accepted: number }>(app, admin, {
      method: 'POST',
      url: '/ems/api/collector/samples',
      payload: { samples },
    });
    expect(sent.body.data.accepted).toBe(samples.length);
  });
  afterAll(() => server.stop());

  test("a month's workbook holds the figures the ledger call answers, each day and the total, with the station's zone and the baseline", async () => {
    const query = { stationSn: STATION, type: 'MONTH', time: lastMonth };
    const answer = await exported(query);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('spreadsheetml');
    expect(String(answer.headers['content-disposition'])).toContain(`Ledger-${STATION}-${lastMonth}.xlsx`);
    const shown = await ledger(query);
    const rows = cellsOf((await workbookOf(answer.rawPayload)).worksheets[0]);
    expect(rows.slice(0, 5)).toEqual([
      ['Station', `${String(shown.stationName)} (${STATION})`],
      ['Time zone', 'Asia/Shanghai'],
      ['Period', `Month ${lastMonth}`],
      ['Baseline', 'the same load with no battery and no PV'],
      ['Currency', 'yuan'],
    ]);
    const header = rows[6] ?? [];
    expect(header.slice(0, 5)).toEqual(['Part', 'From', 'To', 'Earned (yuan)', 'Savings (yuan)']);
    const column = (name: string) => header.indexOf(name);
    const parts = rows.slice(7, -1);
    const total = rows.at(-1) ?? [];
    expect(parts).toHaveLength(shown.parts.length);
    expect(parts.map((row) => row[0])).toEqual(shown.parts.map((part) => part.label));
    expect(parts.map((row) => row[column('Earned (yuan)')] ?? null)).toEqual(shown.parts.map((part) => part.earned));
    expect(total[0]).toBe('Total');
    for (const [name, field] of [
      ['Earned (yuan)', 'earned'],
      ['Savings (yuan)', 'savings'],
      ['Arbitrage (yuan)', 'arbitrage'],
      ['PV part (yuan)', 'pvValue'],
      ['Capacity charge (yuan)', 'demandCharge'],
      ['Coverage', 'coverage'],
    ] as const)
      expect(total[column(name)] ?? null, name).toEqual(shown[field]);
    // The readings of the 12th are in the month's figures, not in its first day's.
    expect(shown.importKwh).toBe(500);
    expect(shown.parts[0]?.importKwh).toBe(0);
    expect(total[column('Imported (kWh)')]).toBe(500);
    expect((await workbookOf(answer.rawPayload)).worksheets).toHaveLength(1);
  });

  test("a day's workbook lists its intervals with the tariff period and prices that priced each", async () => {
    const query = { stationSn: STATION, type: 'DAY', time: aDay };
    const shown = await ledger(query);
    const workbook = await workbookOf((await exported(query)).rawPayload);
    const rows = cellsOf(workbook.worksheets[1]);
    expect(rows[0]?.slice(0, 4)).toEqual(['Time', 'Tariff period', 'Purchase price (yuan/kWh)', 'Sale price (yuan/kWh)']);
    expect(rows).toHaveLength((shown.intervals ?? []).length + 1);
    const first = shown.intervals?.[0] ?? {};
    expect(rows[1]?.[0]).toBe(first.time);
    const oneAm = rows.find((row) => row[0] === '01:00') ?? [];
    expect(oneAm[rows[0]?.indexOf('Imported (kWh)') ?? -1]).toBe(100);
    expect(rows[1]?.[2]).toBe(first.purchasePrice);
    expect(['Sharp peak', 'Peak', 'Flat', 'Valley']).toContain(rows[1]?.[1]);
  });

  test("the workbook is written in the caller's language", async () => {
    const answer = await exported({ stationSn: STATION, type: 'MONTH', time: lastMonth }, admin, 'zh-CN');
    const rows = cellsOf((await workbookOf(answer.rawPayload)).worksheets[0]);
    expect(rows[3]).toEqual(['基准', '同样的负荷，无储能、无光伏']);
    expect(rows[6]?.[3]).toBe('收益(元)');
  });

  test("bad input gets 400 with what was wrong; another tenant's station is not found", async () => {
    const bad: Record<string, string>[] = [
      { stationSn: STATION, type: 'WEEK' },
      { stationSn: 'a b' },
      { stationSn: STATION, time: 'last month' },
      { type: 'MONTH' },
    ];
    for (const query of bad) {
      const answer = await exported(query);
      expect(answer.statusCode, JSON.stringify(query)).toBe(400);
      const body = answer.json<{ code: number; msg: string }>();
      expect(body.code).not.toBe(0);
      expect(body.msg).not.toBe('');
    }
    const foreign = await exported({ stationSn: STATION, type: 'MONTH' }, auditor);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.headers['content-type']).toContain('application/json');
  });
});
