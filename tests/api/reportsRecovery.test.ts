import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Database } from '../../server/db/database';
import { STALE_RUN_MS } from '../../server/reports/runner';
import { call, connectedDatabases, signIn } from '../support/api';

interface Run {
  id: number;
  status: string;
  lastError?: string;
  files: { id: number; name: string; mime: string; bytes: number }[];
}

const PDF = 'application/pdf';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Reports beyond the core's journeys: the fleet report, defined and run on the screens' calls (its
 * definition's checks read the tenant's stations inside the write), and a run left `queued` by a
 * node that died while making it, made again by the next turn of the job once it is older than
 * `STALE_RUN_MS`, not before.
 */
describe.each(connectedDatabases())('report runs recovered on $name', ({ start }) => {
  let server: { app: FastifyInstance; database: Database; stop(): Promise<void> };
  let app: FastifyInstance;
  let admin = '';

  const runOf = async (id: number) =>
    (
      await call<{ records: Run[] }>(app, admin, { method: 'GET', url: '/manager/report/run/page?current=1&size=50' })
    ).body.data.records.find((run) => run.id === id);

  beforeAll(async () => {
    server = await start();
    app = server.app;
    app.reports.smtp = undefined;
    admin = await signIn(app, 'admin', 'admin123');
  });
  afterAll(() => server.stop());

  test('the fleet report is defined without stations and runs now over every station of the tenant', async () => {
    const saved = await call<{ id: number }>(app, admin, {
      method: 'POST',
      url: '/manager/report/definition',
      payload: {
        name: 'Fleet month',
        kind: 'fleetMonthly',
        format: 'both',
        language: 'en',
        recipients: [],
        frequency: 'monthly',
        dayOfMonth: 1,
        timeOfDay: '07:00',
        enabled: false,
      },
    });
    expect([saved.status, saved.body.code]).toEqual([200, 0]);
    const run = await call<Run>(app, admin, {
      method: 'POST',
      url: `/manager/report/definition/${String(saved.body.data.id)}/run`,
    });
    expect(run.body.data.status).toBe('kept');
    expect(run.body.data.files.map((file) => file.mime)).toEqual([PDF, XLSX]);
  });

  test('a run left being made by a node that died is made again once it is stale, and only then', async () => {
    const { db } = server.database;
    const saved = await call<{ id: number }>(app, admin, {
      method: 'POST',
      url: '/manager/report/definition',
      payload: {
        name: 'Left behind',
        kind: 'fleetMonthly',
        format: 'both',
        language: 'zh',
        recipients: [],
        frequency: 'monthly',
        dayOfMonth: 1,
        timeOfDay: '07:00',
        enabled: false,
      },
    });
    const made = await call<Run>(app, admin, {
      method: 'POST',
      url: `/manager/report/definition/${String(saved.body.data.id)}/run`,
    });
    const id = made.body.data.id;
    // As a node leaves it when it dies while making it: claimed (queued), with one file of two.
    const claimedAt = Date.now();
    await sql`update report_run set status = 'queued', last_error = null, created_at = ${claimedAt} where id = ${id}`.execute(db);
    await sql`delete from report_file where run_id = ${id} and mime = ${XLSX}`.execute(db);

    // Younger than the limit, it is another node's work under way: left alone.
    await app.reports.turn(claimedAt + STALE_RUN_MS - 1_000);
    expect((await runOf(id))?.status).toBe('queued');

    await app.reports.turn(claimedAt + STALE_RUN_MS + 1_000);
    const again = await runOf(id);
    expect(again?.status).toBe('kept');
    expect(again?.files.map((file) => file.mime)).toEqual([PDF, XLSX]);
    // Its files were made anew, not added to what the dead node left.
    const files = await sql<{ n: number }>`select count(*) as n from report_file where run_id = ${id}`.execute(db);
    expect(Number(files.rows[0]?.n)).toBe(2);
  });
});
