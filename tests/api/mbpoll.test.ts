import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, signIn } from '../support/api';
import { debianProgram } from '../support/debian';
import { startServer, type TestServer } from '../support/server';

/**
 * The demo on the wire, read by a Modbus master nobody here wrote: Debian's mbpoll reads a
 * simulated station's gateway and gets the values the platform shows, which its collector read
 * from the same registers.
 */

type Row = Record<string, unknown>;

/**
 * One 32-bit integer of a holding register by mbpoll (`-B`: the high word first, ABCD; without:
 * CDAB), run beside this process: the gateway it reads answers from this process's event loop.
 */
async function mbpoll(port: number, unit: number, register: number, highWordFirst: boolean): Promise<number | undefined> {
  const program = debianProgram('/usr/bin/mbpoll', 'mbpoll');
  const args = [
    '-m',
    'tcp',
    '-a',
    String(unit),
    '-0',
    '-r',
    String(register),
    '-c',
    '1',
    '-t',
    '4:int',
    '-1',
    '-p',
    String(port),
  ];
  const run = await promisify(execFile)(program, [...args, ...(highWordFirst ? ['-B'] : []), '127.0.0.1'], {
    encoding: 'utf8',
  }).catch((error: { stdout?: string; stderr?: string }) => error);
  const output = `${run.stdout ?? ''}${run.stderr ?? ''}`;
  const match = /^\[\d+\]:\s+(-?\d+)/m.exec(output);
  if (!match?.[1]) {
    // A device in one of the simulated outages: its gateway answers that it does not respond.
    if (/failed/i.test(output)) return undefined;
    throw new Error(`mbpoll printed no value:\n${output}`);
  }
  return Number(match[1]);
}

describe('mbpoll reads the demo gateways', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startServer({ sqliteDemo: true, simulator: true, historyDays: 1, rawRetentionDays: 1 });
    await server.app.simulator?.ready;
    token = await signIn(server.app, 'admin', 'admin123');
  }, 120_000);
  afterAll(() => server.stop());

  test('a converter (ABCD) and a meter (CDAB) of T2-ST1: mbpoll reads what the realtime call answers', async () => {
    const channels = await call<{ records: Row[] }>(server.app, token, {
      method: 'GET',
      url: '/ems/api/device/monitorchannel/channel',
      query: { current: '1', size: '50' },
    });
    const port = Number(channels.body.data.records.find((c) => c.sn === 'T2-ST1-CH1')?.port);
    expect(port).toBeGreaterThan(0);
    // Units in the order of the station's devices: EMS 1, PCS1 2, PCS2 3, ... MTR 7, LOAD 8; each
    // device's first variable at register 0, in thousandths. Of each kind, the first device that
    // answers (one may be in a simulated outage).
    const kinds = [
      [
        { sn: 'T2-ST1-PCS1.activePower', unit: 2, highWordFirst: true },
        { sn: 'T2-ST1-PCS2.activePower', unit: 3, highWordFirst: true },
      ],
      [
        { sn: 'T2-ST1-MTR.activePower', unit: 7, highWordFirst: false },
        { sn: 'T2-ST1-LOAD.loadPower', unit: 8, highWordFirst: false },
      ],
    ];
    let agreed = false;
    // A step of the simulator may fall between the two reads: they are taken again, a few times at most.
    for (let attempt = 0; attempt < 5 && !agreed; attempt++) {
      await server.app.simulator?.tick();
      await server.app.collector?.pollAll();
      const read = new Map<string, number>();
      for (const kind of kinds)
        for (const point of kind) {
          const value = await mbpoll(port, point.unit, 0, point.highWordFirst);
          if (value === undefined) continue;
          read.set(point.sn, value / 1000);
          break;
        }
      expect(read.size).toBe(kinds.length);
      const shown = await call<{ sn: string; data: number | null }[]>(server.app, token, {
        method: 'POST',
        url: '/ems/api/main/devices/data/realtime',
        payload: { sns: [...read.keys()].join() },
      });
      const answered = new Map(shown.body.data.map((v) => [v.sn, v.data]));
      agreed = [...read].every(([sn, value]) => answered.get(sn) === value);
      if (attempt === 4) expect(answered).toEqual(read);
    }
    expect(agreed).toBe(true);
  });
});
