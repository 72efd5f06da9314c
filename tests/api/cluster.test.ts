import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { APPLICATION_NAME } from '../../server/db/changes';
import { httpFetch, signInTokens } from '../support/httpSignIn';
import { createDatabase } from '../support/postgres';
import { url } from '../support/records';
import { startServerProcess, type ServerProcess } from '../support/serverProcess';

const postgresUrl = inject('postgresUrl');

/** A node of the cluster: the platform as `npm start` runs it, in a process of its own. */
interface Node {
  process: ServerProcess;
  /** An EMS call with the administrator's token; answers the HTTP status and the body. */
  call<T = unknown>(
    method: string,
    path: string,
    payload?: unknown,
  ): Promise<{ status: number; body: { code: number; msg: string; data: T } }>;
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

/**
 * Two nodes, each a process of its own, started together on one empty PostgreSQL database, as an
 * operator starts them behind a load balancer: start-up happens once, what is written through
 * one is read through the other, changes reach the other's caches within 2 s, the background
 * work (the simulator, the retention prune) moves to the other node when its node stops or dies.
 */
describe.skipIf(!postgresUrl)('nodes on one PostgreSQL', () => {
  let databaseUrl: string;
  let admin: pg.Pool;
  const dirs: string[] = [];
  const nodes: Node[] = [];
  let token = '';

  async function startNode(): Promise<Node> {
    const dataDir = mkdtempSync(join(tmpdir(), 'platform-node-'));
    dirs.push(dataDir);
    const started = await startServerProcess({
      env: { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, DEMO: '1', SIMULATOR: '1', HISTORY_DAYS: '2', LOG: '0' },
    });
    return {
      process: started,
      async call(method, path, payload) {
        const answer = await fetch(`${started.url}${path}`, {
          method,
          headers: { authorization: `Bearer ${token}`, 'accept-language': 'en', 'content-type': 'application/json' },
          ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
        });
        return { status: answer.status, body: (await answer.json()) as never };
      },
    };
  }

  const query = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
    (await admin.query<T>(text, values)).rows;

  /** The process id of the node holding a background job's lease (as `job_lease.owner` names it), if any holds it. */
  async function holderOf(job: string): Promise<number | undefined> {
    const [lease] = await query<{ owner: string; expires: number }>('select owner, expires from job_lease where name = $1', [
      job,
    ]);
    return lease && Number(lease.expires) > Date.now() ? Number(/ pid (\d+) /.exec(lease.owner)?.[1]) : undefined;
  }

  /** The newest live sample time of the simulated stations. */
  const newestSample = async () => Number((await query<{ ts: number }>('select max(ts) as ts from var_state'))[0]?.ts ?? 0);

  beforeAll(async () => {
    databaseUrl = await createDatabase(postgresUrl);
    // A pool: the test asks several things of the database at once (one client would queue them, which pg 9 refuses).
    admin = new pg.Pool({ connectionString: databaseUrl, max: 4 });
    nodes.push(...(await Promise.all([startNode(), startNode()])));
    ({ ems: token } = await signInTokens(httpFetch(nodes[0]!.process.url)));
  }, 300_000);
  afterAll(async () => {
    await Promise.all(nodes.map((node) => node.process.stop()));
    await admin?.end();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  /** Sends a sample of variable `sn` through `node`; answers whether the node knew the variable. */
  async function known(node: Node, sn: string, value = 1): Promise<boolean> {
    const answer = await node.call<{ accepted: number }>('POST', '/ems/api/collector/samples', {
      samples: [{ sn, ts: Date.now(), value }],
    });
    expect(answer.status).toBe(200);
    return answer.body.data.accepted === 1;
  }

  /** A new variable of the storage station's BMS, added through `node`; answers its serial and id. */
  async function addVariable(node: Node, code: string): Promise<{ sn: string; id: number }> {
    const [device] = await query<{ id: number; sn: string }>("select id, sn from device where sn = 'T2-ST1-BMS'");
    const sn = `${String(device?.sn)}.${code}`;
    const added = await node.call('POST', url('batchImportDeviceVars'), {
      variables: [{ sn, name: code, kind: 'gauge', deviceId: device?.id }],
    });
    expect(added.body.msg).toBe('success');
    const [variable] = await query<{ id: number }>('select id from device_variable where sn = $1', [sn]);
    return { sn, id: Number(variable?.id) };
  }

  test('both came up together on the empty database, which was migrated and seeded once', async () => {
    for (const node of nodes) expect((await fetch(`${node.process.url}/readyz`)).status).toBe(200);
    const migrations = await query<{ name: string }>('select name from kysely_migration order by name');
    expect(new Set(migrations.map((m) => m.name)).size).toBe(migrations.length);
    expect(await query('select username from app_user group by username having count(*) > 1')).toEqual([]);
    expect(await query('select sn from station group by sn having count(*) > 1')).toEqual([]);
    const [counts] = await query<{ users: number; stations: number }>(
      "select (select count(*) from app_user where username = 'admin') as users, (select count(*) from station where sn = 'T2-ST1') as stations",
    );
    expect(counts).toEqual({ users: 1, stations: 1 });
  });

  test('a record written through one node is read through the other', async () => {
    const [one, two] = nodes as [Node, Node];
    const { sn } = await addVariable(one, 'clusterRead');
    expect(await known(one, sn, 42.5)).toBe(true);
    const read = await two.call<{ sn: string; data: number }[]>('POST', '/ems/api/main/devices/data/realtime', { sns: sn });
    expect(read.body.data).toMatchObject([{ sn, data: 42.5 }]);
  });

  test('a variable added through one node is known to the other within 2 s', async () => {
    const [one, two] = nodes as [Node, Node];
    const sn = 'T2-ST1-BMS.clusterB';
    // Node two reads its catalogue now, and keeps it: the variable is not there yet.
    expect(await known(two, sn)).toBe(false);
    await addVariable(one, 'clusterB');
    expect(await within(2_000, () => known(two, sn))).toBeLessThan(2_000);
  });

  test('an alarm rule changed through one node takes effect through the other within 2 s', async () => {
    const [one, two] = nodes as [Node, Node];
    const variable = await addVariable(one, 'clusterRule');
    const [type] = await query<{ id: number }>('select id from alarm_type where tenant_id = 2 order by id limit 1');
    const rule = {
      name: 'Cluster rule',
      variableId: variable.id,
      typeId: type?.id,
      info: 'Too high',
      comparison: 'gt',
      threshold: 1000,
    };
    const created = await one.call<{ id: number }>('POST', '/ems/api/device/alarmgenerater/add_alarm_generater', rule);
    expect(created.body.msg).toBe('success');
    const alarms = async () =>
      Number(
        (await query<{ n: number }>('select count(*) as n from alarm where generator_id = $1', [created.body.data.id]))[0]?.n,
      );
    // Node two knows the variable and its rule: 10 is below the threshold, no alarm.
    await within(2_000, () => known(two, variable.sn, 10));
    expect(await alarms()).toBe(0);
    const changed = await one.call('PATCH', '/ems/api/device/alarmgenerater/update_alarm_generater', {
      ...rule,
      id: created.body.data.id,
      threshold: 5,
    });
    expect(changed.body.msg).toBe('success');
    const took = await within(2_000, async () => {
      await known(two, variable.sn, 10);
      return (await alarms()) === 1;
    });
    expect(took).toBeLessThan(2_000);
  });

  test('tokens revoked through one node are refused by the other at once', async () => {
    const [one, two] = nodes as [Node, Node];
    const operator = await signInTokens(httpFetch(one.process.url), { username: 'operator', password: 'operator123' });
    const principal = (node: Node) =>
      fetch(`${node.process.url}${url('getPrincipal')}`, { headers: { authorization: `Bearer ${operator.user}` } });
    // Node two knows the token now (and keeps who it stands for).
    expect((await principal(two)).status).toBe(200);
    const changed = await fetch(`${one.process.url}${url('changePassword')}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${operator.user}`, 'content-type': 'application/json' },
      body: JSON.stringify({ oldPassword: 'operator123', newPassword: 'operator456', confirmPassword: 'operator456' }),
    });
    expect(changed.status).toBe(200);
    // Every session of the user ended: refused by the other node as soon as it is told, well within its 5-s keeping.
    const took = await within(1_000, async () => (await principal(two)).status === 401);
    expect(took).toBeLessThan(1_000);
    expect((await principal(one)).status).toBe(401);
  });

  test('a lost notification connection turns the caches off, and they come back on with it', async () => {
    const [one, two] = nodes as [Node, Node];
    const listening = async () =>
      (
        await query('select pid from pg_stat_activity where application_name = $1 and datname = current_database()', [
          APPLICATION_NAME,
        ])
      ).length;
    // End both nodes' listening connections, as a network cut or a database restart would.
    const ended = await query(
      'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = current_database()',
      [APPLICATION_NAME],
    );
    expect(ended).toHaveLength(2);
    // Whatever is changed meanwhile is read fresh by the other node: it keeps nothing while it may miss a change.
    const { sn } = await addVariable(one, 'clusterC');
    expect(await known(two, sn)).toBe(true);
    // Listening again within a few seconds: the caches are on, and a change is heard again.
    const next = 'T2-ST1-BMS.clusterD';
    await within(5_000, async () => !(await known(two, next)) && (await listening()) >= 2);
    await addVariable(one, 'clusterD');
    expect(await within(2_000, () => known(two, next))).toBeLessThan(2_000);
  });

  test('a node stopped with SIGTERM loses no acknowledged write, and hands its background work over at once', async () => {
    // Enough writers that some writes are being stored as the signal comes, which the node finishes
    // and acknowledges (a write arriving after it is refused with a 503). With four, on a quiet
    // machine, the node once had none under way and the test could not tell.
    const WRITERS = 12;
    const holder = await holderOf('simulator');
    const stopping = nodes.find((node) => node.process.child.pid === holder);
    const staying = nodes.find((node) => node !== stopping);
    if (!stopping || !staying) throw new Error(`no node holds the simulator's lease (${String(holder)})`);
    const variables = await Promise.all(Array.from({ length: WRITERS }, (_, i) => addVariable(staying, `clusterWrite${i}`)));
    await within(2_000, async () => (await Promise.all(variables.map((v) => known(stopping, v.sn)))).every(Boolean));
    // Writers each sending samples of its variable one after the other, until the node stops answering.
    const acknowledged: { id: number; ts: number }[] = [];
    let signalled = 0;
    const writers = variables.map(async (variable) => {
      for (let ts = Date.now(); ; ts += 1) {
        const answer = await stopping
          .call<{ accepted: number }>('POST', '/ems/api/collector/samples', { samples: [{ sn: variable.sn, ts, value: 1 }] })
          .catch(() => undefined);
        if (answer?.status !== 200) return;
        if (answer.body.data.accepted === 1) acknowledged.push({ id: variable.id, ts });
        if (!signalled && acknowledged.length >= 200) {
          signalled = acknowledged.length;
          stopping.process.child.kill('SIGTERM');
        }
      }
    });
    await Promise.all(writers);
    expect(await stopping.process.exited).toBe('exit 0');
    nodes.splice(nodes.indexOf(stopping), 1);
    expect(acknowledged.length).toBeGreaterThan(signalled);
    const stored = new Set(
      (
        await query<{ var_id: number; ts: number }>('select var_id, ts from sample where var_id = any($1)', [
          variables.map((v) => v.id),
        ])
      ).map((row) => `${row.var_id}|${row.ts}`),
    );
    expect(acknowledged.filter((write) => !stored.has(`${write.id}|${write.ts}`))).toEqual([]);
    // Given up as it stopped: the other node drives the stations at its next turn (every 5 s), not after the lease's minute.
    const pid = staying.process.child.pid;
    expect(await within(15_000, async () => (await holderOf('simulator')) === pid)).toBeLessThan(15_000);
  }, 120_000);

  test('after kill -9 of the node doing the background work, another node takes it over within 90 s', async () => {
    nodes.push(await startNode());
    const holder = await holderOf('simulator');
    const victim = nodes.find((node) => node.process.child.pid === holder);
    const survivor = nodes.find((node) => node !== victim);
    if (!victim || !survivor) throw new Error(`no node holds the simulator's lease (${String(holder)})`);
    // The survivor takes each job it did not hold yet once the dead node's lease has expired.
    victim.process.child.kill('SIGKILL');
    const killed = Date.now();
    expect(await victim.process.exited).toBe('killed by SIGKILL');
    nodes.splice(nodes.indexOf(victim), 1);
    const pid = survivor.process.child.pid;
    const took = await within(90_000, async () => {
      const [simulator, retention] = await Promise.all([holderOf('simulator'), holderOf('retention')]);
      return simulator === pid && retention === pid && (await newestSample()) > killed;
    });
    expect(took).toBeLessThan(90_000);
    expect((await fetch(`${survivor.process.url}/readyz`)).status).toBe(200);
  }, 150_000);
});
