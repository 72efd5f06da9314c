import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { Camera, CaptureRecord } from '../../generated/types';
import schema from '../../generated/widgets/camera.json';
import { AppProviders, createAnalytics, createNotifier, createPreferenceStore, i18nFor, type Api } from '../../runtime';
import { configDefaults, type SlotState } from '../../runtime/dashboard';
import { camera } from '.';
import {
  cameraShown,
  capturedText,
  emptyText,
  isPressKey,
  noCaptureText,
  pictureSource,
  PTZ,
  PTZ_PAD,
  ptzCall,
  ptzText,
  thumbnailCount,
  type CameraConfig,
  type Translate,
} from './rules';

/** The widget's translate function in a language, as the view builds it. */
const translateIn =
  (lng: 'en' | 'zh'): Translate =>
  (key, params) =>
    i18nFor(lng).t(key, params ?? {});

const context = {
  station: { sn: 'T2-ST1', name: '张江储能电站', timeZone: 'Asia/Shanghai', fields: {} },
  now: Date.parse('2026-11-21T06:30:00Z'),
};
const DEFAULTS: CameraConfig = { title: '摄像头', cameraId: 0, thumbnails: 3 };

const DOME: Camera = {
  id: 7,
  name: '1 号球机',
  groupId: 1,
  stationId: 1,
  serialNo: 'IPC2001',
  channelNo: 1,
  streamUrl: 'rtsp://192.168.10.20:554/Streaming/Channels/101',
  ptz: true,
  location: '站区大门',
  enabled: true,
};
const FIXED: Camera = { ...DOME, id: 8, name: '2 号枪机', channelNo: 2, ptz: false, location: '围栏东侧' };
const capture = (id: number, cameraId: number, captureTime: string): CaptureRecord => ({
  id,
  cameraId,
  stationId: 1,
  bucketName: 'tenant-2',
  fileName: `capture${String(id).padStart(4, '0')}.jpg`,
  url: `/admin/sys-file/tenant-2/capture${String(id).padStart(4, '0')}.jpg`,
  userName: '系统管理员',
  captureTime,
});
const page = (records: CaptureRecord[]) => ({ records, total: records.length, current: 1, size: 10 });
const ready = (cameras: Camera[], records: CaptureRecord[]): Record<string, SlotState> => ({
  cameras: { status: 'ready', data: cameras },
  captures: { status: 'ready', data: page(records) },
});

