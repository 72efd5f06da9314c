import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, connectedDatabases, emsTokenOf, signIn, type Answer, type ConnectedServer } from '../support/api';

/**
 * Inspection robots on the demo: tenant 2 (`admin`, 系统管理员) and its station T2-ST1
 * (张江储能电站) with two demo robots and their history; tenant 44 (`auditor`) is the other tenant.
 */

type Row = Record<string, unknown>;
type Page = { records: Row[]; total: number };

describe.each(connectedDatabases())('robots on $name', ({ start }) => {
  let target: ConnectedServer;
  let app: FastifyInstance;
  let ems: string;
  let otherEms: string;
  let stationId: number;

  const as = <T = unknown>(token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, extra: Row = {}) =>
    call<T>(app, token, { method, url, ...extra }) as Promise<Answer<T>>;
  const list = async (url: string, query: Record<string, string>, token = ems) =>
    (await as<Page>(token, 'GET', url, { query: { current: '1', size: '50', ...query } })).body.data;

  beforeAll(async () => {
    target = await start();
    app = target.app;
    ems = await emsTokenOf(app, await signIn(app, 'admin', 'admin123'));
    otherEms = await emsTokenOf(app, await signIn(app, 'auditor', 'auditor123'));
    const station = await target.database.db
      .selectFrom('station')
      .select('id')
      .where('sn', '=', 'T2-ST1')
      .executeTakeFirstOrThrow();
    stationId = Number(station.id);
  });
  afterAll(() => target.stop());

  test('the demo station has two robots with a week of done tasks, their readings and log, and a week planned', async () => {
    const robots = await list('/ems/api/robot/page', { stationId: String(stationId), sortField: 'name', sortOrder: 'asc' });
    expect(robots.records.map((robot) => [robot.sn, robot.state, robot.stationName])).toEqual([
      ['RB-T2-ST1-1', 'idle', '张江储能电站'],
      ['RB-T2-ST1-2', 'charging', '张江储能电站'],
    ]);
    const robotId = String(robots.records[0]?.id);
    const tasks = await list('/ems/api/robot/task/page', { robotId });
    expect(tasks.records.filter((task) => task.status === 'done')).toHaveLength(7);
    expect(tasks.records.filter((task) => task.status === 'planned')).toHaveLength(7);
    const readings = await list('/ems/api/robot/inspection/page', { robotId });
    expect(readings.total).toBe(35);
    expect(readings.records.every((row) => row.finding === 'normal' || row.finding === 'abnormal')).toBe(true);
    const log = await list('/ems/api/robot/event/page', { robotId });
    expect(log.records.map((row) => row.kind)).toContain('charge');
    const services = await list('/ems/api/robot/service/page', { robotId });
    expect(services.total).toBeGreaterThan(0);
    const byState = await as<{ key: string; count: number }[]>(ems, 'GET', '/ems/api/robot/countByState');
    expect(byState.body.data).toEqual(expect.arrayContaining([{ key: 'charging', count: expect.any(Number) as number }]));
  });

  test('commands move the robot as its state allows, take its next planned task and are logged with the user; a refused one writes nothing', async () => {
    const robot = await as<Row>(ems, 'POST', '/ems/api/robot', {
      payload: { name: 'Test robot', sn: 'RB-TEST-1', model: 'IR-300', stationId },
    });
    expect(robot.body.data).toMatchObject({ state: 'idle' });
    const id = String(robot.body.data.id);
    const later = await as<Row>(ems, 'POST', '/ems/api/robot/task', {
      payload: { name: 'Later round', robotId: Number(id), route: 'A → B', planTime: '2030-01-02T14:00:00.000Z' },
    });
    const first = await as<Row>(ems, 'POST', '/ems/api/robot/task', {
      payload: { name: 'First round', robotId: Number(id), route: 'A → B', planTime: '2030-01-01T14:00:00.000Z' },
    });
    expect(first.body.data.status).toBe('planned');

    const started = await as<Row>(ems, 'POST', `/ems/api/robot/${id}/start`);
    expect(started.body.data).toMatchObject({ state: 'inspecting', currentTask: 'First round' });
    expect((await as<Row>(ems, 'GET', `/ems/api/robot/task/${String(first.body.data.id)}`)).body.data.status).toBe('running');
    expect((await as<Row>(ems, 'GET', `/ems/api/robot/task/${String(later.body.data.id)}`)).body.data.status).toBe('planned');

    const again = await as(ems, 'POST', `/ems/api/robot/${id}/start`);
    expect(again.status).toBe(409);
    expect((await as<Row>(ems, 'POST', `/ems/api/robot/${id}/stop`)).body.data.state).toBe('stopped');
    expect((await as(ems, 'POST', `/ems/api/robot/${id}/stop`)).status).toBe(409);
    expect((await as<Row>(ems, 'POST', `/ems/api/robot/${id}/returnToDock`)).body.data).toMatchObject({ state: 'returning' });

    const log = await list('/ems/api/robot/event/page', { robotId: id });
    expect(log.records.map((row) => [row.kind, row.command, row.userName])).toEqual([
      ['command', 'returnToDock', '系统管理员'],
      ['command', 'stop', '系统管理员'],
      ['command', 'start', '系统管理员'],
    ]);
  });

  test('a planned task is cancelled once; bad bodies are refused with 400', async () => {
    const [robot] = (await list('/ems/api/robot/page', { stationId: String(stationId) })).records;
    const task = await as<Row>(ems, 'POST', '/ems/api/robot/task', {
      payload: { name: 'Extra round', robotId: robot?.id, route: 'PCS 室', planTime: '2030-02-01T14:00:00.000Z' },
    });
    const url = `/ems/api/robot/task/cancel`;
    const cancelled = await as<Row>(ems, 'GET', url, { query: { id: String(task.body.data.id) } });
    expect(cancelled.body.data.status).toBe('cancelled');
    expect((await as(ems, 'GET', url, { query: { id: String(task.body.data.id) } })).status).toBe(409);
    for (const payload of [
      { robotId: robot?.id, time: '2030-01-01T00:00:00.000Z', point: 'x', finding: 'bad' },
      { robotId: robot?.id, time: 'tomorrow', point: 'x', finding: 'normal' },
      { robotId: robot?.id, point: 'x', finding: 'normal' },
    ]) {
      const answer = await as(ems, 'POST', '/ems/api/robot/inspection', { payload });
      expect(answer.status).toBe(400);
    }
    const saved = await as<Row>(ems, 'POST', '/ems/api/robot/inspection', {
      payload: {
        robotId: robot?.id,
        time: '2030-01-01T00:00:00.000Z',
        point: 'Gauge 7',
        reading: 0.42,
        unit: 'MPa',
        finding: 'normal',
      },
    });
    expect(saved.body.data).toMatchObject({ robotName: robot?.name, point: 'Gauge 7' });
  });

  test('another tenant cannot command or see the robots', async () => {
    const [robot] = (await list('/ems/api/robot/page', { stationId: String(stationId) })).records;
    const before = (await list('/ems/api/robot/event/page', { robotId: String(robot?.id) })).total;
    expect((await as(otherEms, 'POST', `/ems/api/robot/${String(robot?.id)}/start`)).status).toBe(404);
    expect((await list('/ems/api/robot/event/page', { robotId: String(robot?.id) })).total).toBe(before);
    expect((await as<Row>(ems, 'GET', `/ems/api/robot/${String(robot?.id)}`)).body.data.state).toBe(robot?.state);
    expect((await list('/ems/api/robot/page', {}, otherEms)).records.some((row) => row.id === robot?.id)).toBe(false);
  });
});
