import type { AddressInfo } from 'node:net';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Database } from '../../server/db/database';
import { openDatabase } from '../../server/db/database';
import { call, connectedDatabases, signIn, type Answer } from '../support/api';
import { postgresDemoCopy } from '../support/demoCopies';
import { readPdf } from '../support/pdf';
import { startServer, type TestServer } from '../support/server';

interface Run {
  id: number;
  scheduledFor: string;
  trigger: string;
  firstDay: string;
  lastDay: string;
  zone: string;
  status: string;
  attempts: number;
  lastError?: string;
  recipients: string[];
  files: { id: number; name: string; mime: string; bytes: number }[];
}

const PDF = 'application/pdf';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** An SMTP server of the test's own on 127.0.0.1: what it received, and (when `refuse`) refusing every recipient. */
async function smtpServer(refuse = false) {
  const received: { to: string[]; raw: string }[] = [];
  let refusals = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!refuse) return callback();
      refusals += 1;
      return callback(Object.assign(new Error(`mailbox ${address.address} unavailable`), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('latin1') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    settings: { host: '127.0.0.1', port, secure: false, from: 'reports@platform.test' },
    received,
    refusals: () => refusals,
    close: () => new Promise<void>((resolve) => server.close(resolve)),
  };
}

/** The first day and the last of the month before now, in Shanghai (what run now reports on for a monthly report). */
function lastMonth(): { first: string; last: string } {
  const shanghai = new Date(Date.now() + 8 * 3_600_000);
  const first = new Date(Date.UTC(shanghai.getUTCFullYear(), shanghai.getUTCMonth() - 1, 1));
  const last = new Date(Date.UTC(shanghai.getUTCFullYear(), shanghai.getUTCMonth(), 0));
  return { first: first.toISOString().slice(0, 10), last: last.toISOString().slice(0, 10) };
}

const figure = (value: number) => value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