describe('camera widget (specification §2, §7 Cameras)', () => {
  test('title 摄像头, the station’s first camera and 3 earlier captures by default', () => {
    expect(configDefaults(schema as never)).toEqual(DEFAULTS);
  });

  test.each([
    [
      'the first camera: the station’s cameras and its latest 50 captures',
      DEFAULTS,
      { stationSn: 'T2-ST1', current: '1', size: '50' },
    ],
    [
      'a chosen camera: its own latest page of 10',
      { ...DEFAULTS, cameraId: 8 },
      { stationSn: 'T2-ST1', ipcId: '8', current: '1', size: '10' },
    ],
  ])('%s', (_case, config, captures) => {
    expect(camera.needs(config, context)).toEqual({
      cameras: { operationId: 'listIpcByStationSn', query: { stationSn: 'T2-ST1' } },
      captures: { operationId: 'listCaptureRecordByStationSn', query: captures },
    });
  });

  test.each([
    [0, 0],
    [3, 3],
    [9, 9],
    [12, 9],
    [-1, 0],
    [undefined, 3],
  ])('%s thumbnails asked shows %s', (thumbnails, shown) => {
    expect(thumbnailCount({ thumbnails } as never)).toBe(shown);
  });

  const captures = [
    capture(5, 8, '2026-11-21T06:20:00.000Z'),
    capture(4, 7, '2026-11-21T06:10:00.000Z'),
    capture(3, 7, '2026-11-21T02:10:00.000Z'),
    capture(2, 7, '2026-11-20T02:10:00.000Z'),
    capture(1, 7, '2026-11-19T02:10:00.000Z'),
  ];

  test.each([
    ['while an answer is missing', DEFAULTS, { cameras: { status: 'loading' } } as Record<string, SlotState>, undefined],
    ['a station without cameras', DEFAULTS, ready([], []), { kind: 'noCameras' }],
    ['a chosen camera that is not the station’s', { ...DEFAULTS, cameraId: 99 }, ready([DOME, FIXED], []), { kind: 'missing' }],
    [
      'the first camera, with its own captures among the station’s (1 + 2 thumbnails)',
      { ...DEFAULTS, thumbnails: 2 },
      ready([DOME, FIXED], captures),
      { kind: 'camera', camera: DOME, captures: captures.slice(1, 4) },
    ],
    [
      'the first camera, none of whose captures is among a full page of the station’s',
      DEFAULTS,
      ready(
        [DOME, FIXED],
        Array.from({ length: 50 }, (_, index) => capture(100 - index, 8, '2026-11-21T06:20:00.000Z')),
      ),
      { kind: 'camera', camera: DOME, captures: [], window: 50 },
    ],
    [
      'an enabled camera before a disabled one',
      DEFAULTS,
      ready([{ ...DOME, enabled: false }, FIXED], captures),
      { kind: 'camera', camera: FIXED, captures: captures.slice(0, 1) },
    ],
    [
      'a chosen camera without captures',
      { ...DEFAULTS, cameraId: 8 },
      ready([DOME, FIXED], []),
      { kind: 'camera', camera: FIXED, captures: [] },
    ],
  ] as const)('%s', (_case, config, data, shown) => {
    expect(cameraShown(config, data)).toEqual(shown);
  });

  test.each([
    ['en', { kind: 'noCameras' }, 'This station has no cameras'],
    ['zh', { kind: 'noCameras' }, '该站点没有摄像头'],
    ['en', { kind: 'missing' }, "The chosen camera is not one of this station's: choose another"],
    ['zh', { kind: 'missing' }, '所选摄像头不属于该站点，请重新选择'],
    ['en', { kind: 'camera', camera: DOME, captures: [] }, false],
  ] as const)('in %s the widget shown as %o reads %j', (lng, shown, text) => {
    expect(emptyText(translateIn(lng), shown)).toBe(text);
  });

  test.each([
    ['en', undefined, 'No picture has been captured from this camera yet'],
    ['zh', undefined, '该摄像头暂无抓拍图片'],
    ['en', 50, "None of the station's latest 50 captures is from this camera"],
    ['zh', 50, '站点最近 50 张抓拍中没有该摄像头的图片'],
  ] as const)('in %s a camera without a picture (window %s) reads %j', (lng, window, text) => {
    expect(noCaptureText(translateIn(lng), window)).toBe(text);
  });

  test.each([
    ['en', '系统管理员', 'Captured 2026-11-21 14:10:00 by 系统管理员'],
    ['zh', '系统管理员', '系统管理员 抓拍于 2026-11-21 14:10:00'],
    ['en', undefined, 'Captured 2026-11-21 14:10:00'],
  ] as const)('in %s a capture by %s reads %j, in the station’s zone', (lng, userName, text) => {
    expect(capturedText(translateIn(lng), { captureTime: '2026-11-21T06:10:00.000Z', userName }, 'Asia/Shanghai')).toBe(text);
  });

  test.each([
    ['/admin/sys-file/tenant-2/capture0004.jpg', 640, '/admin/sys-file/tenant-2/capture0004.jpg?size=640'],
    ['/admin/sys-file/tenant-2/capture0004.jpg', 96, '/admin/sys-file/tenant-2/capture0004.jpg?size=96'],
    ['https://example.com/a.jpg', 640, undefined],
    ['javascript:alert(1)', 640, undefined],
    ['/admin/sys-file/tenant-2/../../etc/passwd', 640, undefined],
    [undefined, 640, undefined],
  ])('the capture at %j is shown from %j (size %s)', (url, size, src) => {
    expect(pictureSource(url, size)).toBe(src);
  });

  test('the pad holds the eight directions of the contract around an empty middle', () => {
    expect(PTZ_PAD).toEqual([
      [4, 0, 6],
      [2, null, 3],
      [5, 1, 7],
    ]);
  });

  test.each([
    [PTZ.up, 'start', 'ptzStart', 0],
    [PTZ.up, 'stop', 'ptzStop', 0],
    [PTZ.right, 'start', 'ptzStart', 3],
    [PTZ.downLeft, 'start', 'ptzStart', 5],
    [PTZ.zoomIn, 'start', 'ptzStart', 8],
    [PTZ.zoomOut, 'stop', 'ptzStop', 9],
  ] as const)('direction %s on %s sends %s with x = %s', (direction, phase, operationId, x) => {
    expect(ptzCall(7, direction, phase)).toEqual({ operationId, params: { id: 7, x } });
  });

  test.each([
    ['Enter', true],
    [' ', true],
    ['a', false],
    ['Tab', false],
  ])('the key %j presses a pad button: %s', (key, presses) => {
    expect(isPressKey(key)).toBe(presses);
  });

  test.each([
    ['en', { status: 'idle' }, undefined],
    ['en', { status: 'moving', direction: 0 }, 'Moving: Up'],
    ['en', { status: 'stopped', direction: 8 }, 'Stopped: Zoom in'],
    ['en', { status: 'failed', direction: 2, message: 'The camera has no PTZ' }, 'Left failed: The camera has no PTZ'],
    ['zh', { status: 'moving', direction: 9 }, '正在转动：缩小'],
  ] as const)('in %s the pad after %o reads %j', (lng, state, text) => {
    expect(ptzText(translateIn(lng), state)).toBe(text);
  });

  test.each([
    [{ name: '大门监控', cameraId: '7' }, 1, { title: '大门监控', cameraId: 7 }],
    [{ title: '摄像头', cameraId: 7, thumbnails: '2' }, 1, { title: '摄像头', cameraId: 7, thumbnails: 2 }],
    [{ title: '摄像头', cameraId: 7 }, 2, { title: '摄像头', cameraId: 7 }],
  ])('the configuration %o of format %s is %o now', (config, fromVersion, migrated) => {
    expect(camera.migrate(config, fromVersion)).toEqual(migrated);
  });
});

