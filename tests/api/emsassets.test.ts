import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import sharp from 'sharp';
import { call, databases, signIn } from '../support/api';
import type { TestServer } from '../support/server';

/**
 * Cameras (PTZ commands, captured pictures, guard events), EMS menus and site execution, EMS
 * departments and the alarm configuration calls, on the demo: tenant 2 (`admin`, 系统管理员) with
 * stations T2-ST1, T2-PV1 and T2-EMS1; tenant 44 (`auditor`) is the other tenant.
 */

type Row = Record<string, unknown>;
type Page = { records: Row[]; total: number };

describe.each(databases())('EMS cameras, menus and assets on $name', ({ start }) => {
  let server: TestServer;
  let app: FastifyInstance;
  let admin: string;
  let auditor: string;
  const as = async <T = Row>(
    token: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    options: { query?: Row; payload?: unknown } = {},
  ) => {
    const answer = await call<T>(app, token, {
      method,
      url,
      ...(options.query ? { query: Object.fromEntries(Object.entries(options.query).map(([k, v]) => [k, String(v)])) } : {}),
      ...(options.payload !== undefined ? { payload: options.payload as Row } : {}),
    });
    return answer;
  };
  const ok = async <T = Row>(...args: Parameters<typeof as>) => {
    const answer = await as<T>(...args);
    expect(answer.body.msg, `${args[1]} ${args[2]}`).toBe('success');
    return answer.body.data;
  };

  beforeAll(async () => {
    server = await start();
    app = server.app;
    admin = await signIn(app, 'admin', 'admin123');
    auditor = await signIn(app, 'auditor', 'auditor123');
  });
  afterAll(() => server.stop());

  /** A PTZ camera and a fixed one of station T2-ST1, from the demo. */
  async function demoCameras(): Promise<{ dome: Row; fixed: Row }> {
    const cameras = await ok<Row[]>(admin, 'GET', '/ems/api/ipc/ipc/listIpcByStationSn', { query: { stationSn: 'T2-ST1' } });
    const dome = cameras.find((c) => c.ptz === true);
    const fixed = cameras.find((c) => c.ptz === false);
    if (!dome || !fixed) throw new Error('the demo station T2-ST1 should have a PTZ camera and a fixed one');
    return { dome, fixed };
  }

  describe('cameras', () => {
    test('the camera groups of a station list their cameras', async () => {
      const groups = await ok<Row[]>(admin, 'GET', '/ems/api/ipc/ipcGroup/list', { query: { stationSn: 'T2-ST1' } });
      expect(groups.length).toBeGreaterThan(0);
      for (const group of groups) {
        expect(group.stationName).toBeDefined();
        for (const camera of group.ipcs as Row[]) expect(camera.groupId).toBe(group.id);
      }
      expect((groups[0]?.ipcs as Row[]).length).toBeGreaterThan(0);
    });

    test('a station the tenant does not have answers 404', async () => {
      const answer = await as(auditor, 'GET', '/ems/api/ipc/ipc/listIpcByStationSn', { query: { stationSn: 'T2-ST1' } });
      expect(answer.status).toBe(404);
    });

    test('a PTZ start is recorded with the user and the time, and the stop closes it', async () => {
      const { dome } = await demoCameras();
      const started = await ok(admin, 'POST', `/ems/api/ipc/ipc/${String(dome.id)}/ptc/start/2`, { query: { speed: 5 } });
      expect(started).toMatchObject({ cameraId: dome.id, direction: 2, speed: 5, userName: '系统管理员' });
      expect(started.startTime).toBeDefined();
      expect(started.stopTime).toBeUndefined();
      const stopped = await ok(admin, 'POST', `/ems/api/ipc/ipc/${String(dome.id)}/ptc/stop/2`);
      expect(stopped).toMatchObject({ id: started.id, stoppedBy: '系统管理员' });
      expect(Date.parse(String(stopped.stopTime))).toBeGreaterThanOrEqual(Date.parse(String(started.startTime)));
      const records = await ok<Page>(admin, 'GET', `/ems/api/ipc/ipc/${String(dome.id)}/ptc/records`);
      expect(records.records[0]).toEqual(stopped);
    });

    test('a stop with nothing started is recorded alone', async () => {
      const { dome } = await demoCameras();
      const stopped = await ok(admin, 'POST', `/ems/api/ipc/ipc/${String(dome.id)}/ptc/stop/8`);
      expect(stopped.startTime).toBe(stopped.stopTime);
    });

    test('guard controlling moves the camera as the ptc calls do', async () => {
      const { dome } = await demoCameras();
      const started = await ok(admin, 'POST', `/ems/api/ipc/guard/${String(dome.id)}/controlling`, {
        payload: { direction: 0, action: 'start' },
      });
      expect(started).toMatchObject({ direction: 0, speed: 4 });
      const stopped = await ok(admin, 'POST', `/ems/api/ipc/guard/${String(dome.id)}/controlling`, {
        payload: { direction: 0, action: 'stop' },
      });
      expect(stopped.id).toBe(started.id);
    });

    test('a camera without PTZ refuses PTZ commands', async () => {
      const { fixed } = await demoCameras();
      const answer = await as(admin, 'POST', `/ems/api/ipc/ipc/${String(fixed.id)}/ptc/start/0`);
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe(42600);
      expect(answer.body.msg).toBe('This camera has no PTZ');
    });

    test.each([
      ['a direction past 11', '/ptc/start/12'],
      ['a direction that is no number', '/ptc/stop/up'],
    ])('%s is refused', async (_case, suffix) => {
      const { dome } = await demoCameras();
      const answer = await as(admin, 'POST', `/ems/api/ipc/ipc/${String(dome.id)}${suffix}`);
      expect(answer.status).toBe(400);
    });

    test('the guard calls answer the camera, its platform and what it takes', async () => {
      const { dome, fixed } = await demoCameras();
      const camera = await ok(admin, 'GET', `/ems/api/ipc/guard/${String(dome.id)}/camera`);
      expect(camera.id).toBe(dome.id);
      const platform = await ok(admin, 'GET', `/ems/api/ipc/guard/${String(dome.id)}/platform`);
      expect(platform.id).toBe(dome.groupId);
      expect(platform.port).toBeGreaterThan(0);
      const type = await ok<{ ptz: boolean; directions: Row[]; eventTypes: Row[] }>(
        admin,
        'GET',
        `/ems/api/ipc/guard/${String(dome.id)}/type`,
      );
      expect(type.ptz).toBe(true);
      expect(type.directions.map((d) => d.name).slice(0, 4)).toEqual(['Up', 'Down', 'Left', 'Right']);
      const fixedType = await ok<{ ptz: boolean; directions: Row[] }>(
        admin,
        'GET',
        `/ems/api/ipc/guard/${String(fixed.id)}/type`,
      );
      expect(fixedType).toMatchObject({ ptz: false, directions: [] });
    });
  });

  describe('captured pictures', () => {
    async function upload(name: string, data: Buffer) {
      const boundary = '----capture';
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        data,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const answer = await call<{ bucketName: string; fileName: string }>(app, admin, {
        method: 'POST',
        url: '/admin/sys-file/upload',
        payload,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      expect(answer.status).toBe(200);
      return answer.body.data;
    }
    const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

    test("the demo's PTZ camera has pictures captured, stored as readable JPEG files the files route resizes", async () => {
      const { dome, fixed } = await demoCameras();
      const page = await ok<Page>(admin, 'GET', '/ems/api/ipc/ipc/listCaptureRecordByStationSn', {
        query: { stationSn: 'T2-ST1', ipcId: dome.id, current: 1, size: 10 },
      });
      expect(page.total).toBeGreaterThanOrEqual(3);
      const times = page.records.map((record) => Date.parse(String(record.captureTime)));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect(times.every((time) => time < Date.now())).toBe(true);
      for (const record of page.records) {
        expect(record).toMatchObject({ cameraId: dome.id, stationId: dome.stationId, userName: '系统管理员' });
        const picture = await app.inject({
          method: 'GET',
          url: String(record.url),
          headers: { authorization: `Bearer ${admin}` },
        });
        expect(picture.statusCode).toBe(200);
        expect(picture.headers['content-type']).toBe('image/jpeg');
        expect(picture.rawPayload.subarray(0, 3).toString('hex')).toBe('ffd8ff');
        const meta = await sharp(picture.rawPayload).metadata();
        expect([meta.width, meta.height]).toEqual([480, 270]);
        const thumbnail = await app.inject({
          method: 'GET',
          url: `${String(record.url)}?size=96`,
          headers: { authorization: `Bearer ${admin}` },
        });
        expect((await sharp(thumbnail.rawPayload).metadata()).width).toBe(96);
      }
      const none = await ok<Page>(admin, 'GET', '/ems/api/ipc/ipc/listCaptureRecordByStationSn', {
        query: { stationSn: 'T2-ST1', ipcId: fixed.id },
      });
      expect(none.total).toBe(0);
      const foreign = await app.inject({
        method: 'GET',
        url: String(page.records[0]?.url),
        headers: { authorization: `Bearer ${auditor}` },
      });
      expect(foreign.statusCode).toBe(404);
    });

    test("the dashboard's batch call answers the camera widget's needs as the calls themselves do", async () => {
      const { dome } = await demoCameras();
      const needs = [
        { operationId: 'listIpcByStationSn', query: { stationSn: 'T2-ST1' } },
        {
          operationId: 'listCaptureRecordByStationSn',
          query: { stationSn: 'T2-ST1', ipcId: String(dome.id), current: '1', size: '10' },
        },
      ];
      const batch = await as<unknown[]>(admin, 'POST', '/ems/api/main/dashboard/data', { payload: { needs } });
      const [cameras, captures] = batch.body.data;
      const alone = [
        (await as(admin, 'GET', '/ems/api/ipc/ipc/listIpcByStationSn', { query: needs[0]?.query })).body,
        (await as(admin, 'GET', '/ems/api/ipc/ipc/listCaptureRecordByStationSn', { query: needs[1]?.query })).body,
      ];
      expect([cameras, captures]).toEqual(
        alone.map((body, index) => ({ operationId: needs[index]?.operationId, ...body, version: expect.any(String) })),
      );
      expect((captures as { code: number; data: Page }).data.records.length).toBeGreaterThanOrEqual(3);
    });

    test('a capture is stored as the uploaded picture and listed for its station, newest first', async () => {
      const { dome } = await demoCameras();
      const file = await upload('抓拍.png', PNG);
      const capture = await ok(admin, 'POST', '/ems/api/ipc/ipc/addCapturePic', {
        payload: { ipcId: dome.id, bucketName: file.bucketName, fileName: file.fileName },
      });
      expect(capture).toMatchObject({
        cameraId: dome.id,
        stationId: dome.stationId,
        originalFilename: '抓拍.png',
        userName: '系统管理员',
      });
      expect(capture.url).toBe(`/admin/sys-file/${file.bucketName}/${file.fileName}`);
      const picture = await app.inject({
        method: 'GET',
        url: String(capture.url),
        headers: { authorization: `Bearer ${admin}` },
      });
      expect(picture.rawPayload.equals(PNG)).toBe(true);
      const page = await ok<Page>(admin, 'GET', '/ems/api/ipc/ipc/listCaptureRecordByStationSn', {
        query: { stationSn: 'T2-ST1' },
      });
      expect(page.records[0]?.id).toBe(capture.id);
      expect(await ok(admin, 'GET', `/ems/api/ipc/ipc/captureRecord/${String(capture.id)}`)).toEqual(capture);
    });

    test('a file that is not a picture, or is not there, is refused', async () => {
      const { dome } = await demoCameras();
      const text = await upload('notes.txt', Buffer.from('not a picture'));
      const refused = await as(admin, 'POST', '/ems/api/ipc/ipc/addCapturePic', {
        payload: { ipcId: dome.id, bucketName: text.bucketName, fileName: text.fileName },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe(42601);
      const missing = await as(admin, 'POST', '/ems/api/ipc/ipc/addCapturePic', {
        payload: { ipcId: dome.id, bucketName: 'tenant-2', fileName: 'nothing-here.png' },
      });
      expect(missing.status).toBe(404);
    });
  });

  describe('guard events', () => {
    test('a new event is unconfirmed; confirming records the user, the time and the info', async () => {
      const { dome } = await demoCameras();
      const event = await ok(admin, 'POST', '/ems/api/ipc/guard/event', {
        payload: { cameraId: dome.id, eventType: 'smoke', eventTime: '2026-11-21T08:00:00.000Z', status: 'confirmed' },
      });
      expect(event.status).toBe('unconfirmed');
      const [confirmed] = await ok<Row[]>(admin, 'POST', '/ems/api/ipc/guard/event/confirm', {
        payload: { ids: [event.id], confirmInfo: '误报：水汽' },
      });
      expect(confirmed).toMatchObject({
        id: event.id,
        status: 'confirmed',
        confirmInfo: '误报：水汽',
        confirmedBy: '系统管理员',
      });
      expect(confirmed?.confirmTime).toBeDefined();
      const page = await ok<Page>(admin, 'POST', '/ems/api/ipc/guard/event/page', {
        query: { status: 'confirmed', cameraId: dome.id },
      });
      expect(page.records.map((r) => r.id)).toContain(event.id);
    });

    test('confirming an event confirmed already answers 409 and confirms none of the others', async () => {
      const { dome } = await demoCameras();
      const payload = (eventType: string) => ({ cameraId: dome.id, eventType, eventTime: '2026-11-21T09:00:00.000Z' });
      const first = await ok(admin, 'POST', '/ems/api/ipc/guard/event', { payload: payload('fire') });
      const second = await ok(admin, 'POST', '/ems/api/ipc/guard/event', { payload: payload('intrusion') });
      await ok(admin, 'POST', '/ems/api/ipc/guard/event/confirm', { payload: { ids: [first.id] } });
      const refused = await as(admin, 'POST', '/ems/api/ipc/guard/event/confirm', { payload: { ids: [second.id, first.id] } });
      expect(refused.status).toBe(409);
      expect((await ok(admin, 'GET', `/ems/api/ipc/guard/event/${String(second.id)}`)).status).toBe('unconfirmed');
    });
  });
  describe('EMS menus and site execution', () => {
    const menuOf = (stationSn: string) => ok<Row[]>(admin, 'GET', '/ems/api/executeems/getSiteEmsMenu', { query: { stationSn } });

    test('a station without a configuration shows every EMS screen; its saved configuration is what it shows', async () => {
      const catalogue = await ok<{ children: Row[] }[]>(admin, 'POST', '/ems/api/executeemsmenu/menu');
      const every = catalogue.flatMap((group) => group.children.map((screen) => screen.key));
      expect((await menuOf('T2-PV1')).map((screen) => screen.key)).toEqual(every);
      const saved = await ok(admin, 'PUT', '/ems/api/executeemsmenu/siteEmsMenu', {
        payload: { stationSn: 'T2-PV1', menus: ['video', 'dashboard', 'warningRecord'] },
      });
      expect(saved).toMatchObject({ stationName: expect.any(String), updatedBy: '系统管理员' });
      // In menu order, whatever the order saved.
      expect(await menuOf('T2-PV1')).toEqual([
        { key: 'dashboard', name: 'Dashboard', path: '/main/ems/map/monitor/dashboard' },
        { key: 'video', name: 'Video', path: '/main/ems/map/monitor/video' },
        { key: 'warningRecord', name: 'Alarm records', path: '/main/ems/map/warning/record' },
      ]);
      const grouped = await ok<{ key: string; children: Row[] }[]>(admin, 'GET', '/ems/api/executeems/getSiteEmsMenuNew', {
        query: { stationSn: 'T2-PV1' },
      });
      expect(grouped.map((group) => [group.key, group.children.length])).toEqual([
        ['monitor', 2],
        ['warning', 1],
      ]);
      const tree = await ok<{ key: string; checked: boolean; children: Row[] }[]>(
        admin,
        'POST',
        '/ems/api/executeemsmenu/getSiteEmsMenuTree',
        {
          payload: { stationSn: 'T2-PV1' },
        },
      );
      expect(
        tree
          .flatMap((group) => group.children)
          .filter((screen) => screen.checked)
          .map((screen) => screen.key),
      ).toEqual(['dashboard', 'video', 'warningRecord']);
      expect(tree.every((group) => group.checked === false)).toBe(true);
      // Saved again, the configuration is replaced, not added to.
      const again = await ok(admin, 'PUT', '/ems/api/executeemsmenu/siteEmsMenu', {
        payload: { stationSn: 'T2-PV1', menus: ['dashboard'] },
      });
      expect(again.id).toBe(saved.id);
      expect((await menuOf('T2-PV1')).map((screen) => screen.key)).toEqual(['dashboard']);
    });

    test('a screen the catalogue does not have, or no screen at all, is refused and changes nothing', async () => {
      const before = await menuOf('T2-ST1');
      for (const menus of [['robot'], []]) {
        const answer = await as(admin, 'PUT', '/ems/api/executeemsmenu/siteEmsMenu', { payload: { stationSn: 'T2-ST1', menus } });
        expect(answer.status).toBe(400);
      }
      expect(await menuOf('T2-ST1')).toEqual(before);
    });

    test('the stations with a configuration are the linked ones', async () => {
      await ok(admin, 'PUT', '/ems/api/executeemsmenu/siteEmsMenu', { payload: { stationSn: 'T2-EMS1', menus: ['dashboard'] } });
      const ids = await ok<number[]>(admin, 'GET', '/ems/api/executeems/getEmsStationIds');
      const linked = await ok<Row[]>(admin, 'POST', '/ems/api/executeems/getShushiLinkedStation', { payload: { linked: true } });
      expect(linked.map((site) => site.id).sort()).toEqual([...ids].sort());
      expect(linked.map((site) => site.sn)).toContain('T2-EMS1');
      const unlinked = await ok<Row[]>(admin, 'POST', '/ems/api/executeems/getShushiLinkedStation', {
        payload: { linked: false },
      });
      expect(unlinked.every((site) => site.linked === false)).toBe(true);
    });

    test.each([
      ['its own tenant', 2, 200],
      ['another tenant', 44, 403],
    ])('the execution sites of %s', async (_case, tenantId, status) => {
      const answer = await as<Page>(admin, 'POST', '/ems/api/executeems/getEmsExecuteSiteIds', {
        query: { tenantId, current: 1, size: 10 },
        payload: { stationType: 'storage' },
      });
      expect(answer.status).toBe(status);
      if (status === 200) {
        // Tenant 2's storage stations.
        expect(answer.body.data.records.map((site) => site.sn).sort()).toEqual(['T2-ST1', 'T2-ST2', 'T2-ST3']);
        expect(answer.body.data.total).toBe(3);
      }
    });
  });

  describe('EMS departments and alarm configuration', () => {
    test('departments form a tree; the station tree and lists give the stations each owns', async () => {
      const root = await ok(admin, 'POST', '/ems/api/admin/dept', { payload: { name: '测试中心', sorting: 9 } });
      const station = (await ok<Page>(admin, 'GET', '/ems/api/executeems/stationPage', { query: { sn: 'T2-ST1' } })).records[0];
      const child = await ok(admin, 'POST', '/ems/api/admin/dept', {
        payload: { name: '测试班组', parentId: root.id, stations: [{ stationId: station?.id }] },
      });
      const tree = await ok<Row[]>(admin, 'GET', '/ems/api/admin/dept/treeManager');
      const node = tree.find((n) => n.id === root.id);
      expect((node?.children as Row[]).map((n) => n.id)).toEqual([child.id]);
      const stations = await ok<Row[]>(admin, 'GET', '/ems/api/admin/deptStation/listStation', { query: { deptId: root.id } });
      expect(stations).toEqual([expect.objectContaining({ sn: 'T2-ST1', deptId: child.id, deptName: '测试班组' })]);
      const withStations = await ok<Row[]>(admin, 'GET', '/ems/api/admin/deptStation/treeStation');
      const childNode = (withStations.find((n) => n.id === root.id)?.children as Row[])[0];
      expect((childNode?.stations as Row[]).map((s) => s.sn)).toEqual(['T2-ST1']);
      // A department with departments under it stays until they go.
      expect((await as(admin, 'DELETE', `/ems/api/admin/dept/${String(root.id)}`)).status).toBe(409);
      await ok(admin, 'DELETE', `/ems/api/admin/dept/${String(child.id)}`);
      await ok(admin, 'DELETE', `/ems/api/admin/dept/${String(root.id)}`);
    });

    test('a department of another tenant is unknown', async () => {
      const [dept] = await ok<Row[]>(admin, 'GET', '/ems/api/admin/dept/treeManager');
      const answer = await as(auditor, 'GET', '/ems/api/admin/deptStation/listStation', { query: { deptId: dept?.id } });
      expect(answer.status).toBe(404);
    });

    test.each([
      [0, false],
      [1, true],
    ])('change_alarm_switcher type %s sets the alarm switch of the label to %s', async (type, opened) => {
      const [label] = await ok<Row[]>(admin, 'GET', '/ems/api/energy/energylabel/gettree/T2-ST1');
      const changed = await ok(admin, 'POST', '/ems/api/energy/energylabel/change_alarm_switcher', {
        query: { id: label?.id, type },
      });
      expect(changed).toMatchObject({ id: label?.id, alarmSwitch: opened });
    });

    test('notifiy_update takes the notice of a station of the tenant', async () => {
      const station = (await ok<Page>(admin, 'GET', '/ems/api/executeems/stationPage', { query: { sn: 'T2-EMS1' } })).records[0];
      const notice = await ok(admin, 'POST', '/ems/api/device/monitorroute/notifiy_update', {
        query: { action: 'update', parent_index: station?.id, type: 'device' },
      });
      expect(notice).toMatchObject({ action: 'update', parentIndex: station?.id, type: 'device', stationSn: 'T2-EMS1' });
      const refused = await as(admin, 'POST', '/ems/api/device/monitorroute/notifiy_update', {
        query: { action: 'delete', parent_index: station?.id, type: 'device' },
      });
      expect(refused.status).toBe(400);
    });

    test('the alarm levels and rule kinds answer the alarm configuration screens', async () => {
      expect((await ok<Row[]>(admin, 'GET', '/ems/api/device/alarmlevel/get_alarm_levels')).length).toBeGreaterThan(0);
      expect((await ok<Row[]>(admin, 'GET', '/ems/api/device/alarmlevel/alarmgeneratertype')).length).toBeGreaterThan(0);
    });
  });

  describe('asset records', () => {
    test('a defect goes from reported through processing to resolved, and no step is taken twice', async () => {
      const [asset] = (await ok<Page>(admin, 'GET', '/ems/api/device/asset/page', { query: { size: 10 } })).records;
      const defect = await ok(admin, 'POST', '/ems/api/device/defectRecord', {
        payload: { assetId: asset?.id, title: '柜门密封条老化', level: 'general', foundTime: '2026-11-20T03:00:00.000Z' },
      });
      expect(defect.status).toBe('reported');
      const base = `/ems/api/device/defectRecord/${String(defect.id)}`;
      expect((await ok(admin, 'PUT', `${base}/start`, { payload: {} })).status).toBe('processing');
      const resolved = await ok(admin, 'PUT', `${base}/resolve`, { payload: { handleResult: '已更换密封条' } });
      expect(resolved).toMatchObject({ status: 'resolved', handleResult: '已更换密封条' });
      expect((await as(admin, 'PUT', `${base}/start`, { payload: {} })).status).toBe(409);
    });

    test('deleting an asset deletes its defect records, operation records and documents', async () => {
      const [station] = (await ok<Page>(admin, 'GET', '/ems/api/executeems/stationPage', { query: { sn: 'T2-ST1' } })).records;
      const asset = await ok(admin, 'POST', '/ems/api/device/asset', {
        payload: { name: '备用 PCS', code: 'ZC-TEST-DEL', stationId: station?.id, category: 'pcs', status: 'idle' },
      });
      const operation = await ok(admin, 'POST', '/ems/api/device/operationRecord', {
        payload: { assetId: asset.id, operationType: 'test', operateTime: '2026-11-20T03:00:00.000Z', content: '空载试验' },
      });
      await ok(admin, 'DELETE', `/ems/api/device/asset/${String(asset.id)}`);
      expect((await as(admin, 'GET', `/ems/api/device/operationRecord/${String(operation.id)}`)).status).toBe(404);
    });
  });
});