describe.each(connectedDatabases())('scheduled reports on $name', ({ start }) => {
  let server: { app: FastifyInstance; database: Database; stop(): Promise<void> };
  let app: FastifyInstance;
  let admin = '';
  let station = { id: 0, sn: '' };
  let employee = { id: 0, email: '' };

  const save = (body: Record<string, unknown>) =>
    call<{ id: number }>(app, admin, { method: 'POST', url: '/manager/report/definition', payload: body });
  const runNow = (id: number) => call<Run>(app, admin, { method: 'POST', url: `/manager/report/definition/${id}/run` });
  const runs = async (definitionId: number) =>
    (
      await call<{ records: Run[] }>(app, admin, {
        method: 'GET',
        url: `/manager/report/run/page?current=1&size=50&definitionId=${definitionId}`,
      })
    ).body.data.records;
  const definitions = async () =>
    Number((await sql<{ n: number }>`select count(*) as n from report_definition`.execute(server.database.db)).rows[0]?.n);
  const daily = (extra: Record<string, unknown> = {}) => ({
    name: 'Daily report',
    kind: 'stationDaily',
    stationIds: [station.id],
    format: 'both',
    language: 'en',
    recipients: [],
    frequency: 'daily',
    timeOfDay: '07:00',
    enabled: false,
    ...extra,
  });

  beforeAll(async () => {
    server = await start();
    app = server.app;
    app.reports.smtp = undefined;
    admin = await signIn(app, 'admin', 'admin123');
    const { db } = server.database;
    const found = await sql<{
      id: number;
      sn: string;
    }>`select s.id, s.sn from station s where s.tenant_id = 2 and s.sn = 'T2-ST1'`.execute(db);
    station = { id: Number(found.rows[0]?.id), sn: String(found.rows[0]?.sn) };
    // No demo employee has an e-mail address: the test gives one to the first of tenant 2.
    const people = await sql<{ id: number }>`select id from employee where tenant_id = 2 order by id`.execute(db);
    employee = { id: Number(people.rows[0]?.id), email: 'reports-reader@platform.test' };
    await sql`update employee set email = ${employee.email} where id = ${employee.id}`.execute(db);
    expect(station.id).toBeGreaterThan(0);
    expect(employee.email).toContain('@');
  });
  afterAll(() => server.stop());

  test('bad input is refused at its field with 400, and nothing is stored', async () => {
    const before = await definitions();
    const other = await sql<{ id: number }>`select id from employee where tenant_id <> 2 order by id`.execute(server.database.db);
    const cases: [Record<string, unknown>, string][] = [
      [daily({ recipients: [Number(other.rows[0]?.id)] }), 'recipients'],
      [daily({ recipients: [2_000_000_000] }), 'recipients'],
      [daily({ recipients: Array.from({ length: 51 }, (_, i) => i + 1) }), 'recipients'],
      [daily({ zone: 'Mars/Olympus_Mons' }), 'zone'],
      [daily({ frequency: 'weekly' }), 'weekday'],
      [daily({ frequency: 'monthly' }), 'dayOfMonth'],
      [daily({ activeUntil: '2020-01-01' }), 'activeUntil'],
      [daily({ outsideRecipients: ['someone@example.com'] }), 'outsideRecipients'],
      [daily({ stationIds: [] }), 'stationIds'],
      [daily({ stationIds: [2_000_000_000] }), 'stationIds'],
      [daily({ timeOfDay: '24:00' }), 'timeOfDay'],
    ];
    for (const [body, field] of cases) {
      const answer = (await save(body)) as unknown as Answer<{ path: string }[]>;
      expect([answer.status, answer.body.data.map((d) => d.path)], JSON.stringify(body)).toEqual([400, [field]]);
    }
    expect(await definitions()).toBe(before);
    // Allowed by an administrator, an outside address is taken.
    const allowed = await call(app, admin, { method: 'PUT', url: '/manager/report/policy', payload: { allowOutside: true } });
    expect(allowed.status).toBe(200);
    const saved = await save(daily({ outsideRecipients: ['someone@example.com'] }));
    expect(saved.status).toBe(200);
    await call(app, admin, { method: 'PUT', url: '/manager/report/policy', payload: { allowOutside: false } });
    expect(await definitions()).toBe(before + 1);
  });

  test("a daily report runs at its time in its zone's clock across the change to summer time", async () => {
    const saved = await save(daily({ zone: 'Europe/Berlin', enabled: true, name: 'Berlin daily' }));
    expect(saved.status).toBe(200);
    const id = saved.body.data.id;
    const at = (iso: string) => app.reports.turn(Date.parse(iso));
    // 07:00 in Berlin is 06:00 UTC in winter; on 28 March 2027 clocks go forward at 01:00 UTC, so 07:00 is 05:00 UTC.
    // First turned long after it was defined, it is made once, for the latest time due.
    await at('2027-03-26T12:00:00Z');
    expect((await runs(id)).map((r) => r.scheduledFor)).toEqual(['2027-03-26 07:00:00']);
    await at('2027-03-27T05:59:59Z');
    expect(await runs(id)).toHaveLength(1);
    await at('2027-03-27T06:00:00Z');
    await at('2027-03-28T04:59:59Z');
    expect((await runs(id)).map((r) => r.scheduledFor)).toEqual(['2027-03-27 07:00:00', '2027-03-26 07:00:00']);
    await at('2027-03-28T05:00:00Z');
    const made = await runs(id);
    expect(made.map((r) => [r.scheduledFor, r.firstDay, r.lastDay, r.zone, r.trigger])).toEqual([
      ['2027-03-28 07:00:00', '2027-03-27', '2027-03-27', 'Europe/Berlin', 'schedule'],
      ['2027-03-27 07:00:00', '2027-03-26', '2027-03-26', 'Europe/Berlin', 'schedule'],
      ['2027-03-26 07:00:00', '2027-03-25', '2027-03-25', 'Europe/Berlin', 'schedule'],
    ]);
    // Without an SMTP server the runs are kept here, with their files.
    expect(made[0]).toMatchObject({ status: 'kept', lastError: 'not mailed: no SMTP server set' });
    expect(made[0]?.files.map((f) => f.mime)).toEqual([PDF, XLSX]);
    // Turned again at the same time (another node, a second turn), nothing more is made.
    await at('2027-03-28T05:00:00Z');
    expect(await runs(id)).toHaveLength(3);
  });

  test('its PDF text and its workbook hold the figures the calls answer for the period', async () => {
    const { first, last } = lastMonth();
    const day3 = `${first.slice(0, 8)}03`;
    const local = (time: string) => Date.parse(`${day3}T${time}:00+08:00`);
    const samples = [
      ['T2-ST1-PCS1.chargeEnergy', '01:00', 91000],
      ['T2-ST1-PCS1.chargeEnergy', '04:00', 91234.5],
      ['T2-ST1-PCS1.dischargeEnergy', '09:00', 72000],
      ['T2-ST1-PCS1.dischargeEnergy', '19:00', 73111.25],
      ['T2-ST1-PCS1.activePower', '02:10', -245.5],
      ['T2-ST1-PCS1.activePower', '10:20', 318.75],
    ] as const;
    const sent = await call<{ accepted: number }>(app, admin, {
      method: 'POST',
      url: '/ems/api/collector/samples',
      payload: { samples: samples.map(([sn, time, value]) => ({ sn, ts: local(time), value })) },
    });
    expect(sent.body.data.accepted).toBe(samples.length);
    const saved = await save(daily({ kind: 'stationMonthly', frequency: 'monthly', dayOfMonth: 1, name: 'Monthly T2-ST1' }));
    const run = await runNow(saved.body.data.id);
    expect(run.status).toBe(200);
    expect([run.body.data.firstDay, run.body.data.lastDay, run.body.data.zone]).toEqual([first, last, 'Asia/Shanghai']);

    const days = (
      await call<{ day: string; total: { charge: number | null; discharge: number | null; revenue: number | null } }[]>(
        app,
        admin,
        {
          method: 'GET',
          url: `/ems/api/device/stationcharge/get_station_charge_days/${station.sn}?chargeType=purchase&startDay=${first}&endDay=${last}`,
        },
      )
    ).body.data;
    const withEnergy = days.filter((d) => d.total.charge !== null);
    expect(withEnergy.length).toBeGreaterThan(0);
    const end = new Date(Date.parse(last) + 86_400_000).toISOString().slice(0, 10);
    const max = (
      await call<{ sn: string; value: number | null }[]>(app, admin, {
        method: 'GET',
        url: `/ems/api/main/devices/data/accusummarized?sns=T2-ST1-PCS1.activePower&calcmethod=MAX&startTime=${first}%2000:00:00&endTime=${end}%2000:00:00`,
      })
    ).body.data[0]?.value;
    expect(max).toBe(318.75);

    const pdf = await app.inject({
      method: 'GET',
      url: `/manager/report/run/${run.body.data.id}/pdf`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(pdf.headers['content-type']).toBe(PDF);
    const text = (await readPdf(pdf.rawPayload)).map((p) => p.text).join(' ');
    expect(text).toContain('Asia/Shanghai');
    expect(text).toContain(`${first} to ${last}`);
    for (const d of withEnergy) {
      for (const value of [d.total.charge, d.total.discharge, d.total.revenue])
        if (value !== null) expect(text).toContain(figure(value));
    }
    expect(text).toContain(figure(318.75));
    // The chart drawn on the server: its title, and its first day's label as a text of its own
    // (the table writes the day whole), so the chart's labels are text too.
    expect(text).toContain('Charged and discharged energy by day (kWh)');
    expect(` ${text} `).toContain(` ${days[0]?.day.slice(5)} `);

    const xlsx = await app.inject({
      method: 'GET',
      url: `/manager/report/run/${run.body.data.id}/xlsx`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(xlsx.headers['content-type']).toBe(XLSX);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.worksheets[1]?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    for (const d of days) {
      const row = rows.find((r) => r[0] === d.day);
      // A cell left empty (no figure that day) is absent from the row's values.
      expect(
        [0, 1, 2, 3].map((i) => row?.[i] ?? null),
        d.day,
      ).toEqual([d.day, d.total.charge, d.total.discharge, d.total.revenue]);
    }
    const power = rows.find((r) => r.includes(318.75));
    expect(power?.[4]).toBe(-245.5);
  });

  test('an SMTP server receives the mail with both files', async () => {
    const smtp = await smtpServer();
    app.reports.smtp = smtp.settings;
    try {
      const saved = await save(daily({ recipients: [employee.id], name: 'Mailed daily' }));
      const run = await runNow(saved.body.data.id);
      expect(run.body.data).toMatchObject({ status: 'sent', attempts: 1, recipients: [employee.email] });
      expect(smtp.received.map((m) => m.to)).toEqual([[employee.email]]);
      const raw = smtp.received[0]?.raw.replace(/\r\n/g, '') ?? '';
      for (const type of [PDF, XLSX]) {
        const file = await app.inject({
          method: 'GET',
          url: `/manager/report/run/${run.body.data.id}/${type === PDF ? 'pdf' : 'xlsx'}`,
          headers: { authorization: `Bearer ${admin}` },
        });
        expect(raw).toContain(`Content-Type: ${type}`);
        // The attachment is the file kept in the inbox, byte for byte.
        expect(raw).toContain(file.rawPayload.toString('base64'));
      }
    } finally {
      app.reports.smtp = undefined;
      await smtp.close();
    }
  });

  test('a refused delivery is tried again after each delay, then marked failed', async () => {
    const smtp = await smtpServer(true);
    app.reports.smtp = smtp.settings;
    app.reports.retryDelaysMs = [60_000, 300_000];
    try {
      const saved = await save(daily({ recipients: [employee.id], name: 'Refused daily' }));
      // The retry times count from when the run was asked (the job's clock for it).
      const started = Date.now();
      const first = await runNow(saved.body.data.id);
      expect(first.body.data).toMatchObject({ status: 'retrying', attempts: 1 });
      expect(first.body.data.lastError).toContain('unavailable');
      // Not yet due: nothing is tried.
      await app.reports.turn(started + 59_000);
      expect((await runs(saved.body.data.id))[0]).toMatchObject({ status: 'retrying', attempts: 1 });
      await app.reports.turn(started + 61_000);
      expect((await runs(saved.body.data.id))[0]).toMatchObject({ status: 'retrying', attempts: 2 });
      await app.reports.turn(started + 61_000 + 301_000);
      expect((await runs(saved.body.data.id))[0]).toMatchObject({ status: 'failed', attempts: 3 });
      expect(smtp.refusals()).toBe(3);
      expect(smtp.received).toEqual([]);
    } finally {
      app.reports.smtp = undefined;
      await smtp.close();
    }
  });
});

const postgresUrl = inject('postgresUrl');

describe.skipIf(!postgresUrl)('two nodes on one PostgreSQL', () => {
  const nodes: TestServer[] = [];
  let smtp: Awaited<ReturnType<typeof smtpServer>>;

  beforeAll(async () => {
    const databaseUrl = await postgresDemoCopy(postgresUrl);
    nodes.push(await startServer({ databaseUrl }), await startServer({ databaseUrl }));
    smtp = await smtpServer();
    for (const node of nodes) node.app.reports.smtp = smtp.settings;
  });
  afterAll(async () => {
    for (const node of nodes) await node.stop();
    await smtp.close();
  });

  test('make a due report once', async () => {
    const [a, b] = nodes as [TestServer, TestServer];
    const admin = await signIn(a.app, 'admin', 'admin123');
    const database = openDatabase(a.config);
    try {
      const people = await sql<{ id: number }>`select id from employee where tenant_id = 2 order by id`.execute(database.db);
      await sql`update employee set email = 'cluster-reader@platform.test' where id = ${Number(people.rows[0]?.id)}`.execute(
        database.db,
      );
      const stations = await sql<{ id: number }>`select id from station where tenant_id = 2 order by id`.execute(database.db);
      const saved = await call<{ id: number }>(a.app, admin, {
        method: 'POST',
        url: '/manager/report/definition',
        payload: {
          name: 'Cluster daily',
          kind: 'stationDaily',
          stationIds: [Number(stations.rows[0]?.id)],
          format: 'pdf',
          language: 'zh',
          recipients: [Number(people.rows[0]?.id)],
          frequency: 'daily',
          timeOfDay: '06:30',
          zone: 'Asia/Shanghai',
          enabled: true,
        },
      });
      expect(saved.status).toBe(200);
      const count = async () =>
        Number(
          (
            await sql<{ n: number }>`select count(*) as n from report_run where definition_id = ${saved.body.data.id}`.execute(
              database.db,
            )
          ).rows[0]?.n,
        );
      // Both nodes find it due (past the lease) and both go to make it: the claim lets one of them.
      const due = Date.parse('2027-01-05T00:00:00Z');
      const found = await Promise.all([a.app.reports.findDue(due), b.app.reports.findDue(due)]);
      expect(found.map((list) => list.filter((d) => d.record.id === saved.body.data.id).length)).toEqual([1, 1]);
      await Promise.all([a.app.reports.makeDue(found[0], due), b.app.reports.makeDue(found[1], due)]);
      expect(await count()).toBe(1);
      // Their turns (under the lease) the next day: once again.
      await Promise.all([a.app.reports.turn(due + 86_400_000), b.app.reports.turn(due + 86_400_000)]);
      expect(await count()).toBe(2);
      expect(smtp.received).toHaveLength(2);
    } finally {
      await database.close();
    }
  });
});