describe('the camera widget as shown', () => {
  afterEach(() => cleanup());

  /** The widget in English showing the given answers, with an API whose calls `answer` answers. */
  function renderCamera(data: Record<string, SlotState>, answer: (id: string) => Promise<unknown>, editing = false) {
    const call = vi.fn((id: string, _input?: unknown, _options?: unknown) => answer(id));
    const memory = new Map<string, string>();
    const runtime = {
      api: { call, callDynamic: call } as unknown as Api,
      preferences: createPreferenceStore(
        { language: 'en', theme: 'default' },
        {
          getItem: (key: string) => memory.get(key) ?? null,
          setItem: (key: string, value: string) => void memory.set(key, value),
        },
      ),
      notifier: createNotifier(),
      analytics: createAnalytics(undefined),
    };
    const view = createElement(camera.View, {
      id: 'w1',
      config: DEFAULTS,
      data,
      context,
      editing,
      actions: { refresh: vi.fn(), navigate: vi.fn() },
    });
    const rendered = render(createElement(AppProviders, { runtime, children: view }));
    return { call, rendered };
  }
  const captures = [capture(4, 7, '2026-11-21T06:10:00.000Z'), capture(3, 7, '2026-11-21T02:10:00.000Z')];
  const moved = (id: string) => Promise.resolve({ id: 1, cameraId: 7, direction: 0, commandType: id });

  test('shows the camera, its stream address, its latest picture resized by the files route, and the earlier ones', () => {
    renderCamera(ready([DOME, FIXED], captures), moved);
    expect(screen.getByText('1 号球机')).toBeTruthy();
    expect(screen.getByText('Enabled')).toBeTruthy();
    expect(screen.getByText('Location: 站区大门')).toBeTruthy();
    expect(screen.getByText(DOME.streamUrl ?? '')).toBeTruthy();
    const latest = screen.getByRole('img', { name: 'Capture of 1 号球机 at 2026-11-21 14:10:00' });
    expect(latest.getAttribute('src')).toBe('/admin/sys-file/tenant-2/capture0004.jpg?size=640');
    expect(screen.getByText('Captured 2026-11-21 14:10:00 by 系统管理员')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show the capture of 2026-11-21 10:10:00' }));
    expect(screen.getByRole('img', { name: 'Capture of 1 号球机 at 2026-11-21 10:10:00' })).toBeTruthy();
  });

  test('pressing a direction sends ptzStart with its code, releasing it sends ptzStop', async () => {
    const { call } = renderCamera(ready([DOME], captures), moved);
    const pad = screen.getByRole('group', { name: 'PTZ control' });
    fireEvent.pointerDown(within(pad).getByRole('button', { name: 'Up' }));
    await waitFor(() => expect(within(pad).getByRole('status').textContent).toBe('Moving: Up'));
    fireEvent.pointerUp(within(pad).getByRole('button', { name: 'Up' }));
    await waitFor(() => expect(within(pad).getByRole('status').textContent).toBe('Stopped: Up'));
    expect(call.mock.calls).toEqual([
      ['ptzStart', { params: { id: 7, x: 0 } }, { silent: true }],
      ['ptzStop', { params: { id: 7, x: 0 } }, { silent: true }],
    ]);
  });

  test('Enter or Space held on zoom in sends ptzStart 8 once, and its release ptzStop 8', async () => {
    const { call } = renderCamera(ready([DOME], captures), moved);
    const zoomIn = screen.getByRole('button', { name: 'Zoom in' });
    fireEvent.keyDown(zoomIn, { key: 'Enter' });
    fireEvent.keyDown(zoomIn, { key: 'Enter', repeat: true });
    fireEvent.keyUp(zoomIn, { key: 'Enter' });
    const zoomOut = screen.getByRole('button', { name: 'Zoom out' });
    fireEvent.keyDown(zoomOut, { key: ' ' });
    fireEvent.keyUp(zoomOut, { key: ' ' });
    await waitFor(() => expect(call).toHaveBeenCalledTimes(4));
    expect(call.mock.calls.map(([id, input]) => [id, (input as { params: unknown }).params])).toEqual([
      ['ptzStart', { id: 7, x: 8 }],
      ['ptzStop', { id: 7, x: 8 }],
      ['ptzStart', { id: 7, x: 9 }],
      ['ptzStop', { id: 7, x: 9 }],
    ]);
  });

  test('a refused command shows its error under the pad', async () => {
    renderCamera(ready([DOME], captures), () => Promise.reject(new Error('The camera has no PTZ')));
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Left' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Left failed: The camera has no PTZ'));
  });

  test('a fixed camera has no pad; in edit mode the pad sends nothing', async () => {
    const fixed = renderCamera(ready([FIXED], []), moved);
    expect(screen.queryByRole('group', { name: 'PTZ control' })).toBeNull();
    expect(screen.getByText('Fixed')).toBeTruthy();
    expect(screen.getByText('No picture has been captured from this camera yet')).toBeTruthy();
    fixed.rendered.unmount();
    const { call } = renderCamera(ready([DOME], captures), moved, true);
    const up = screen.getByRole('button', { name: 'Up' });
    expect(up).toHaveProperty('disabled', true);
    await act(async () => {
      fireEvent.pointerDown(up);
      fireEvent.pointerUp(up);
      await Promise.resolve();
    });
    expect(call).not.toHaveBeenCalled();
  });
});
