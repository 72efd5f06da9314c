import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { APPLICATION_NAME } from '../../server/db/changes';
import { call, signIn } from '../support/api';
import { postgresDemoCopy } from '../support/demoCopies';
import { url, type Row } from '../support/records';
import { startServer, type TestServer } from '../support/server';

const postgresUrl = inject('postgresUrl');

/**
 * Two nodes on one PostgreSQL database (two servers of this process, each with its own pool and
 * its own listening connection, as two processes would have): a change made through one drops
 * what the other keeps in memory of it, within 2 s, and a lost notification connection turns the
 * caches off until it is back.
 */
describe.skipIf(!postgresUrl)('caches of two nodes on one PostgreSQL', () => {
  let one: TestServer;
  let two: TestServer;
  let token: string;
  let databaseUrl: string;

  beforeAll(async () => {
    databaseUrl = await postgresDemoCopy(postgresUrl);
    [one, two] = await Promise.all([startServer({ databaseUrl }), startServer({ databaseUrl })]);
    token = await signIn(one.app, 'admin', 'admin123');
  });
  afterAll(async () => {
    await Promise.all([one?.stop(), two?.stop()]);
  });

  /** Sends a sample of variable `sn` through `node`; answers whether the node knew the variable. */
  async function known(node: TestServer, sn: string): Promise<boolean> {
    const answer = await call<{ accepted: number; unknown: string[] }>(node.app, token, {
      method: 'POST',
      url: '/ems/api/collector/samples',
      payload: { samples: [{ sn, ts: Date.now(), value: 1 }] },
    });
    expect(answer.status).toBe(200);
    return answer.body.data.accepted === 1;
  }

  /** A new variable of the first device of T2-ST1, added through node one. */
  async function addVariable(code: string): Promise<string> {
    const devices = await call<Row[]>(one.app, token, {
      method: 'GET',
      url: url('getDevicesByStation', { stationSn: 'T2-ST1' }),
    });
    const device = devices.body.data[0] as Row;
    const sn = `${String(device.sn)}.${code}`;
    const added = await call(one.app, token, {
      method: 'POST',
      url: url('batchImportDeviceVars'),
      payload: { variables: [{ sn, name: code, kind: 'gauge', deviceId: device.id }] },
    });
    expect(added.status).toBe(200);
    return sn;
  }

  /** Milliseconds until `check` holds (polled every 50 ms), failing after `limit`. */
  async function within(limit: number, check: () => Promise<boolean>): Promise<number> {
    const started = Date.now();
    while (!(await check())) {
      if (Date.now() - started > limit) throw new Error(`not within ${limit} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return Date.now() - started;
  }

  test('a variable added through one node is known to the other within 2 s', async () => {
    const sn = `${(await addVariable('clusterA')).split('.')[0]}.clusterB`;
    // Node two reads its catalogue now, and keeps it: the variable is not there yet.
    expect(await known(two, sn)).toBe(false);
    await addVariable('clusterB');
    const took = await within(2_000, () => known(two, sn));
    expect(took).toBeLessThan(2_000);
  });

  test('a lost notification connection turns the caches off, and they come back on with it', async () => {
    // End both nodes' listening connections, as a network cut or a database restart would.
    const ended = await onDatabase(
      'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = current_database()',
    );
    expect(ended).toHaveLength(2);
    // Whatever is changed meanwhile is read fresh by the other node: it keeps nothing while it may miss a change.
    const sn = await addVariable('clusterC');
    expect(await known(two, sn)).toBe(true);
    // Listening again within a few seconds: the caches are on, and a change is heard again.
    const next = `${sn.split('.')[0]}.clusterD`;
    await within(5_000, async () => !(await known(two, next)) && (await listening()) >= 2);
    await addVariable('clusterD');
    expect(await within(2_000, () => known(two, next))).toBeLessThan(2_000);
  });

  /** The rows of `query` about the listening connections of the nodes' database (`$1`: their name). */
  async function onDatabase(query: string): Promise<unknown[]> {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      return (await admin.query(query, [APPLICATION_NAME])).rows;
    } finally {
      await admin.end();
    }
  }

  /** How many connections listen for changes on the nodes' database. */
  const listening = async () =>
    (await onDatabase('select pid from pg_stat_activity where application_name = $1 and datname = current_database()')).length;
});
