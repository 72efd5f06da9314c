import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import type { RJSFSchema } from '@rjsf/utils';
import schema from '../../generated/widgets/camera.json';
import type { Camera, CaptureRecord } from '../../generated/types';
import { completeConfig, type SlotState } from '../../runtime/dashboard';
import { camera } from '../../widgets/camera';
import { WidgetStory } from '../WidgetStory';

const config = (values: Record<string, unknown>) => completeConfig(schema as RJSFSchema, values);

/** The cameras of the demo's storage station, as `listIpcByStationSn` answers them (by channel). */
const CAMERAS: Camera[] = [
  {
    id: 1,
    name: '1 号球机',
    groupId: 1,
    groupName: '储能示范站监控平台',
    stationId: 1,
    stationName: '储能示范站',
    serialNo: 'IPC2001',
    channelNo: 1,
    streamUrl: 'rtsp://192.168.10.20:554/Streaming/Channels/101',
    ptz: true,
    location: '站区大门',
    enabled: true,
  },
  {
    id: 2,
    name: '2 号枪机',
    groupId: 1,
    groupName: '储能示范站监控平台',
    stationId: 1,
    stationName: '储能示范站',
    serialNo: 'IPC2002',
    channelNo: 2,
    streamUrl: 'rtsp://192.168.10.20:554/Streaming/Channels/201',
    ptz: false,
    location: '围栏东侧',
    enabled: true,
  },
];

const capture = (id: number, cameraId: number, captureTime: string): CaptureRecord => ({
  id,
  cameraId,
  cameraName: cameraId === 1 ? '1 号球机' : '2 号枪机',
  stationId: 1,
  stationName: '储能示范站',
  bucketName: 'tenant-2',
  fileName: `Qm9vaw${id}capture.jpg`,
  originalFilename: `IPC200${cameraId}_${id}.jpg`,
  url: `/admin/sys-file/tenant-2/Qm9vaw${id}capture.jpg`,
  userName: '系统管理员',
  captureTime,
});

/** The answer of listCaptureRecordByStationSn for the station: newest first, of both cameras. */
const CAPTURES = {
  records: [
    capture(9, 2, '2026-11-21T06:25:00.000Z'),
    capture(8, 1, '2026-11-21T06:18:00.000Z'),
    capture(7, 1, '2026-11-21T03:30:00.000Z'),
    capture(6, 1, '2026-11-20T04:30:00.000Z'),
  ],
  total: 4,
  current: 1,
  size: 50,
};
const answers = (cameras: Camera[], captures: unknown): Record<string, SlotState> => ({
  cameras: { status: 'ready', data: cameras },
  captures: { status: 'ready', data: captures },
});

const meta = {
  title: 'Widgets/camera',
  component: WidgetStory,
  args: {
    definition: camera,
    config: config({}),
    data: answers(CAMERAS, CAPTURES),
    lng: 'zh',
    theme: 'default',
  },
} satisfies Meta<typeof WidgetStory>;
export default meta;
type Story = StoryObj<typeof meta>;

interface Texts {
  enabled: string;
  location: string;
  picture: string;
  captured: string;
  show: string;
  ptz: string;
  up: string;
  zoomIn: string;
}

/**
 * The station's first camera with its state, place and stream address; its latest picture (not
 * the other camera's newer one) resized by the files route, with the time in the station's zone
 * and who captured it; its three captures to pick from; and the PTZ pad.
 */
const showsCamera =
  (texts: Texts) =>
  async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('1 号球机')).toBeInTheDocument();
    await expect(canvas.getByText(texts.enabled)).toBeInTheDocument();
    await expect(canvas.getByText(texts.location)).toBeInTheDocument();
    await expect(canvas.getByText('rtsp://192.168.10.20:554/Streaming/Channels/101')).toBeInTheDocument();
    const latest = canvas.getByRole('img', { name: texts.picture });
    await expect(latest).toHaveAttribute('src', '/admin/sys-file/tenant-2/Qm9vaw8capture.jpg?size=640');
    await expect(canvas.getByText(texts.captured)).toBeInTheDocument();
    await expect(canvas.getAllByRole('button', { name: new RegExp(texts.show) })).toHaveLength(3);
    const pad = canvas.getByRole('group', { name: texts.ptz });
    await expect(within(pad).getByRole('button', { name: texts.up })).toBeEnabled();
    await expect(within(pad).getByRole('button', { name: texts.zoomIn })).toBeEnabled();
  };

const ZH: Texts = {
  enabled: '已启用',
  location: '安装位置: 站区大门',
  picture: '1 号球机 2026-11-21 14:18:00 抓拍画面',
  captured: '系统管理员 抓拍于 2026-11-21 14:18:00',
  show: '^查看 ',
  ptz: '云台控制',
  up: '上',
  zoomIn: '放大',
};
const EN: Texts = {
  enabled: 'Enabled',
  location: 'Location: 站区大门',
  picture: 'Capture of 1 号球机 at 2026-11-21 14:18:00',
  captured: 'Captured 2026-11-21 14:18:00 by 系统管理员',
  show: '^Show the capture of ',
  ptz: 'PTZ control',
  up: 'Up',
  zoomIn: 'Zoom in',
};

export const CameraZhDefault: Story = { play: showsCamera(ZH) };
export const CameraZhDark: Story = { args: { theme: 'dark' }, play: showsCamera(ZH) };
export const CameraEnDefault: Story = { args: { lng: 'en' }, play: showsCamera(EN) };
export const CameraEnDark: Story = { args: { lng: 'en', theme: 'dark' }, play: showsCamera(EN) };

/** A chosen fixed camera: no PTZ pad, and its own latest picture. */
export const FixedCamera: Story = {
  args: {
    lng: 'en',
    config: config({ cameraId: 2, thumbnails: 0 }),
    data: answers(CAMERAS, { ...CAPTURES, records: CAPTURES.records.slice(0, 1), total: 1, size: 10 }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('2 号枪机')).toBeInTheDocument();
    await expect(canvas.getByText('Fixed')).toBeInTheDocument();
    await expect(canvas.getByRole('img', { name: 'Capture of 2 号枪机 at 2026-11-21 14:25:00' })).toBeInTheDocument();
    await expect(canvas.queryByRole('group', { name: 'PTZ control' })).toBeNull();
  },
};

/** In edit mode the pad is shown but cannot move the camera. */
export const Editing: Story = {
  args: { lng: 'en', editing: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Up' })).toBeDisabled();
  },
};

/** A station without cameras says so. */
export const Empty: Story = {
  args: { lng: 'en', data: answers([], { records: [], total: 0, current: 1, size: 50 }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('This station has no cameras')).toBeInTheDocument();
  },
};

/** A camera that has captured nothing yet shows its details and says it has no picture. */
export const NoCapture: Story = {
  args: { lng: 'zh', data: answers(CAMERAS, { records: [], total: 0, current: 1, size: 50 }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('1 号球机')).toBeInTheDocument();
    await expect(canvas.getByText('该摄像头暂无抓拍图片')).toBeInTheDocument();
  },
};

/** A failed answer shows this widget's error state with the server's message. */
export const Failed: Story = {
  args: {
    lng: 'en',
    data: {
      cameras: { status: 'error', code: 40400, message: 'Not found' },
      captures: { status: 'ready', data: CAPTURES },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Not found');
  },
};
